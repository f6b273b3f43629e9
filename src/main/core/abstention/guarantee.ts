/**
 * The guaranteed cut: a review-score cut chosen on the validation split such that, with
 * probability ≥ 1 − δ over the draw of the validation stays, the error rate among the
 * ACCEPTED (not flagged) predictions of new stays from the same population is ≤ α.
 *
 * Procedure: Learn-then-Test (Angelopoulos, Bates, Candès, Jordan & Lei, "Learn then Test:
 * Calibrating Predictive Algorithms to Achieve Risk Control", arXiv:2110.01052, 2021) with
 * exact binomial (Clopper–Pearson) p-values and the Bonferroni correction as the
 * family-wise-error-controlling procedure:
 *
 * 1. Candidates are fixed before looking at the data: J coverage levels c_1 … c_J (default
 *    5%, 10%, …, 100%). With n validation stays, candidate j accepts the m_j = ⌊c_j n⌋ stays
 *    least likely wrong: its cut v_j is the (m_j + 1)-th smallest validation score (+∞ for
 *    m_j = n), and a stay is accepted iff its score < v_j (strictly).
 * 2. For each candidate, N_j = validation stays with score < v_j (m_j, fewer with ties at
 *    the cut) and X_j = errors among them. Null hypothesis H_j: the population risk
 *    R(v_j) = P(error | score < v_j) > α. p-value p_j = P(Binomial(N_j, α) ≤ X_j) (= 1 when
 *    N_j = 0).
 * 3. Certify every candidate with p_j ≤ δ/J (Bonferroni); choose the certified candidate
 *    accepting the most validation stays. None certified: accept nothing (flag every stay)
 *    and say so.
 *
 * Why p_j is valid although v_j depends on the data: given the value v of an order statistic,
 * the stays strictly below it are independent draws from the score distribution restricted
 * to (−∞, v), so X_j given N_j is exactly Binomial(N_j, R(v_j)); hence
 * P(p_j ≤ δ/J and R(v_j) > α) ≤ δ/J for each j, and by the union bound the probability that
 * ANY certified candidate has risk > α is ≤ δ. The Bonferroni union bound needs no
 * ordering of the candidates; fixed-sequence testing (LTT's other suggestion) would need the
 * first hypothesis in a pre-set order to be rejectable, which fails on a small validation
 * split whenever the strictest fixed score cut accepts too few stays (with α = δ = 0.1 at
 * least 22 error-free stays), and over data-dependent cuts it is not exactly valid.
 * p_j ≤ δ/J is the same as the Clopper–Pearson upper bound at confidence 1 − δ/J being ≤ α;
 * that bound is reported for the chosen candidate.
 *
 * Assumptions: validation and audited stays are exchangeable draws from one population, and
 * the score is fixed before the validation outcomes are seen (a policy fitted on the same
 * validation stays breaks this; see the policies for how each keeps it). The guarantee is on
 * the population error rate among accepted stays; the realised rate on a finite audit
 * fluctuates around it.
 */
import { precise } from './format';
import { counted } from '../../../shared/counted';
import { binomialCdf, clopperPearsonUpper } from '../statistics/special-functions';

/** 5%, 10%, …, 100%: the pre-specified coverage levels. */
export const DEFAULT_COVERAGE_GRID: readonly number[] = Array.from(
  { length: 20 },
  (_, j) => (j + 1) / 20,
);

export const DEFAULT_GUARANTEE = { alpha: 0.1, delta: 0.1 } as const;

export interface GuaranteeOptions {
  alpha: number;
  delta: number;
  /** Coverage levels tested, each in (0, 1]; fixed in advance (default DEFAULT_COVERAGE_GRID). */
  coverageGrid?: readonly number[];
}

/** The chosen cut: plain JSON (no infinities). */
export interface GuaranteedCut {
  alpha: number;
  delta: number;
  /** Candidates tested (the Bonferroni divisor J). */
  candidates: number;
  /** Whether some candidate was certified. When false, every stay is flagged. */
  certified: boolean;
  /**
   * Accept a stay iff its score < cut. null when there is no finite cut: every stay accepted
   * (certified at 100% coverage) or every stay flagged (not certified).
   */
  cut: number | null;
  /** The chosen candidate's coverage level on validation (0 when none was certified). */
  coverage: number;
  /** Validation stays accepted by the cut, and errors among them. */
  acceptedValidation: number;
  errorsAcceptedValidation: number;
  validationStays: number;
  /** Clopper–Pearson upper bound on the accepted error rate at confidence 1 − δ/J; null if none. */
  upperBound: number | null;
}

