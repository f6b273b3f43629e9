import { onScopeDispose, shallowReactive, type ShallowReactive } from 'vue';
import type { AbstentionWarning } from '../../../shared/abstention';
import type { RunSummary } from '../../../shared/audit';
import type { ApiClient } from '../api/client';

export type RunWarningsState =
  | { status: 'loading' }
  | { status: 'done'; warnings: AbstentionWarning[]; queueSize: number }
  | { status: 'error'; message: string };

export interface RunWarnings {
  /** By run id; absent until asked for. */
  states: ShallowReactive<Map<number, RunWarningsState>>;
  /** Asks for a completed run's warnings (once per run and setting; one analysis at a time). */
  request: (run: RunSummary) => void;
}

/** What makes a run's analysis change: its results and its review settings. */
function versionOf(run: RunSummary): string {
  return `${run.finishedAt ?? ''}|${run.doneStays}|${JSON.stringify(run.spec.abstention ?? null)}`;
}

/**
 * The abstention warnings of the runs a list shows, fetched lazily: only for completed runs a
 * row asks about (when it scrolls into view), one analysis at a time, so that opening the list
 * never starts an analysis of every run at once (each takes a worker a fraction of a second).
 */
export function useRunWarnings(api: ApiClient): RunWarnings {
  const states = shallowReactive(new Map<number, RunWarningsState>());
  const versions = new Map<number, string>();
  const waiting: RunSummary[] = [];
  let busy = false;
  let disposed = false;
  onScopeDispose(() => {
    disposed = true;
    waiting.length = 0;
  });

  async function drain(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (let run = waiting.shift(); run && !disposed; run = waiting.shift()) {
        try {
          const analysis = await api.call('runs.abstention', { runId: run.id });
          states.set(run.id, {
            status: 'done',
            warnings: analysis.warnings,
            queueSize: analysis.queueSize,
          });
        } catch (caught) {
          states.set(run.id, {
            status: 'error',
            message: caught instanceof Error ? caught.message : String(caught),
          });
        }
      }
    } finally {
      busy = false;
    }
  }

  function request(run: RunSummary): void {
    if (run.status !== 'completed' || run.doneStays === 0) return;
    const version = versionOf(run);
    if (versions.get(run.id) === version) return;
    versions.set(run.id, version);
    states.set(run.id, { status: 'loading' });
    waiting.push(run);
    void drain();
  }

  return { states, request };
}
