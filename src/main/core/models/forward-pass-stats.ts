/**
 * What a stay model computed and what it answered from its caches: the benchmark reports
 * these (GRU steps saved by incremental forward passes, cache hit rates), and tests use them to
 * check that the incremental path really skips work.
 */
export interface ForwardPassStats {
  /** forward(): TS masks run through the monolithic stream, 2T GRU steps each. */
  plainTsMasks: number;
  /** forward(): note masks pooled and run through the note head. */
  plainNoteMasks: number;
  /** forwardGrown(): TS masks whose logit was computed (cache misses). */
  tsMasks: number;
  /** forwardGrown(): TS logits answered from the per-stay cache (e.g. a child adding a note). */
  tsCacheHits: number;
  /** forwardGrown(): note masks pooled and run through the note head. */
  noteMasks: number;
  noteCacheHits: number;
  /** GRU step-rows the incremental runs executed, both directions, padding included. */
  gruSteps: number;
  /** Of gruSteps, those some row needed (padding excluded). */
  gruStepsNeeded: number;
  /** What a full forward pass over the same TS masks would run: 2T each. */
  gruStepsFull: number;
  /** ONNX GRU runs (each direction counts one). */
  gruRuns: number;
}

export function emptyForwardPassStats(): ForwardPassStats {
  return {
    plainTsMasks: 0,
    plainNoteMasks: 0,
    tsMasks: 0,
    tsCacheHits: 0,
    noteMasks: 0,
    noteCacheHits: 0,
    gruSteps: 0,
    gruStepsNeeded: 0,
    gruStepsFull: 0,
    gruRuns: 0,
  };
}

/** Adds `from` into `into` (summing stays for a cohort figure). */
export function addForwardPassStats(into: ForwardPassStats, from: ForwardPassStats): void {
  for (const key of Object.keys(into) as (keyof ForwardPassStats)[]) into[key] += from[key];
}
