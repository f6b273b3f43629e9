// `toe store check` and `toe store backup` as a user runs them: on a store another program
// is writing (a second connection holding a write transaction, and a running `toe serve`),
// and on a damaged copy, which every command names plainly.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCohort } from '../../src/main/core/import/demo';
import { Store } from '../../src/main/core/store';
import { defaultRendererDir, isBuiltRenderer } from '../../src/main/server/renderer-dir';
import { copyStore } from '../support/audit-runs';
import { runToe } from '../support/run-toe';

const TOE = fileURLToPath(new URL('../../bin/toe.mjs', import.meta.url));

let root = '';
let storePath = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toe-store-cli-'));
  storePath = join(root, 'store.sqlite');
  const store = new Store(storePath);
  await createDemoCohort(store, { name: 'demo', stays: 200, seed: 5, spurious: false }, {});
  store.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('toe store on a store in use', () => {
  it('checks and backs up while another connection holds a write transaction', () => {
    const writer = new Database(storePath);
    writer.exec('BEGIN IMMEDIATE');
    writer.prepare("UPDATE cohorts SET description = 'changing' WHERE name = 'demo'").run();
    try {
      const check = runToe(['store', 'check'], storePath);
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
      expect(check.stdout).toMatch(/^Store .*store\.sqlite \(\d+\.\d MB, schema \d+ of \d+\)/);
      expect(check.stdout).toMatch(/ok {4}SQLite integrity check/);
      expect(check.stdout).toMatch(/No problems found\.\n$/);

      const target = join(root, 'backup.sqlite');
      const backup = runToe(['store', 'backup', target], storePath);
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(
        /^Backed up .*store\.sqlite to .*backup\.sqlite \(\d+\.\d MB\)\./,
      );
      expect(backup.stdout).toMatch(/The copy passes SQLite integrity_check\./);

      const json = runToe(['--json', 'store', 'check'], target);
      expect(json.status).toBe(0);
      const report = JSON.parse(json.stdout) as { ok: boolean; counts: { stays: number } };
      expect(report).toMatchObject({ ok: true, counts: { stays: 200 } });
      // The backup holds what was committed, not the transaction still open.
      const copy = new Database(target, { readonly: true });
      const { description } = copy.prepare('SELECT description FROM cohorts').get() as {
        description: string;
      };
      copy.close();
      expect(description).toMatch(/SYNTHETIC demo cohort/);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it.runIf(isBuiltRenderer(defaultRendererDir()))(
    'checks and backs up the store of a running toe serve',
    async () => {
      const child = spawn(process.execPath, [TOE, '--db', storePath, 'serve', '--port', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        await new Promise<void>((resolve, reject) => {
          let stdout = '';
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            if (/Open http:\/\/\S+/.test(stdout)) resolve();
          });
          child.on('exit', () => reject(new Error(`serve exited early: ${stdout}`)));
        });
        expect(runToe(['store', 'check'], storePath).status).toBe(0);
        const target = join(root, 'while-serving.sqlite');
        expect(runToe(['store', 'backup', target], storePath).status).toBe(0);
        expect(runToe(['store', 'check'], target).status).toBe(0);
      } finally {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  );
});

describe('toe on a damaged store', () => {
  it('names the file and what to do, from toe cohorts and from toe store check', () => {
    const damaged = join(root, 'damaged.sqlite');
    copyStore(storePath, damaged);
    const bytes = readFileSync(damaged);
    const middle = Math.floor(bytes.length / 2 / 4096) * 4096;
    bytes.fill(0x55, middle, middle + 65536);
    writeFileSync(damaged, bytes);

    const plain = new RegExp(
      `^toe: The store ${damaged} is damaged \\(SQLite: [^\\n]+\\)\\. Run \`toe store check --db ${damaged}\` for details; restore it from a backup \\(docs/store\\.md\\)\\.\\n$`,
    );
    const cohorts = runToe(['cohorts'], damaged);
    expect(cohorts.status).toBe(6);
    expect(cohorts.stdout).toBe('');
    expect(cohorts.stderr).toMatch(plain);

    const check = runToe(['store', 'check'], damaged);
    expect(check.status).toBe(6);
    expect(check.stdout).toMatch(/FAIL {2}SQLite integrity check\n {10}\S/);
    expect(check.stderr).toBe(
      `toe: The store ${damaged} is damaged: ${(check.stdout.match(/^ {2}FAIL/gm) ?? []).length} of ${(check.stdout.match(/^ {2}(ok {2}|FAIL)/gm) ?? []).length} checks found problems (above). Restore it from a backup (docs/store.md); \`toe store backup\` first keeps a copy of what is left.\n`,
    );
  });

  it('refuses an empty file instead of making a new store in its place', () => {
    const empty = join(root, 'empty.sqlite');
    writeFileSync(empty, '');
    const result = runToe(['cohorts'], empty);
    expect(result.status).toBe(6);
    expect(result.stderr).toBe(
      `toe: The store ${empty} is empty (0 bytes): not a ToE Audit store. Move it away or pass another --db.\n`,
    );
    expect(statSync(empty).size).toBe(0);
  });
});
