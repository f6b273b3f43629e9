/**
 * What the search, the baselines and the metrics see of a model: one stay's fused predictor,
 * run forward on many evidence masks per call. The ONNX runtime implements it over a bundle;
 * tests implement it with small hand-built models whose right answers are known.
 *
 * Unit ids: time windows are 0..hours-1, note chunks are hours..hours+noteSlots-1, so an
 * evidence set is one sorted list of integers across both modalities.
 */
export interface EvidenceQuery {
  /** Per-window weight on the window's input: 1 selected, 0 masked (1±eps for saliency). */
  ts: Float32Array;
  /** Per-chunk selection mask m_j of the note stream's pooled mean (0 or 1). */
  note: Float32Array;
  /** Per-chunk scale on the chunk's embedding before projection; 1 when absent (saliency). */
  noteInputScale?: Float32Array;
}

export interface StreamLogits {
  ts: Float64Array;
  note: Float64Array;
}

export interface StayModel {
  /** T: number of time-window units. */
  readonly hours: number;
  /** Mmax: number of note slots (valid or padding). */
  readonly noteSlots: number;
  /** Presence mask a_j as the indices of valid note chunks, ascending. */
  readonly presentNotes: readonly number[];
  /** Selector scores per unit; padding note slots score -Infinity. */
  selectorScores(): Promise<{ ts: Float32Array; note: Float32Array }>;
  /** Stream logits for every query, in one batched forward pass. */
  forward(queries: readonly EvidenceQuery[]): Promise<StreamLogits>;
}

/** An evidence set (unit ids, ascending) and the set it grew from by one unit, if known. */
export interface GrownSet {
  units: readonly number[];
  parent: readonly number[] | null;
}

/**
 * A StayModel that can reuse work along a search: each stream's logit is cached by its own
 * mask, and a child run with its parent resumes from the parent's cached state instead
 * of starting over. The logits equal forward()'s on the same sets.
 */
export interface IncrementalStayModel extends StayModel {
  /** Stream logits for every set, in one batched forward pass. */
  forwardGrown(sets: readonly GrownSet[]): Promise<StreamLogits>;
  /** The sets that will be grown next: cached state of every other set may be released. */
  retain(parents: readonly (readonly number[])[]): void;
}

export function isIncremental(model: StayModel): model is IncrementalStayModel {
  const candidate = model as Partial<IncrementalStayModel>;
  return typeof candidate.forwardGrown === 'function' && typeof candidate.retain === 'function';
}

export function sigmoid(logit: number): number {
  return logit >= 0 ? 1 / (1 + Math.exp(-logit)) : Math.exp(logit) / (1 + Math.exp(logit));
}

export function logit(p: number): number {
  const clamped = Math.min(1 - 1e-12, Math.max(1e-12, p));
  return Math.log(clamped / (1 - clamped));
}

/** Turns an evidence set (unit ids) into the query that selects exactly those units. */
export function queryForUnits(
  model: Pick<StayModel, 'hours' | 'noteSlots'>,
  units: readonly number[],
): EvidenceQuery {
  const ts = new Float32Array(model.hours);
  const note = new Float32Array(model.noteSlots);
  for (const unit of units) {
    if (unit < model.hours) ts[unit] = 1;
    else note[unit - model.hours] = 1;
  }
  return { ts, note };
}

/** Every valid unit of a stay: all windows and the present note chunks. */
export function allUnits(model: Pick<StayModel, 'hours' | 'presentNotes'>): number[] {
  return [
    ...Array.from({ length: model.hours }, (_, t) => t),
    ...model.presentNotes.map((j) => model.hours + j),
  ];
}

/** Fused probabilities p(m) = sigmoid(l_ts + l_note) for a batch of unit sets. */
export async function fusedProbabilities(
  model: StayModel,
  sets: readonly (readonly number[])[],
): Promise<Float64Array> {
  if (sets.length === 0) return new Float64Array();
  const logits = await model.forward(sets.map((units) => queryForUnits(model, units)));
  return logits.ts.map((l, i) => sigmoid(l + logits.note[i]!));
}

/** Fused probabilities of grown sets, through the incremental path. */
export async function grownProbabilities(
  model: IncrementalStayModel,
  sets: readonly GrownSet[],
): Promise<Float64Array> {
  if (sets.length === 0) return new Float64Array();
  const logits = await model.forwardGrown(sets);
  return logits.ts.map((l, i) => sigmoid(l + logits.note[i]!));
}

/** A short label for a unit as the UI and reports show it: W1..W24, N1..N20 (1-based). */
export function unitLabel(hours: number, unit: number): string {
  return unit < hours ? `W${unit + 1}` : `N${unit - hours + 1}`;
}
