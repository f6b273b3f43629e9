/**
 * Issue 26: the sentence (`cohortTaskProblem`, shared by the core and `toe train`); and through the contract (as the app and the HTTP server reach the core), an audit and
 * an evaluation of a task the cohort lacks are refused as bad input in one sentence, before
 * any work starts; `toe` prints the same sentence (test/cli/refusals.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { ApiEvent } from '../../../src/shared/contract';
import { cohortTaskProblem } from '../../../src/shared/task-titles';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

describe('a task the cohort lacks, through the contract', () => {
  const { store, dispose } = tempStore();
  const yaib = store.createCohort({ ...TINY_SCHEMA, name: 'yaib-like', tasks: ['mortality24'] });
  store.stayWriter(yaib)(tinyStay('y1', { outcomes: { mortality24: 1 } }));
  afterAll(() => {
    store.close();
    dispose();
  });
  const events: ApiEvent[] = [];
  const handlers = createHandlers({ store, transport: 'http', emit: (e) => events.push(e) });
  const refusal = {
    ok: false,
    error: {
      code: 'bad-input',
      message:
        'cohort "yaib-like" has no labels for task E1 · hospital mortality; ' +
        'its tasks are: mortality24 · death after the first 24 h in the ICU.',
      location: { file: 'cohort "yaib-like"', line: null, field: null },
    },
  };

  it.each([
    ['runs.start', { cohortId: yaib, task: 'E1', split: 'test' }],
    [
      'evaluations.evaluate',
      {
        ...{ cohort: 'yaib-like', task: 'E1', split: 'test', ks: [1], methods: ['toe'] },
        ...{ seed: 7, resamples: 50, limeSamples: 100, abstention: false },
      },
    ],
  ])('%s is refused before any progress', async (call, args) => {
    events.length = 0;
    expect(await dispatch(handlers, call, args)).toEqual(refusal);
    expect(events.filter((e) => e.type === 'job.progress')).toEqual([]);
  });
});

describe('cohortTaskProblem', () => {
  it('is silent for a task the cohort has', () => {
    expect(cohortTaskProblem({ name: 'demo', tasks: ['E1', 'E2'] }, 'E2')).toBeNull();
  });

  it('names the task and the cohort’s tasks by their outcomes, unknown ones by code', () => {
    expect(cohortTaskProblem({ name: 'yaib', tasks: ['mortality24', 'los_7d'] }, 'E1')).toBe(
      'cohort "yaib" has no labels for task E1 · hospital mortality; ' +
        'its tasks are: mortality24 · death after the first 24 h in the ICU, los_7d.',
    );
  });

  it('says "none" for a cohort without tasks', () => {
    expect(cohortTaskProblem({ name: 'bare', tasks: [] }, 'los_7d')).toBe(
      'cohort "bare" has no labels for task los_7d; its tasks are: none.',
    );
  });
});
