/**
 * Control charts of a model in service over time (issue 27), pure and deterministic:
 *
 * - a Shewhart p-chart of a per-period rate with exact binomial limits at the pooled rate;
 * - the variable life-adjusted display (VLAD): cumulative expected − observed events;
 * - the upper risk-adjusted CUSUM of Steiner, Cook, Farewell & Treasure (Biostatistics 2000),
 *   testing "the risks are right" (odds ratio 1) against "the odds of the outcome are R_A
 *   times the model's" after every stay, with its control limit h chosen by simulating the
 *   chart under the model's own risks so that a sequence this long, with these risks, raises
 *   a false alarm with the chosen probability.
 *
 * Checked against a Python reference (training/reference/control_charts_reference.py, fixture
 * test/fixtures/control-charts-reference.json) in test/core/statistics/control-charts.test.ts.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { PChart, PChartPoint, RiskAdjustedCusum } from '../../../shared/monitoring';
import { binomialCdf } from './special-functions';

/**
 * The p-chart's tails, 0.135% each side: the mass beyond ±3σ of a normal, so the exact limits
 * keep the false-signal rate of the familiar 3-sigma chart where the normal approximation of
 * a small count would not.
 */
const P_CHART_TAIL = 0.00135;

/** Smallest k with P(X ≤ k) ≥ q for X ~ Binomial(n, p) (scipy.stats.binom.ppf), by bisection. */
function binomialQuantile(q: number, n: number, p: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (binomialCdf(mid, n, p) >= q) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A Shewhart p-chart of `measure` over periods (count of n stays each). The centre line is the
 * pooled rate Σcount / Σn; each period's limits are the exact binomial 0.135% and 99.865%
 * quantiles of Binomial(n, centre), divided by n, and a period signals when its count lies
 * beyond them. Periods without stays have no rate and are left out.
 */
export function pChart(
  measure: string,
  periods: readonly { label: string; count: number; n: number }[],
): PChart {
  let counted = 0;
  let stays = 0;
  for (const { label, count, n } of periods) {
    if (!Number.isInteger(n) || n < 0 || !Number.isInteger(count) || count < 0 || count > n)
      throw new RangeError(`pChart: period ${label} needs integers 0 ≤ count ≤ n (${count}, ${n})`);
    counted += count;
    stays += n;
  }
  const centre = stays === 0 ? 0 : counted / stays;
  const points: PChartPoint[] = [];
  for (const { label, count, n } of periods) {
    if (n === 0) continue;
    const lowerCount = binomialQuantile(P_CHART_TAIL, n, centre);
    const upperCount = binomialQuantile(1 - P_CHART_TAIL, n, centre);
    points.push({
      label,
      n,
      count,
      rate: count / n,
      lower: lowerCount / n,
      upper: upperCount / n,
      signal: count > upperCount ? 'above' : count < lowerCount ? 'below' : null,
    });
  }
  return { measure, centre, points };
}

function checkRisks(name: string, risks: readonly number[]): void {
  for (let i = 0; i < risks.length; i++) {
    const p = risks[i]!;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`${name}: risk ${i} must be in [0, 1], got ${p}`);
  }
}

function checkSequence(name: string, risks: readonly number[], outcomes: readonly number[]): void {
  if (risks.length !== outcomes.length)
    throw new RangeError(
      `${name}: ${risks.length} risks but ${outcomes.length} outcomes; need one of each per stay`,
    );
  checkRisks(name, risks);
  for (let i = 0; i < outcomes.length; i++) {
    const y = outcomes[i];
    if (y !== 0 && y !== 1) throw new RangeError(`${name}: outcome ${i} must be 0 or 1, got ${y}`);
  }
}

function checkOddsRatio(name: string, oddsRatio: number): void {
  // R_A = 1 is the null hypothesis itself: every weight would be 0.
  if (!(oddsRatio > 0 && Number.isFinite(oddsRatio) && oddsRatio !== 1))
    throw new RangeError(
      `${name}: odds ratio must be positive, finite and not 1, got ${oddsRatio}`,
    );
}

/**
 * The VLAD after each stay: Σ(p_i − y_i), expected minus observed events. It rises while fewer
 * events happen than the risks expect and falls while more do.
 */
