// What the PHI guard's two list builds share (build-phi-lists.ts, build-phi-names.ts): where
// the hand lists are, where to write, how a source is recorded and its version read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '..');
const PHI = join(REPO, 'src', 'main', 'core', 'phi');

/** A source a list is built from, as the built file records it. */
export interface Source {
  name: string;
  version: string;
  licence: string;
  used: string;
}

/** Where to write: the shipped file, or `--out PATH` (the tests that it is rebuilt unchanged). */
export function outputPath(shipped: string): string {
  const at = process.argv.indexOf('--out');
  return at >= 0 ? process.argv[at + 1]! : join(PHI, shipped);
}

/** An installed package's version, from its manifest (not every package exports it). */
export function packageVersion(name: string): string {
  const manifest = JSON.parse(
    readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/** A hand list's lines (src/main/core/phi/lists), less what a '#' starts. */
export function handLines(file: string): string[] {
  return readFileSync(join(PHI, 'lists', file), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, ''));
}

export const sorted = (words: Iterable<string>) => [...new Set(words)].sort();
