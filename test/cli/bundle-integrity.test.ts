/**
 * A copy of the shipped E1 bundle whose manifest was edited by hand (the decision threshold,
 * a standardisation mean) is refused by every command that loads a bundle, with exit code 3,
 * naming manifest.json, the field and both values; `toe models list` no longer calls it
 * verified; `toe models sign` signs a bundle made before manifests were signed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_FILE } from '../../src/main/core/models';
import { BUNDLE_DIR } from '../core/models/training-cohort';
import { demoStore } from '../support/audit-runs';
import { runToe } from '../support/run-toe';

type Json = Record<string, unknown>;

describe('a bundle whose manifest was edited', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, { TOE_EXECUTION_PROVIDER: 'cpu' });

  /** A copy of the shipped E1 bundle, in a folder of its own, with its manifest edited. */
  function editedCopy(edit: (m: Json) => void): string {
    const dir = join(mkdtempSync(join(demo.dir, 'bundles-')), 'E1');
    cpSync(BUNDLE_DIR, dir, { recursive: true });
    const path = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Json;
    edit(manifest);
    writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
    return dir;
  }

  beforeAll(async () => {
    demo = await demoStore(300);
  }, 120_000);
  afterAll(() => demo.dispose());

  it('is refused by toe audit, models eval, calibrate and evaluate, naming the field', () => {
    const threshold = editedCopy((m) => (m.decisionThreshold = 0.05));
    const said = 'decisionThreshold is 0.05, the bundle was signed with 0.5';
    for (const args of [
      ['audit', '--cohort', 'demo', '--task', 'E1', '--split', 'test', '--bundle', threshold],
      ['models', 'eval', '--task', 'E1', '--cohort', 'demo', '--bundle', threshold],
      ['calibrate', '--bundle', threshold, '--cohort', 'demo', '--dry-run'],
      ['evaluate', '--task', 'E1', '--cohort', 'demo', '--split', 'test', '--bundle', threshold],
    ]) {
      const result = toe(...args);
      expect(result.status, `toe ${args[0]}: ${result.stderr}`).toBe(3);
      expect(result.stderr, `toe ${args[0]}`).toContain(`manifest.json in ${threshold}`);
      expect(result.stderr, `toe ${args[0]}`).toContain(said);
    }
    expect(demo.store.db.prepare('SELECT COUNT(*) AS n FROM runs').get()).toEqual({ n: 0 });

    let signed = 0;
    const mean = editedCopy((m) => {
      const s = (m.featureSchema as { standardisation: { mean: number[] } }).standardisation;
      signed = s.mean[0]!;
      s.mean[0] = signed * 2;
    });
    const result = toe('audit', '--cohort', 'demo', '--task', 'E1', '--bundle', mean);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(
      `featureSchema.standardisation.mean[0] is ${signed * 2}, the bundle was signed with ${signed}`,
    );
  });

  it('is not listed as verified', () => {
    const dir = editedCopy((m) => (m.decisionThreshold = 0.05));
    const listed = toe('models', 'list', '--dir', join(dir, '..'));
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/E1 .* 11\/12 verified — REFUSED/);
    expect(listed.stdout).toContain('decisionThreshold is 0.05, the bundle was signed with 0.5');
    expect(listed.stdout).not.toMatch(/12\/12 verified/);
  });

  it('toe models sign signs a bundle that has no signature yet, and only that', () => {
    const dir = editedCopy(() => {});
    rmSync(join(dir, SIGNATURE_FILE));
    const unsigned = toe('models', 'eval', '--task', 'E1', '--cohort', 'demo', '--bundle', dir);
    expect(unsigned.status).toBe(3);
    expect(unsigned.stderr).toContain(`has no ${SIGNATURE_FILE}`);
    const signed = toe('models', 'sign', dir);
    expect(signed.status, signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/manifest\.json signed canonical SHA-256 [0-9a-f]{64}/);
    expect(toe('models', 'sign', dir).stdout).toContain('already signed');
    const listed = toe('models', 'list', '--dir', join(dir, '..'));
    expect(listed.stdout).toMatch(/12\/12 verified/);
  });
});
