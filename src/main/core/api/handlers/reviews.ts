/**
 * The abstention queue of a run and the reviewers' verdicts on its stays. The queue is
 * ordered and filtered by the core's abstentionQueue, then paged here.
 */
import { abstentionCsv } from '../../audit/abstention-csv';
import type { AbstentionQueueOptions } from '../../audit/abstention-queue';
import { ReviewStore } from '../../audit/review-store';
import { runQueueRows } from '../../audit/run-abstention';
import { RunStore } from '../../audit/run-store';
import type { HandlerContext, HandlerGroup } from '../handler-types';

type ReviewCalls =
  'abstentions.list' | 'abstentions.csv' | 'reviews.get' | 'reviews.set' | 'reviews.clear';

export function reviewHandlers({ store }: HandlerContext): HandlerGroup<ReviewCalls> {
  const runs = new RunStore(store);
  const reviews = new ReviewStore(store);
  const queue = (runId: number, order: Pick<AbstentionQueueOptions, 'scope' | 'sort' | 'filter'>) =>
    runQueueRows(store, runId, {
      ...(order.scope ? { scope: order.scope } : {}),
      ...(order.sort ? { sort: order.sort } : {}),
      ...(order.filter ? { filter: order.filter } : {}),
    });
  return {
    'abstentions.list': async ({ runId, scope, sort, filter, offset, limit }) => {
      const rows = queue(runId, { scope, sort, filter });
      return { total: rows.length, rows: rows.slice(offset, offset + limit) };
    },
    'abstentions.csv': async ({ runId, scope, sort, filter, excelBom }) => {
      const rows = queue(runId, { scope, sort, filter });
      // The BOM (the default) lets spreadsheet programs read the reviewers' comments as UTF-8.
      return {
        csv: abstentionCsv(rows, { excelBom }),
        rows: rows.length,
        flagged: rows.filter((row) => row.flagged).length,
      };
    },
    'reviews.get': async ({ runId, stayId }) => {
      runs.getRun(runId);
      return { review: reviews.get(runId, stayId) };
    },
    'reviews.set': async ({ runId, stayId, verdict, comment, phi }) => {
      runs.getRun(runId);
      return reviews.set(runId, stayId, verdict, comment, phi);
    },
    'reviews.clear': async ({ runId, stayId }) => {
      runs.getRun(runId);
      return { cleared: reviews.delete(runId, stayId) };
    },
  };
}
