import { allUnits, logit, queryForUnits, type StayModel } from '../models/stay-model';
import { fusedProbabilitiesOf } from './fused-logits';
import {
  confidenceToward,
  DEFAULT_DECISION_THRESHOLD,
  fullInputClass,
  type FullInputClass,
} from './full-input-class';
import { kSubsets } from './subsets';
import { rankByScore } from './unit-ranking';

/**
 * Exhaustive enumeration (method.md, "Baselines"): for k = 1..maxK, every k-subset of the
 * candidate units scored under ToE's objective, keeping the best — the optimum the beam
 * search approximates, for the optimality gap at budget k. The objective and the order are
 * method.md's, written out here rather than imported from the search so that the baseline
 * is an independent check on it:
 *   C = p if ŷ_full = 1 else 1 − p;  S = 1 − |p_full − p| (or 1 − |logit p_full − logit p|);
 *   score = C + λS − μ|m|;  best = higher score (within 1e-9 counts as equal), then smaller
 *   |p_full − p|, then fewer units, then lexicographically smaller unit ids.
 * Sets are streamed in lexicographic order and evaluated `batchSize` per forward() call,
 * so memory stays flat however many subsets there are; the full input rides in the first.
 */
export interface ExhaustiveOptions {
  maxK?: number;
  lambda?: number;
  mu?: number;
  stability?: 'probability' | 'logit';
  threshold?: number;
  /** Restrict to the top-N windows / valid chunks by selector score, as ToE does; null = every unit. */
  candidates?: { ts: number; note: number } | null;
  batchSize?: number;
}

export interface ScoredEvidenceSet {
  units: number[];
  p: number;
  confidence: number;
  stability: number;
  score: number;
}

export interface ExhaustiveResult extends FullInputClass {
  method: 'exhaustive';
  /** best[k − 1]: the best set of exactly k units (shorter when there are fewer than maxK candidates). */
  best: ScoredEvidenceSet[];
  candidates: number[];
  /** Sets scored, plus the one full-input evaluation. */
  evaluations: number;
  evaluateCalls: number;
}

export const EXHAUSTIVE_DEFAULTS = {
  maxK: 3,
  lambda: 1,
  mu: 0.05,
  stability: 'probability',
  candidates: { ts: 24, note: 20 },
  batchSize: 4096,
} as const;

/** Scores closer than this count as equal, so floating-point noise never decides (method.md). */
const SCORE_TIE = 1e-9;

export async function exhaustiveBestSets(
  model: StayModel,
  options: ExhaustiveOptions = {},
): Promise<ExhaustiveResult> {
  const maxK = options.maxK ?? EXHAUSTIVE_DEFAULTS.maxK;
  const batchSize = options.batchSize ?? EXHAUSTIVE_DEFAULTS.batchSize;
  if (!Number.isInteger(maxK) || maxK < 1)
    throw new RangeError(`maxK must be a whole number >= 1, got ${maxK}`);
  if (!Number.isInteger(batchSize) || batchSize < 2)
    throw new RangeError(`batchSize must be >= 2, got ${batchSize}`);
  const limit =
    options.candidates === undefined ? EXHAUSTIVE_DEFAULTS.candidates : options.candidates;
  const candidates = await candidateUnits(model, limit);
  const sets = candidateSets(candidates, maxK);

  let decision: FullInputClass | undefined;
  const best: ScoredEvidenceSet[] = [];
  let evaluations = 0;
  let evaluateCalls = 0;
  for (let exhausted = false; !exhausted;) {
    // The first batch leads with the full input: p_full is needed before anything is scored.
    const batch: number[][] = decision ? [] : [allUnits(model)];
    while (batch.length < batchSize) {
      const next = sets.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      batch.push(next.value);
    }
    if (batch.length === 0) break;
    const probabilities = await fusedProbabilitiesOf(
      model,
      batch.map((units) => queryForUnits(model, units)),
    );
    evaluateCalls++;
    evaluations += batch.length;
    let first = 0;
    if (!decision) {
      decision = fullInputClass(probabilities[0]!, options.threshold ?? DEFAULT_DECISION_THRESHOLD);
      first = 1;
    }
    for (let i = first; i < batch.length; i++) {
      const scored = scoreSet(batch[i]!, probabilities[i]!, decision, options);
      const incumbent = best[scored.units.length - 1];
      if (!incumbent || isBetter(scored, incumbent, decision.pFull))
        best[scored.units.length - 1] = scored;
    }
  }
  if (!decision) throw new Error('exhaustive enumeration evaluated nothing');
  return { method: 'exhaustive', ...decision, best, candidates, evaluations, evaluateCalls };
}

/** Every set of 1..maxK candidates, by size then lexicographically, as ascending unit ids. */
function* candidateSets(candidates: readonly number[], maxK: number): Generator<number[]> {
  for (let k = 1; k <= Math.min(maxK, candidates.length); k++) {
    for (const members of kSubsets(candidates.length, k)) yield members.map((i) => candidates[i]!);
  }
}

/** Candidate units, ascending: all valid units, or ToE's top-N windows and top-N chunks by selector score. */
async function candidateUnits(
  model: StayModel,
  limit: { ts: number; note: number } | null,
): Promise<number[]> {
  const units = allUnits(model);
  if (!limit) return units;
  const selector = await model.selectorScores();
  const windows = units.filter((u) => u < model.hours);
  const chunks = units.filter((u) => u >= model.hours);
  const topWindows = rankByScore(windows, (u) => selector.ts[u]!).slice(0, limit.ts);
  const topChunks = rankByScore(chunks, (u) => selector.note[u - model.hours]!).slice(
    0,
    limit.note,
  );
  return [...topWindows, ...topChunks].sort((a, b) => a - b);
}

function scoreSet(
  units: number[],
  p: number,
  full: FullInputClass,
  options: Pick<ExhaustiveOptions, 'lambda' | 'mu' | 'stability'>,
): ScoredEvidenceSet {
  const confidence = confidenceToward(full.yFull, p);
  const stability =
    (options.stability ?? EXHAUSTIVE_DEFAULTS.stability) === 'probability'
      ? 1 - Math.abs(full.pFull - p)
      : 1 - Math.abs(logit(full.pFull) - logit(p));
  const lambda = options.lambda ?? EXHAUSTIVE_DEFAULTS.lambda;
  const mu = options.mu ?? EXHAUSTIVE_DEFAULTS.mu;
  return {
    units,
    p,
    confidence,
    stability,
    score: confidence + lambda * stability - mu * units.length,
  };
}

/** method.md's order: score (1e-9 tie), then closeness to p_full, then size, then ids. */
export function isBetter(a: ScoredEvidenceSet, b: ScoredEvidenceSet, pFull: number): boolean {
  if (Math.abs(a.score - b.score) > SCORE_TIE) return a.score > b.score;
  const gap = Math.abs(pFull - a.p) - Math.abs(pFull - b.p);
  if (gap !== 0) return gap < 0;
  if (a.units.length !== b.units.length) return a.units.length < b.units.length;
  for (let i = 0; i < a.units.length; i++)
    if (a.units[i] !== b.units[i]) return a.units[i]! < b.units[i]!;
  return false;
}
