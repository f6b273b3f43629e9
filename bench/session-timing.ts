// Where the model's time goes: wraps every session of a bundle so that each run's wall time
// is added to its graph's total. Benchmark code only: the product never patches sessions.
import type * as ort from 'onnxruntime-node';

export interface SessionTiming {
  /** Milliseconds and runs per ONNX file since the wrapping. */
  spent: Record<string, { ms: number; runs: number }>;
  restore: () => void;
}

export function timeSessions(
  sessions: Readonly<Record<string, ort.InferenceSession>>,
): SessionTiming {
  const spent: Record<string, { ms: number; runs: number }> = {};
  const wrapped: ort.InferenceSession[] = [];
  for (const [file, session] of Object.entries(sessions)) {
    const run = session.run.bind(session) as (...args: unknown[]) => Promise<unknown>;
    const entry = (spent[file] = { ms: 0, runs: 0 });
    // An own property shadows the prototype's run; deleting it restores the original.
    Object.defineProperty(session, 'run', {
      configurable: true,
      writable: true,
      value: async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await run(...args);
        } finally {
          entry.ms += performance.now() - started;
          entry.runs++;
        }
      },
    });
    wrapped.push(session);
  }
  return {
    spent,
    restore: () => wrapped.forEach((s) => delete (s as { run?: unknown }).run),
  };
}

/** Per-stay milliseconds and runs of each graph that ran, rounded for the report. */
export function perStay(spent: Spent, stays: number): Spent {
  return Object.fromEntries(
    Object.entries(spent)
      .filter(([, s]) => s.runs > 0)
      .map(([file, s]) => [
        file,
        {
          ms: Math.round((s.ms / stays) * 100) / 100,
          runs: Math.round((s.runs / stays) * 10) / 10,
        },
      ]),
  );
}

export type Spent = Record<string, { ms: number; runs: number }>;

/** Adds what `timing` spent since `before` (a copy taken earlier) into `into`. */
export function addSince(into: Spent, before: Spent, timing: SessionTiming): void {
  for (const [file, now] of Object.entries(timing.spent)) {
    const was = before[file] ?? { ms: 0, runs: 0 };
    const entry = (into[file] ??= { ms: 0, runs: 0 });
    entry.ms += now.ms - was.ms;
    entry.runs += now.runs - was.runs;
  }
}

export const snapshot = (timing: SessionTiming): Spent =>
  Object.fromEntries(Object.entries(timing.spent).map(([f, s]) => [f, { ...s }]));
