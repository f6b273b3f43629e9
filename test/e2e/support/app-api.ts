// The served app's API, called from the test process (not the page) to set up state a spec
// needs whatever ran before it, e.g. a completed audit run to open traces of.
import type { RunSummary } from '../../../src/shared/audit';
import type { CallArgs, CallName, CallOutcome, CallResult } from '../../../src/shared/contract';
import type { E2eEnv } from './e2e-env';

export async function callApi<N extends CallName>(
  app: E2eEnv,
  name: N,
  args: CallArgs<N>,
): Promise<CallResult<N>> {
  const response = await fetch(`${app.origin}/api/call/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const outcome = (await response.json()) as CallOutcome<CallResult<N>>;
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

/** A completed audit of one split of the seeded cohort with the shipped E1 bundle. */
async function completedSplitRun(app: E2eEnv, split: 'test' | 'val'): Promise<RunSummary> {
  const runs = await callApi(app, 'runs.list', {});
  const done = runs.find(
    (r) =>
      r.status === 'completed' &&
      r.provenance.cohortName === app.cohortName &&
      r.spec.split === split &&
      r.spec.task === 'E1' &&
      !r.spec.stayKeys,
  );
  if (done) return done;
  const cohort = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === app.cohortName);
  if (!cohort) throw new Error(`the seeded cohort ${app.cohortName} is missing`);
  return callApi(app, 'runs.start', { cohortId: cohort.id, task: 'E1', split, workers: 1 });
}

/** A completed audit of the seeded cohort's test split with the shipped E1 bundle. */
export const completedTestSplitRun = (app: E2eEnv) => completedSplitRun(app, 'test');

/** The same of its validation split, to compare with. */
export const completedValSplitRun = (app: E2eEnv) => completedSplitRun(app, 'val');
