/**
 * Regenerates what the README shows of the main job, so it cannot go stale: runs `toe demo`
 * on a fresh store (timed with /usr/bin/time for wall clock and peak memory), runs it again
 * to time the rerun, then rewrites the README's sample output and timing sentence and
 * docs/images/audit-report-page1.png from that very run. test/cli/demo.test.ts checks the
 * README's figure lines against `toe demo`. Usage: npm run readme
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pagePng } from '../src/main/core/report/page-png';

const REPO = resolve(import.meta.dirname, '..');
const README = join(REPO, 'README.md');
const PAGE_ONE = join(REPO, 'docs/images/audit-report-page1.png');

interface TimedDemo {
  stdout: string;
  seconds: number;
  peakMegabytes: number;
}

function timedDemo(folder: string): TimedDemo {
  const toe = join(REPO, 'bin/toe.mjs');
  const result = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'TIMED %e %M',
      process.execPath,
      '--single-threaded-gc',
      toe,
      '--db',
      'store.sqlite',
      'demo',
    ],
    { cwd: folder, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const timed = /TIMED ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !timed) {
    throw new Error(`toe demo failed (exit ${result.status}):\n${result.stderr}`);
  }
  return {
    stdout: result.stdout,
    seconds: Number(timed[1]),
    peakMegabytes: Number(timed[2]) / 1024,
  };
}

const folder = mkdtempSync(join(tmpdir(), 'toe-readme-'));
try {
  const fresh = timedDemo(folder);
  const again = timedDemo(folder);
  // Machine-specific lines (the store, the time taken) stay out; the report path is shortened.
  const sample = fresh.stdout
    .split('\n')
    .filter((line) => line !== '' && !/^ {2}(store|done in):? /.test(line))
    .map((line) => line.replaceAll(`${folder}/`, ''))
    .join('\n');
  let readme = readFileSync(README, 'utf8');
  const block = /(It printed[^:]*:\n\n```\n)[\s\S]*?(```)/;
  if (!block.test(readme)) throw new Error('README.md has no sample output after "It printed…:"');
  readme = readme.replace(
    block,
    (_all, open: string, close: string) => `${open}${sample}\n${close}`,
  );
  const timing =
    /a fresh\nstore took [\d.]+ s wall clock \(`\/usr\/bin\/time`; \d+ MB peak memory\); run again, it reuses the\ncompleted audits and takes about [\d.]+ s/;
  if (!timing.test(readme))
    throw new Error('README.md lost its timing sentence; update this script');
  readme = readme.replace(
    timing,
    `a fresh\nstore took ${fresh.seconds.toFixed(1)} s wall clock (\`/usr/bin/time\`; ${Math.round(fresh.peakMegabytes)} MB peak memory); run again, it reuses the\ncompleted audits and takes about ${Math.round(again.seconds)} s`,
  );
  writeFileSync(README, readme);
  writeFileSync(PAGE_ONE, await pagePng(readFileSync(join(folder, 'demo-audit.pdf')), 1, 745));
  process.stdout.write(
    `README.md and ${PAGE_ONE} regenerated: fresh ${fresh.seconds.toFixed(1)} s, ${Math.round(fresh.peakMegabytes)} MB; rerun ${again.seconds.toFixed(1)} s.\n`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
