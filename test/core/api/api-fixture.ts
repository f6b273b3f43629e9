/**
 * A real store for the API tests: a SYNTHETIC demo cohort and one completed audit run of
 * 40 of its test stays (one worker, the shipped E1 bundle), reached through dispatch
 * exactly as both transports reach it.
 */
import type { RunSummary } from '../../../src/shared/audit';
import type { CallOutcome } from '../../../src/shared/contract';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { demoStore } from '../../support/audit-runs';

/** About 40: the test split of a 300-stay demo cohort, up to this many. */
export const AUDITED_STAYS = 40;

export type Call = (name: string, args: unknown) => Promise<CallOutcome<unknown>>;

export async function auditedStore() {
  const demo = await demoStore(300);
  const stayKeys = demo.store
    .listStays(demo.cohortId, { split: 'test', limit: AUDITED_STAYS })
    .stays.map((s) => s.stayKey);
  const run = await startRun(
    demo.store,
    { cohortId: demo.cohortId, task: 'E1', split: 'test', stayKeys, workers: 1 },
    {},
  );
  const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
  const call: Call = (name, args) => dispatch(handlers, name, args);
  return { ...demo, run, call };
}

export function value<T>(outcome: CallOutcome<unknown>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value as T;
}

export function errorCode(outcome: CallOutcome<unknown>): string | null {
  return outcome.ok ? null : outcome.error.code;
}

export type { RunSummary };
