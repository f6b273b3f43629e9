import {
  allUnits,
  fusedProbabilities,
  grownProbabilities,
  isIncremental,
  type StayModel,
} from '../models/stay-model';
import {
  convergenceReachable,
  decide,
  isSufficient,
  scoreState,
  type FullInputDecision,
  type StateScore,
} from './objective';
import { SEARCH_PARAM_DEFAULTS, type SearchMode, type SearchParams } from './search-params';
import { bestStates, type ScoredState, type StateOrder } from './state-order';
import type { SearchResult, TraceStep } from './search-result';

/**
 * The candidate units: the top-N windows and the top-N present note chunks by selector
 * score (ties by unit id, so the list is deterministic), as global unit ids, ascending.
 */
export async function searchCandidates(model: StayModel, params: SearchParams): Promise<number[]> {
  const scores = await model.selectorScores();
  const rank = (ids: number[], score: (id: number) => number, n: number) =>
    ids
      .map((id) => ({ id, s: score(id) }))
      .sort((a, b) => b.s - a.s || a.id - b.id)
      .slice(0, n)
      .map((e) => e.id);
  const windows = rank(
    Array.from({ length: model.hours }, (_, t) => t),
    (t) => scores.ts[t]!,
    params.topTimeWindows,
  );
  const chunks = rank(
    model.presentNotes.filter((j) => Number.isFinite(scores.note[j]!)).map((j) => model.hours + j),
    (u) => scores.note[u - model.hours]!,
    params.topNoteChunks,
  );
  return [...windows, ...chunks].sort((a, b) => a - b);
}

/**
 * The full-input decision p_full = p(1, a) and ŷ_full, on the probability scale the decision
 * is taken on (after `calibration`, when given).
 */
export async function fullInputDecision(
  model: StayModel,
  threshold: number,
  calibration: ProbabilityMap = identity,
): Promise<FullInputDecision & { rawPFull: number }> {
  const [rawPFull] = await fusedProbabilities(model, [allUnits(model)]);
  return { ...decide(calibration(rawPFull!), threshold), rawPFull: rawPFull! };
}

/** A non-decreasing map from the model's probability to the one decided on (calibration). */
export type ProbabilityMap = (p: number) => number;

const identity: ProbabilityMap = (p) => p;

/** How the search asks the model; never what it finds. */
export interface SearchOptions {
  /**
   * 'incremental' (the default, when the model supports it): children are scored together
   * with the state they grew from, so the model can resume from its parent's work (cached
   * stream logits, GRU states). 'plain': every child through forward() from scratch, the
   * straightforward path the incremental one is tested equal to.
   */
  forwardPass?: 'incremental' | 'plain';
  /**
   * Post-hoc calibration applied to every probability the model gives before it is scored,
   * so C, S, the threshold and τ all live on the calibrated scale. Default: none (the paper).
   */
  calibration?: ProbabilityMap;
  /**
   * Dynamic mode: after converging, keep growing the beam to S_max and record only the
   * leader's p per step (`leaderPath`), so that any other stopping rule can be replayed
   * later; the beam never depends on τ. The answer, trace and counts stay those of the stop.
   */
  continuePastConvergence?: boolean;
  /** How tied scores are ordered (state-order.ts); default 'faithful' (method.md). */
  stateOrder?: StateOrder;
}

/**
 * Tree-of-Evidence beam search on one stay (method.md): from the empty set, expand every
 * beam state by one unused candidate, score all children of a step in ONE batched model
 * call, de-duplicate identical sets, keep the best B. Dynamic mode stops when the best state
 * is sufficient (converged) or after S_max steps (exhausted); fixed mode runs exactly k steps.
 */
