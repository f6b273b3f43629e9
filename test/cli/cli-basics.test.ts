import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';
import { Store } from '../../src/main/core/store';
import { TINY_SCHEMA, tempStore, tinyStay } from '../support/temp-store';

describe('toe CLI basics', () => {
  const { store, dir, dispose } = tempStore();
  const db = `${dir}/store.sqlite`;
  const cohortId = store.createCohort(TINY_SCHEMA);
  const write = store.stayWriter(cohortId);
  write(tinyStay('s1'));
  write(tinyStay('s2', { split: 'train', outcomes: { E1: 0 } }));
  store.close();
  afterAll(dispose);

  it('prints help with the exit codes and exits 0', () => {
    const result = runToe(['--help'], db);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Exit codes: 0 success/);
    expect(result.stdout).toMatch(/demo-cohort/);
  });

  it('exits 2 on a usage error and says what was wrong', () => {
    const result = runToe(['stays', 'tiny', '--limit', 'many'], db);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/expected a whole number/);
  });

  it('lists cohorts as text and as JSON', () => {
    expect(runToe(['cohorts'], db).stdout).toMatch(
      /tiny\s+generic\s+2 stays \(train 1, val 0, test 1\)/,
    );
    const json = JSON.parse(runToe(['--json', 'cohorts'], db).stdout);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ name: 'tiny', stays: 2, synthetic: true });
  });

  it('lists a cohort’s stays filtered by split', () => {
    const json = JSON.parse(runToe(['--json', 'stays', 'tiny', '--split', 'train'], db).stdout);
    expect(json.total).toBe(1);
    expect(json.stays[0]).toMatchObject({ stayKey: 's2', outcomes: { E1: 0 } });
  });

  it('exits 4 for an unknown cohort and names the known ones', () => {
    const result = runToe(['stays', 'nope'], db);
    expect(result.status).toBe(4);
    expect(result.stderr).toMatch(/No cohort "nope".*Known cohorts: tiny/);
  });

  it('takes --json and --db after the command as well as before it', () => {
    const after = spawnSync(process.execPath, ['bin/toe.mjs', 'cohorts', '--json', '--db', db], {
      encoding: 'utf8',
    });
    expect(JSON.parse(after.stdout)[0].name).toBe('tiny');
  });

  it('deletes a cohort only when confirmed', () => {
    const spare = `${dir}/spare.sqlite`;
    const seeded = new Store(spare);
    seeded.createCohort({ ...TINY_SCHEMA, name: 'spare' });
    seeded.close();
    const unconfirmed = runToe(['cohorts', 'delete', 'spare'], spare);
    expect(unconfirmed.status).toBe(2);
    expect(unconfirmed.stderr).toMatch(/pass --yes/);
    expect(JSON.parse(runToe(['--json', 'cohorts'], spare).stdout)).toHaveLength(1);
    const deleted = runToe(['cohorts', 'delete', 'spare', '--yes'], spare);
    expect(deleted.status).toBe(0);
    expect(deleted.stdout).toMatch(/Deleted cohort "spare" \(0 stays, 0 audit runs/);
    expect(JSON.parse(runToe(['--json', 'cohorts'], spare).stdout)).toHaveLength(0);
    expect(runToe(['cohorts', 'delete', 'spare', '--yes'], spare).status).toBe(4);
  });

  it('uses TOE_DB when --db is not given', () => {
    const result = spawnSync(process.execPath, ['bin/toe.mjs', '--json', 'cohorts'], {
      encoding: 'utf8',
      env: { ...process.env, TOE_DB: db },
    });
    expect(JSON.parse(result.stdout)[0].name).toBe('tiny');
  });
});
