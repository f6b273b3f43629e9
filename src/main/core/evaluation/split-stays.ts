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
