import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';

const SHIPPED = fileURLToPath(new URL('../../resources/models/E1/manifest.json', import.meta.url));

interface ManifestMetrics {
  metrics: { test: { full: { fused: { auroc: number } } } };
  training: { contentSha256: string };
}

describe('the documented training command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toe-train-'));
  const db = join(dir, 'store.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reproduces the shipped E1 bundle from a fresh demo cohort', () => {
    expect(runToe(['demo-cohort'], db).status).toBe(0);
    const out = join(dir, 'E1');
    const result = runToe(['train', '--cohort', 'demo', '--task', 'E1', '--out', out], db);
    expect(result.status, result.stderr).toBe(0);
    const shipped = JSON.parse(readFileSync(SHIPPED, 'utf8')) as ManifestMetrics;
    const fresh = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as ManifestMetrics;
    expect(fresh.training.contentSha256).toBe(shipped.training.contentSha256);
    expect(
      Math.abs(fresh.metrics.test.full.fused.auroc - shipped.metrics.test.full.fused.auroc),
    ).toBeLessThanOrEqual(0.005);
  });
});
