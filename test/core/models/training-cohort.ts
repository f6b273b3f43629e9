/**
 * Finds the cohort the shipped bundle was trained on, as a private copy, so tests can
 * check the runtime's own encoding and the eval command against the PyTorch figures.
 * Candidates, in order: $TOE_TRAINING_DB, the store named in the manifest's invocation
 * (`--db`), then a freshly generated demo cohort of the recorded size and seed. A candidate
 * counts only if its training content hash equals the manifest's; otherwise the caller
 * skips with the returned reason (the demo generator may have changed since training).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import { readManifest, trainingContentHash } from '../../../src/main/core/models';
import { Store } from '../../../src/main/core/store';

export const BUNDLE_DIR = fileURLToPath(new URL('../../../resources/models/E1', import.meta.url));

export type TrainingCohort =
  | { found: true; store: Store; dbPath: string; cohortId: number; dispose: () => void }
  | { found: false; reason: string; dispose: () => void };

function argAfter(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

export async function findTrainingCohort(): Promise<TrainingCohort> {
  const manifest = readManifest(BUNDLE_DIR);
  // Provenance fields the runtime's schema does not keep: read from the file itself.
  const raw = JSON.parse(readFileSync(join(BUNDLE_DIR, 'manifest.json'), 'utf8')) as {
    invocation?: string[];
    seed?: number;
    training: { source?: string; splits?: Record<string, { stays: number }> };
  };
  const cohortName = manifest.training.cohort;
  const want = manifest.training.contentSha256;
  const dir = mkdtempSync(join(tmpdir(), 'toe-training-cohort-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const tried: string[] = [];
  const candidates = [process.env.TOE_TRAINING_DB, argAfter(raw.invocation ?? [], '--db')];
  for (const [i, source] of candidates.entries()) {
    if (!source || !existsSync(source)) continue;
    // A consistent private copy: the runtime caches embeddings in the store it reads, and
    // someone else's store must not change under their feet.
    const dbPath = join(dir, `candidate-${i}.sqlite`);
    const original = new Database(source, { readonly: true, fileMustExist: true });
    original.prepare('VACUUM INTO ?').run(dbPath);
    original.close();
    const store = new Store(dbPath);
    const cohortId = store.findCohortId(cohortName);
    const hash = cohortId === null ? null : trainingContentHash(store, cohortId, manifest.task);
    if (cohortId !== null && hash === want) {
      return { found: true, store, dbPath, cohortId, dispose: () => (store.close(), dispose()) };
    }
    store.close();
    tried.push(
      `${source}: ${hash === null ? `no cohort "${cohortName}"` : `content hash ${hash.slice(0, 12)}…`}`,
    );
  }
  const stays = Object.values(raw.training.splits ?? {}).reduce((n, s) => n + s.stays, 0);
  if (raw.training.source === 'demo' && manifest.training.maxStays == null && stays > 0) {
    const dbPath = join(dir, 'generated.sqlite');
    const store = new Store(dbPath);
    const options = { name: cohortName, stays, seed: raw.seed ?? 7, spurious: false };
    await createDemoCohort(store, options, {});
    const cohortId = store.resolveCohort(cohortName);
    const hash = trainingContentHash(store, cohortId, manifest.task);
    if (hash === want) {
      return { found: true, store, dbPath, cohortId, dispose: () => (store.close(), dispose()) };
    }
    store.close();
    tried.push(`a regenerated demo cohort (${stays} stays): content hash ${hash.slice(0, 12)}…`);
  }
  return {
    found: false,
    reason: `no store holds the bundle's training cohort (content hash ${want.slice(0, 12)}…; tried ${tried.join('; ') || 'nothing'}). Retrain the bundle on the current demo cohort, or set TOE_TRAINING_DB.`,
    dispose,
  };
}
