// Runs one of the PHI guard's list builds (scripts/build-phi-*.ts) into a temporary folder
// and returns what it wrote beside what ships, so a test can check the lists are rebuilt
// unchanged. The build never writes where the app keeps its data.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export function rebuildPhiList(
  script: string,
  shipped: URL,
): { status: number | null; stderr: string; built: string; shipped: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toe-phi-list-'));
  try {
    const out = join(dir, basename(shipped.pathname));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--out', out], {
      encoding: 'utf8',
    });
    return {
      status: run.status,
      stderr: run.stderr,
      built: run.status === 0 ? readFileSync(out, 'utf8') : '',
      shipped: readFileSync(shipped, 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
