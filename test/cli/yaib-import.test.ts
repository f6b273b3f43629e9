import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';

const DATA = resolve(__dirname, '../../../shared/data/yaib-demo');

describe('toe import yaib', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toe-yaib-cli-'));
  const db = join(dir, 'store.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports mortality24/eicu_demo, exits 0 and prints the report', () => {
    const result = runToe(['import', 'yaib', join(DATA, 'mortality24', 'eicu_demo')], db);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Cohort "yaib-mortality24-eicu_demo"/);
    expect(result.stdout).toMatch(/stays seen: 1367, included .*: 1367; window 24 h/);
    expect(result.stdout).toMatch(/mortality24: 70 \/ 1367/);
    expect(result.stdout).toMatch(/heart_rate/);
    expect(result.stdout).toMatch(/1,367 rows at hour 24/);
    const cohorts = JSON.parse(runToe(['--json', 'cohorts'], db).stdout) as { name: string }[];
    expect(cohorts.map((c) => c.name)).toEqual(['yaib-mortality24-eicu_demo']);
  });

  it('takes --name and --label-rule, and says what is wrong with bad input (exit 3) or usage (exit 2)', () => {
    const aki = join(DATA, 'aki', 'mimic_demo');
    const refused = runToe(['import', 'yaib', aki], db);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/outc\.parquet, column "time": .*--label-rule onset-within:N/);
    const usage = runToe(['import', 'yaib', aki, '--label-rule', 'first-hour'], db);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/expected onset-within:N/);
    const imported = runToe(
      ['--json', 'import', 'yaib', aki, '--label-rule', 'onset-within:24', '--name', 'aki mimic'],
      db,
    );
    expect(imported.status).toBe(0);
    const report = JSON.parse(imported.stdout) as { cohortName: string; staysIncluded: number };
    expect(report).toMatchObject({ cohortName: 'aki mimic', staysIncluded: 113 });
  });
});
