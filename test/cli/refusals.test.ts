/**
 * Issue 26: what `toe` refuses, as a user meets it. A task the cohort lacks is named with the
 * cohort's real tasks, the same sentence from audit, train and evaluate; and nothing is
 * announced as started (no "auditing it first", no cohort built) before a refusal.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runToe } from '../support/run-toe';
import { TINY_SCHEMA, tempStore, tinyStay } from '../support/temp-store';

describe('toe refusals', () => {
  const { store, dir, dispose } = tempStore();
  const db = `${dir}/store.sqlite`;
  // A YAIB-like cohort: its one task is mortality24, not the paper's E1.
  const yaib = store.createCohort({ ...TINY_SCHEMA, name: 'yaib-like', tasks: ['mortality24'] });
  const writeYaib = store.stayWriter(yaib);
  writeYaib(tinyStay('y1', { outcomes: { mortality24: 1 } }));
  writeYaib(tinyStay('y2', { split: 'val', outcomes: { mortality24: 0 } }));
  // Labelled for E1, but not of the schema the shipped E1 bundle was trained on.
  const tiny = store.createCohort(TINY_SCHEMA);
  const writeTiny = store.stayWriter(tiny);
  writeTiny(tinyStay('t1'));
  writeTiny(tinyStay('t2', { split: 'val', outcomes: { E1: 0 } }));
  store.close();
  afterAll(dispose);

  const toe = (...args: string[]) => runToe(args, db, { TOE_EXECUTION_PROVIDER: 'cpu' });
  const missingTask =
    'toe: cohort "yaib-like" has no labels for task E1 · hospital mortality; ' +
    'its tasks are: mortality24 · death after the first 24 h in the ICU.\n';

  it.each([
    ['audit', ['audit', '--cohort', 'yaib-like', '--task', 'E1', '--split', 'test']],
    ['train', ['train', '--cohort', 'yaib-like', '--task', 'E1']],
    ['evaluate', ['evaluate', '--cohort', 'yaib-like', '--task', 'E1', '--limit', '1']],
    ['evaluate --spurious', ['evaluate', '--spurious', '--cohort', 'yaib-like', '--task', 'E1']],
  ])('%s names the cohort’s real tasks, and only them, exit 3', (_name, args) => {
    const result = toe(...args);
    expect(result.status).toBe(3);
    // The whole of stderr: no suggestion of a task the cohort lacks, no "started" line.
    expect(result.stderr).toBe(missingTask);
    expect(result.stdout).toBe('');
  });

  it('lists a task without a known outcome by its code', () => {
    const result = toe('audit', '--cohort', 'tiny', '--task', 'los_7d');
    expect(result.status).toBe(3);
    expect(result.stderr).toBe(
      'toe: cohort "tiny" has no labels for task los_7d; its tasks are: E1 · hospital mortality.\n',
    );
  });

  it('refuses an audit the bundle cannot run without announcing its validation audit', () => {
    const result = toe('audit', '--cohort', 'tiny', '--task', 'E1', '--split', 'test');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(
      /^toe: The bundle in .* another feature schema than cohort "tiny"/,
    );
    expect(result.stderr).not.toMatch(/Validation split/);
    // Its suggestion to train names a task the cohort has.
    expect(result.stderr).toContain('`toe train --cohort tiny --task E1`');
  });

  it('toe calibrate suggests training only for a task the cohort has', () => {
    // tiny has E1 labels only, and another schema than the shipped E2 bundle's.
    const bundle = join('resources', 'models', 'E2');
    const result = toe('calibrate', '--bundle', bundle, '--cohort', 'tiny', '--dry-run');
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/another feature schema than cohort "tiny"/);
    expect(result.stderr).toContain(
      'No E2 bundle can be trained on this cohort: it has no E2 labels (its tasks: E1).',
    );
    expect(result.stderr).not.toContain('toe train');
  });

  it('refuses a spurious-feature audit with another task’s bundle before building anything', () => {
    const bundle = join('resources', 'models', 'E2');
    const result = toe(
      'evaluate',
      '--spurious',
      '--cohort',
      'tiny',
      '--task',
      'E1',
      '--bundle',
      bundle,
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^toe: The bundle in .*E2 predicts E2, not E1\.\n$/);
    const cohorts = JSON.parse(toe('--json', 'cohorts').stdout) as { name: string }[];
    expect(cohorts.map((c) => c.name)).toEqual(['yaib-like', 'tiny']);
  });

  it('refuses a demo whose report has nowhere to go before building the demo cohort', () => {
    const result = toe('demo', '--out', join(dir, 'no-such-folder', 'demo.pdf'));
    expect(result.status).toBe(4);
    expect(result.stderr).toMatch(/^toe: No folder .*no-such-folder to write .*demo\.pdf into/);
    const cohorts = JSON.parse(toe('--json', 'cohorts').stdout) as { name: string }[];
    expect(cohorts.map((c) => c.name)).not.toContain('demo');
  });

  it('refuses a queue export into a missing folder by name, exit 4', () => {
    const result = toe('abstentions', '1', '--csv', join(dir, 'nowhere', 'queue.csv'));
    expect(result.status).toBe(4);
    expect(result.stderr).toMatch(/No folder .*nowhere/);
  });
});