/**
 * The guaranteed cut for `scores` (higher = more likely wrong) with per-stay `errors`
 * (1 = wrong) on the validation split.
 */
export function guaranteedCut(
  scores: ArrayLike<number>,
  errors: ArrayLike<number>,
  options: GuaranteeOptions,
): GuaranteedCut {
  const { alpha, delta, coverageGrid = DEFAULT_COVERAGE_GRID } = options;
  const n = scores.length;
  if (errors.length !== n)
    throw new RangeError(`guaranteedCut: ${n} scores but ${errors.length} errors`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`guaranteedCut: α must be in (0, 1)`);
  if (!(delta > 0 && delta < 1)) throw new RangeError(`guaranteedCut: δ must be in (0, 1)`);
  if (coverageGrid.length === 0 || coverageGrid.some((c) => !(c > 0 && c <= 1)))
    throw new RangeError('guaranteedCut: coverage levels must be in (0, 1]');
  const sorted = Float64Array.from(scores).sort();
  if (sorted.some(Number.isNaN)) throw new RangeError('guaranteedCut: a score is NaN');
  const level = delta / coverageGrid.length;

  let best: { cut: number; coverage: number; accepted: number; errors: number } | null = null;
  for (const coverage of coverageGrid) {
    const m = Math.floor(coverage * n + 1e-9);
    if (m === 0) continue;
    const cut = m >= n ? Infinity : sorted[m]!;
    let accepted = 0;
    let errorsAccepted = 0;
    for (let i = 0; i < n; i++) {
      if (scores[i]! < cut) {
        accepted++;
        errorsAccepted += errors[i]!;
      }
    }
    if (accepted === 0) continue;
    const pValue = binomialCdf(errorsAccepted, accepted, alpha);
    if (pValue <= level && (best === null || accepted > best.accepted))
      best = { cut, coverage, accepted, errors: errorsAccepted };
  }
  const base = { alpha, delta, candidates: coverageGrid.length, validationStays: n };
  if (!best) {
    return {
      ...base,
      certified: false,
      cut: null,
      coverage: 0,
      acceptedValidation: 0,
      errorsAcceptedValidation: 0,
      upperBound: null,
    };
  }
  return {
    ...base,
    certified: true,
    cut: Number.isFinite(best.cut) ? best.cut : null,
    coverage: best.coverage,
    acceptedValidation: best.accepted,
    errorsAcceptedValidation: best.errors,
    upperBound: clopperPearsonUpper(best.errors, best.accepted, 1 - level),
  };
}

/** Flags of the cut: a stay is flagged iff it is not accepted (score ≥ cut). */
export function flagsOfCut(scores: ArrayLike<number>, cut: GuaranteedCut): boolean[] {
  if (!cut.certified) return Array.from(scores, () => true);
  const limit = cut.cut ?? Infinity;
  return Array.from(scores, (s) => !(s < limit));
}

/** The cut in words, for a policy's `fitted` sentence. */
export function describeCut(cut: GuaranteedCut, score = 'score'): string {
  const level = `α = ${cut.alpha}, δ = ${cut.delta}`;
  if (!cut.certified)
    return (
      `no cut certifies error ≤ ${cut.alpha} among accepted with probability ≥ ${1 - cut.delta} ` +
      `on ${cut.validationStays} validation stays (${level}, ${cut.candidates} candidates): every stay is flagged`
    );
  const where = cut.cut === null ? 'every stay accepted' : `accept ${score} < ${precise(cut.cut)}`;
  return (
    `guaranteed cut (${level}, Learn-then-Test, Bonferroni over ${cut.candidates} coverage levels): ` +
    `${where}; on validation ${cut.acceptedValidation} of ${cut.validationStays} accepted with ` +
    `${counted(cut.errorsAcceptedValidation, 'error')}, Clopper–Pearson bound ${precise(cut.upperBound!)}`
  );
}