export function vlad(risks: readonly number[], outcomes: readonly (0 | 1)[]): number[] {
  checkSequence('vlad', risks, outcomes);
  const values = new Array<number>(risks.length);
  let sum = 0;
  for (let i = 0; i < risks.length; i++) {
    sum += risks[i]! - outcomes[i]!;
    values[i] = sum;
  }
  return values;
}

/**
 * A risk of exactly 0 or 1 is a legal model output, but an outcome it calls impossible has
 * likelihood 0 under both hypotheses. Clamping to [1e-9, 1 − 1e-9] gives such a stay the
 * weight's limit as p → 0 or 1 instead of an undefined ratio.
 */
const RISK_FLOOR = 1e-9;

/** −log(1 − p + R·p): the CUSUM weight of a stay without the outcome; with it, add log R. */
function noEventWeight(risk: number, oddsRatio: number): number {
  const p = Math.min(Math.max(risk, RISK_FLOOR), 1 - RISK_FLOOR);
  return -Math.log1p(p * (oddsRatio - 1));
}

/**
 * Each stay's log-likelihood ratio of odds ratio R_A against 1 (Steiner et al. 2000):
 * W = y·log R_A − log(1 − p + R_A·p). Positive when the outcome happens, negative otherwise.
 */
export function cusumWeights(
  risks: readonly number[],
  outcomes: readonly (0 | 1)[],
  oddsRatio: number,
): number[] {
  checkSequence('cusumWeights', risks, outcomes);
  checkOddsRatio('cusumWeights', oddsRatio);
  const logOdds = Math.log(oddsRatio);
  return risks.map((p, i) => noEventWeight(p, oddsRatio) + (outcomes[i] === 1 ? logOdds : 0));
}

/**
 * The upper risk-adjusted CUSUM S_t = max(0, S_{t−1} + W_t) after each stay, and the stays
 * where it reached the limit h. After a signal the chart restarts at 0, so each signal is a
 * fresh run of evidence rather than the tail of the last one.
 */
export function riskAdjustedCusumValues(
  risks: readonly number[],
  outcomes: readonly (0 | 1)[],
  oddsRatio: number,
  limit: number,
): { values: number[]; signals: number[] } {
  if (!(limit > 0 && Number.isFinite(limit)))
    throw new RangeError(
      `riskAdjustedCusumValues: limit must be positive and finite, got ${limit}`,
    );
  const weights = cusumWeights(risks, outcomes, oddsRatio);
  const values = new Array<number>(weights.length);
  const signals: number[] = [];
  let chart = 0;
  for (let i = 0; i < weights.length; i++) {
    chart = Math.max(0, chart + weights[i]!);
    values[i] = chart;
    if (chart >= limit) {
      signals.push(i);
      chart = 0;
    }
  }
  return { values, signals };
}

export interface CusumLimitOptions {
  /** The odds ratio of deterioration to detect; 2 (the odds doubled) by default. */
  oddsRatio?: number;
  /** The chance of at least one false alarm over the sequence, 0.05 by default. */
  falseAlarmProbability?: number;
  /** Simulated sequences, 2,000 by default. */
  simulations?: number;
  /** PRNG seed, an integer in [0, 2^32). */
  seed?: number;
}

export interface CusumLimit {
  limit: number;
  /** The share of simulated in-control sequences whose chart reached the limit. */
  falseAlarmProbability: number;
  inControlRunLength: number | null;
  simulations: number;
}

/** Fewer false alarms than this in the run-length simulation leave its mean too uncertain (±30%). */
const MIN_SIGNALS = 10;

/**
 * The CUSUM's limit h for this sequence of risks, by simulation under the model's own risks
 * (outcomes ~ Bernoulli(p_i), in the given order): h is the smallest simulated maximum of the
 * chart (run without restarts) that at most a share α of the simulated maxima reach, so the
 * chance of any signal over the sequence when the risks are right is about α and, in the
 * simulation, at most α. Ties among the largest maxima (a very short sequence) can leave no
 * such value; h is then the largest maximum, and the reported probability says what it gives.
 *
 * The in-control run length is the mean number of stays between false alarms at h, the chart
 * fed by risks drawn with replacement from these and followed for simulations × stays stays
 * (about simulations × α alarms, since a run lasts about n/α stays); null when fewer than 10
 * alarms were seen. Following 2,000 separate runs to their first alarm would cost about 20×
 * the limit's simulation, seconds for 10,000 stays.
 */
