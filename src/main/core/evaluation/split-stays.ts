/**
 * The stays an evaluation walks: a cohort split in id order (so `--limit N` always means the
 * same first N stays), those without a label for the task skipped, loaded and encoded in
 * slices so memory stays flat and chunk embeddings are computed in shared runs.
 */
import type { Split } from '../../../shared/domain';
import { throwIfCancelled } from '../jobs/progress';
import type { ModelRuntime } from '../models';
import type { OnnxStayModel } from '../models/onnx-stay-model';
import type { Stay, Store } from '../store';

const SLICE = 32;

export interface SplitSelection {
  cohortId: number;
  split: Split;
  task: string;
  /** Evaluate only the first N labelled stays; null = all. */
  limit: number | null;
}

/** Stays in the split, and how many of them an evaluation will visit at most. */
export function splitCounts(
  store: Store,
  selection: SplitSelection,
): { ids: number[]; planned: number } {
  const ids = store.stayIds(selection.cohortId, selection.split);
  const planned = selection.limit === null ? ids.length : Math.min(selection.limit, ids.length);
  return { ids, planned };
}

/** Each labelled stay of the split with its StayModel, in id order, until the limit. */
export async function* labelledStays(
  store: Store,
  runtime: ModelRuntime,
  selection: SplitSelection,
  signal?: AbortSignal,
): AsyncGenerator<{ stay: Stay; label: 0 | 1; model: OnnxStayModel }> {
  const { ids } = splitCounts(store, selection);
  let yielded = 0;
  for (let start = 0; start < ids.length; start += SLICE) {
    const stays = store
      .loadStays(ids.slice(start, start + SLICE))
      .filter((s) => s.outcomes[selection.task] !== undefined)
      .slice(0, selection.limit === null ? undefined : selection.limit - yielded);
    const models = await runtime.stayModels(stays);
    for (let i = 0; i < stays.length; i++) {
      // Before every stay, not every slice: a stay takes about a second with every method.
      throwIfCancelled(signal, 'The evaluation');
      yield { stay: stays[i]!, label: stays[i]!.outcomes[selection.task]!, model: models[i]! };
      yielded++;
    }
    if (selection.limit !== null && yielded >= selection.limit) return;
  }
}

/**
 * For a worker pool: each labelled stay of the split (until the limit) with its note chunks
 * embedded into the store's cache, one stay per run (as an audit does, audit/note-precompute.ts:
 * a stay's embeddings then do not depend on the stays embedded with it), so the workers only
 * read the cache; `keep` maps each stay to what the caller needs of it, in id order.
 */
export async function embedLabelledStays<T>(
  store: Store,
  runtime: ModelRuntime,
  selection: SplitSelection,
  keep: (stay: Stay, label: 0 | 1) => T,
  options: { signal?: AbortSignal | undefined; onStay?: (done: number) => void } = {},
): Promise<{ stayIds: number[]; kept: T[] }> {
  const { ids, planned } = splitCounts(store, selection);
  const stayIds: number[] = [];
  const kept: T[] = [];
  for (let start = 0; start < ids.length && kept.length < planned; start += SLICE) {
    for (const stay of store.loadStays(ids.slice(start, start + SLICE))) {
      const label = stay.outcomes[selection.task];
      if (label === undefined) continue;
      if (kept.length >= planned) break;
      throwIfCancelled(options.signal, 'The evaluation');
      await runtime.encodeStays([stay]);
      stayIds.push(stay.id);
      kept.push(keep(stay, label));
      options.onStay?.(kept.length);
    }
  }
  return { stayIds, kept };
}
