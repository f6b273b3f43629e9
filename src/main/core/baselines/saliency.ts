import { allUnits, queryForUnits, type EvidenceQuery, type StayModel } from '../models/stay-model';
import { fusedLogits } from './fused-logits';
import { emptyUnitScores, rankByScore, type UnitRanking } from './unit-ranking';

/**
 * Grouped Input×Gradient (method.md, "Baselines"): for unit u, the directional derivative
 * of the FUSED LOGIT along the unit's own input, by central difference
 *   (f(x + eps·x_u) − f(x − eps·x_u)) / (2 eps)  =  Σ_{i ∈ u} x_i ∂f/∂x_i  (+ O(eps²)).
 * A window is scaled through its TS weight (ts[t] = 1 ± eps, all else selected); a note
 * chunk through `noteInputScale` (1 ± eps on its embedding, every present chunk selected),
 * because scaling its mask would move the pooled mean's denominator, not the chunk's input.
 * Units are ranked by |score|; `scores` keeps the sign.
 *
 * eps = 1e-3: the truncation error is O(eps²)·f''' (≈1e-6 relative), while float32 model
 * arithmetic loses ~1e-7·|f| / eps ≈ 1e-4·|f| to cancellation — a larger eps would trade
 * that noise for curvature bias. The step is divided by the float32 values actually sent
 * (fround(1+eps) − fround(1−eps)), so for a model linear in its inputs the score equals the
 * exact Input×Gradient to double-precision rounding.
 *
 * One forward() call with 2 queries per unit.
 */
export interface SaliencyOptions {
  eps?: number;
}

export const DEFAULT_SALIENCY_EPS = 1e-3;

export async function saliencyRanking(
  model: StayModel,
  options: SaliencyOptions = {},
): Promise<UnitRanking> {
  const eps = options.eps ?? DEFAULT_SALIENCY_EPS;
  if (!(eps > 0 && eps < 1)) throw new RangeError(`saliency eps must be in (0, 1), got ${eps}`);
  const units = allUnits(model);
  const full = queryForUnits(model, units);
  const up = Math.fround(1 + eps);
  const down = Math.fround(1 - eps);
  const queries: EvidenceQuery[] = [];
  for (const unit of units) {
    for (const scale of [up, down]) queries.push(scaledQuery(model, full, unit, scale));
  }
  const logits = await fusedLogits(model, queries);
  const scores = emptyUnitScores(model);
  units.forEach((unit, i) => {
    scores[unit] = (logits[2 * i]! - logits[2 * i + 1]!) / (up - down);
  });
  const ranking = rankByScore(units, (unit) => Math.abs(scores[unit]!));
  return { method: 'saliency', ranking, scores, evaluations: queries.length };
}

/** The full-input query with one unit's input scaled by `scale`. */
function scaledQuery(
  model: Pick<StayModel, 'hours' | 'noteSlots'>,
  full: EvidenceQuery,
  unit: number,
  scale: number,
): EvidenceQuery {
  if (unit < model.hours) {
    const ts = Float32Array.from(full.ts);
    ts[unit] = scale;
    return { ts, note: full.note };
  }
  const noteInputScale = new Float32Array(model.noteSlots).fill(1);
  noteInputScale[unit - model.hours] = scale;
  return { ts: full.ts, note: full.note, noteInputScale };
}