export function cusumControlLimit(
  risks: readonly number[],
  options: CusumLimitOptions = {},
): CusumLimit {
  const { oddsRatio = 2, falseAlarmProbability = 0.05, simulations = 2000, seed = 1 } = options;
  checkRisks('cusumControlLimit', risks);
  checkOddsRatio('cusumControlLimit', oddsRatio);
  if (!(falseAlarmProbability > 0 && falseAlarmProbability < 0.5))
    throw new RangeError(
      `cusumControlLimit: false-alarm probability must be in (0, 0.5), got ${falseAlarmProbability}`,
    );
  if (!Number.isInteger(simulations) || simulations * falseAlarmProbability < 1)
    throw new RangeError(
      `cusumControlLimit: ${simulations} simulations cannot resolve a false-alarm probability of ${falseAlarmProbability}`,
    );
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError(`cusumControlLimit: seed must be an integer in [0, 2^32), got ${seed}`);

  const stays = risks.length;
  const logOdds = Math.log(oddsRatio);
  const p = Float64Array.from(risks);
  const ifNone = Float64Array.from(risks, (risk) => noEventWeight(risk, oddsRatio));
  const ifEvent = ifNone.map((w) => w + logOdds);
  const rng = xoroshiro128plus(seed);

  const maxima = new Float64Array(simulations);
  for (let s = 0; s < simulations; s++) {
    let chart = 0;
    let highest = 0;
    for (let i = 0; i < stays; i++) {
      chart += uniformFloat64(rng) < p[i]! ? ifEvent[i]! : ifNone[i]!;
      if (chart < 0) chart = 0;
      else if (chart > highest) highest = chart;
    }
    maxima[s] = highest;
  }
  maxima.sort();

  const allowed = Math.floor(simulations * falseAlarmProbability);
  let first = simulations - allowed;
  while (first < simulations && maxima[first - 1] === maxima[first]) first++;
  const highest = maxima[simulations - 1]!;
  // No simulated path rose at all (an empty sequence, or risks too small to draw an event):
  // h is then |log R_A|, the most a single stay can add to the chart.
  const limit = first < simulations ? maxima[first]! : highest > 0 ? highest : Math.abs(logOdds);
  let reached = 0;
  for (let s = 0; s < simulations; s++) if (maxima[s]! >= limit) reached++;

  // The run length, as one long in-control chart restarted after each signal: by renewal,
  // stays followed ÷ signals estimates the mean run length, for the same work as the limit.
  const budget = stays === 0 ? 0 : simulations * stays;
  let signalled = 0;
  let chart = 0;
  for (let t = 0; t < budget; t++) {
    // One draw picks the stay (integer part) and its outcome (fraction, uniform given it).
    const u = uniformFloat64(rng) * stays;
    const i = Math.floor(u);
    chart += u - i < p[i]! ? ifEvent[i]! : ifNone[i]!;
    if (chart < 0) chart = 0;
    else if (chart >= limit) {
      signalled++;
      chart = 0;
    }
  }
  const inControlRunLength = signalled < MIN_SIGNALS ? null : budget / signalled;

  return {
    limit,
    falseAlarmProbability: reached / simulations,
    inControlRunLength,
    simulations,
  };
}

/** The risk-adjusted CUSUM beside the VLAD: its limit by simulation, then its path. */
export function riskAdjustedCusum(
  risks: readonly number[],
  outcomes: readonly (0 | 1)[],
  options: CusumLimitOptions = {},
): RiskAdjustedCusum {
  checkSequence('riskAdjustedCusum', risks, outcomes);
  const oddsRatio = options.oddsRatio ?? 2;
  const chosen = cusumControlLimit(risks, { ...options, oddsRatio });
  return {
    oddsRatio,
    ...chosen,
    ...riskAdjustedCusumValues(risks, outcomes, oddsRatio, chosen.limit),
  };
}
