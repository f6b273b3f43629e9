/**
 * The abstention queue of a run and the reviewers' verdicts on its stays. The queue is
 * ordered and filtered by the core's abstentionQueue, then paged here.
 */
import { abstentionQueue } from '../../audit/abstention-queue';
import { ReviewStore } from '../../audit/review-store';
import { RunStore } from '../../audit/run-store';
import type { HandlerContext, HandlerGroup } from '../handler-types';

type ReviewCalls = 'abstentions.list' | 'reviews.get' | 'reviews.set' | 'reviews.clear';

export function reviewHandlers({ store }: HandlerContext): HandlerGroup<ReviewCalls> {
  const runs = new RunStore(store);
  const reviews = new ReviewStore(store);
  return {
    'abstentions.list': async ({ runId, sort, filter, offset, limit }) => {
      const { params } = runs.getRun(runId).spec;
      const rows = abstentionQueue(runs.results(runId), reviews.list(runId), {
        tauConf: params.tauConf,
        tauSuff: params.tauSuff,
        stability: params.stability,
        ...(sort ? { sort } : {}),
        ...(filter ? { filter } : {}),
      });
      return { total: rows.length, rows: rows.slice(offset, offset + limit) };
    },
    'reviews.get': async ({ runId, stayId }) => {
      runs.getRun(runId);
      return { review: reviews.get(runId, stayId) };
    },
    'reviews.set': async ({ runId, stayId, verdict, comment }) => {
      runs.getRun(runId);
      return reviews.set(runId, stayId, verdict, comment);
    },
    'reviews.clear': async ({ runId, stayId }) => {
      runs.getRun(runId);
      return { cleared: reviews.delete(runId, stayId) };
    },
  };
}