export async function treeOfEvidenceSearch(
  model: StayModel,
  mode: SearchMode = { kind: 'dynamic' },
  params: SearchParams = SEARCH_PARAM_DEFAULTS,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const grow = options.forwardPass !== 'plain' && isIncremental(model) ? model : null;
  const calibration = options.calibration ?? identity;
  const { rawPFull, ...full } = await fullInputDecision(model, params.threshold, calibration);
  const candidates = await searchCandidates(model, params);
  const reachable = convergenceReachable(full, params);
  const stepLimit = Math.min(
    mode.kind === 'dynamic' ? params.maxSteps : mode.budget,
    candidates.length,
  );

  let beam: ScoredState[] = [
    { units: [], key: '', parent: null, ...scoreState(Number.NaN, 0, full, params) },
  ];
  const trace: TraceStep[] = [];
  const leaderPath: number[] = [];
  let statesScored = 0;
  let converged = false;
  let answer: ScoredState | null = null;

  for (let step = 1; step <= stepLimit; step++) {
    const children = expand(beam, candidates);
    const probabilities = grow
      ? await grownProbabilities(grow, children)
      : await fusedProbabilities(
          model,
          children.map((c) => c.units),
        );
    if (!converged) statesScored += children.length;
    // Properties named, not spread: spreading two objects per child was a visible share of
    // the search's own time.
    const scored = children.map((child, i): ScoredState => {
      const s = scoreState(calibration(probabilities[i]!), child.units.length, full, params);
      const { units, key, parent } = child;
      const { p, confidence, stability, size, score } = s;
      return { units, key, parent, p, confidence, stability, size, score };
    });
    beam = bestStates(scored, params.beamWidth, full.pFull, options.stateOrder);
    // Only the beam is grown next: the model may drop what it kept for the other children.
    grow?.retain(beam.map((state) => state.units));
    leaderPath.push(beam[0]!.p);
    if (converged) continue;
    trace.push({
      step,
      childrenScored: children.length,
      kept: beam.map(({ units, parent, p, confidence, stability, size, score }) => ({
        units,
        parent,
        p,
        confidence,
        stability,
        size,
        score,
      })),
      leader: 0,
    });
    if (mode.kind === 'dynamic' && isSufficient(beam[0]!, params)) {
      converged = true;
      answer = beam[0]!;
      if (!options.continuePastConvergence) break;
    }
  }

  const emptySet = async () => calibration((await fusedProbabilities(model, [[]]))[0]!);
  const best: StateScore & { units: number[] } = answer ??
    (trace.length > 0 ? beam[0] : null) ?? {
      units: [],
      ...scoreState(await emptySet(), 0, full, params),
    };
  return {
    evidence: best.units,
    pFull: full.pFull,
    rawPFull,
    yFull: full.yFull,
    p: best.p,
    confidence: best.confidence,
    stability: best.stability,
    size: best.size,
    score: best.score,
    status: mode.kind === 'fixed' ? 'budget' : converged ? 'converged' : 'exhausted',
    reachable,
    steps: trace.length,
    statesScored,
    candidates,
    params,
    mode,
    trace,
    leaderPath,
  };
}

/** Every child of every beam state, one unused candidate added, identical sets merged. */
function expand(
  beam: readonly ScoredState[],
  candidates: readonly number[],
): { units: number[]; key: string; parent: number[] }[] {
  const seen = new Set<string>();
  const children: { units: number[]; key: string; parent: number[] }[] = [];
  for (const state of beam) {
    const used = new Set(state.units);
    for (const unit of candidates) {
      if (used.has(unit)) continue;
      const units = withUnit(state.units, unit);
      const key = units.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      children.push({ units, key, parent: state.units });
    }
  }
  return children;
}

/** `units` (ascending) with `unit` inserted in order: what sorting would give, without a sort. */
function withUnit(units: readonly number[], unit: number): number[] {
  const out = new Array<number>(units.length + 1);
  let i = 0;
  for (; i < units.length && units[i]! < unit; i++) out[i] = units[i]!;
  out[i] = unit;
  for (; i < units.length; i++) out[i + 1] = units[i]!;
  return out;
}
