/**
 * The operating points a team could choose, read from a run's stored risks and outcomes
 * without re-auditing: the run's own threshold, the thresholds that reach target
 * sensitivities, and those that keep the alerts within target shares of stays. Each point's
 * rates have exact Clopper–Pearson intervals, and the review queue at the run's budget is
 * re-ranked at the point's threshold.
 */
import type { Estimate } from '../../../shared/estimate';
import type { OperatingPoint } from '../../../shared/monitoring';
import { proportionEstimate } from './exact-intervals';

const NONE = { lower: null, upper: null, method: 'none', resamples: 0, skipped: 0 } as const;

export interface OperatingPointOptions {
  /** The run's threshold: always the first point. */
  runThreshold: number;
  /** Target sensitivities (default 0.5 to 0.9 by 0.1). */
  sensitivities?: number[];
  /** Target shares of stays alerted on (default 5%, 10%, 20%). */
  alertRates?: number[];
  /** The review budget: stays the queue holds. */
  queueSize: number;
  level?: number;
}

/** An estimate scaled by a constant (a share as alerts per 100 stays). */
function scaled(e: Estimate, factor: number): Estimate {
  const by = (x: number | null) => (x === null ? null : x * factor);
  return { ...e, estimate: by(e.estimate), lower: by(e.lower), upper: by(e.upper) };
}

/**
 * 1/PPV, its interval the PPV's inverted (1/upper to 1/lower): undefined without alerts,
 * infinite when no alert was an event (PPV 0), whose inverted lower bound would be infinite.
 */
function inverted(ppv: Estimate): Estimate {
  if (ppv.estimate === null) return { ...ppv };
  if (ppv.estimate === 0) return { estimate: null, missing: 'infinite', ...NONE };
  if (ppv.lower === null || ppv.upper === null || ppv.lower === 0)
    return { estimate: 1 / ppv.estimate, missing: null, ...NONE };
  return { ...ppv, estimate: 1 / ppv.estimate, lower: 1 / ppv.upper, upper: 1 / ppv.lower };
}

function checkTargets(name: string, targets: readonly number[]): void {
  for (const t of targets)
    if (!(t > 0 && t <= 1))
      throw new RangeError(`operatingPoints: ${name} targets must be in (0, 1], got ${t}`);
}

/**
 * Operating points: alert when risk ≥ threshold. In order: the run's threshold; for each
 * target sensitivity s, the largest observed risk whose sensitivity is ≥ s (left out when
 * there is no event); for each target alert rate r, the smallest observed risk whose share of
 * stays alerted on is ≤ r, the share closest to r from below (a threshold's share is
 * distinct for each distinct risk, so there is no tie; left out when even the largest risk
 * alerts on more than r of stays).
 *
 * The review queue at a threshold holds the `queueSize` stays most likely to be decided
 * wrongly by their calibrated risk p (1 − p when alerted on, else p), ties by index; its
 * yield is the share of them whose decision differs from the outcome.
 */
export function operatingPoints(
  risks: readonly number[],
  outcomes: readonly (0 | 1)[],
  options: OperatingPointOptions,
): OperatingPoint[] {
  if (risks.length !== outcomes.length)
    throw new RangeError(`operatingPoints: ${risks.length} risks but ${outcomes.length} outcomes`);
  for (const p of risks)
    if (!(p >= 0 && p <= 1)) throw new RangeError(`operatingPoints: risk ${p} is not in [0, 1]`);
  for (const y of outcomes)
    if (y !== 0 && y !== 1)
      throw new RangeError(`operatingPoints: outcome ${String(y)} is not 0/1`);
  const { runThreshold, queueSize } = options;
  if (!Number.isInteger(queueSize) || queueSize < 0)
    throw new RangeError(`operatingPoints: queueSize must be a count, got ${queueSize}`);
  const sensitivities = options.sensitivities ?? [0.5, 0.6, 0.7, 0.8, 0.9];
  const alertRates = options.alertRates ?? [0.05, 0.1, 0.2];
  checkTargets('sensitivity', sensitivities);
  checkTargets('alert-rate', alertRates);
  const level = options.level ?? 0.95;
  const n = risks.length;
  const events = outcomes.reduce<number>((s, y) => s + y, 0);

  // Distinct risks from the largest down, with the stays and events at or above each:
  // lowering the threshold through them only ever adds alerts.
  const order = risks.map((_, i) => i).sort((a, b) => risks[b]! - risks[a]!);
  const steps: { threshold: number; alerts: number; caught: number }[] = [];
  let alerts = 0;
  let caught = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    alerts++;
    caught += outcomes[i]!;
    if (k === n - 1 || risks[order[k + 1]!]! < risks[i]!)
      steps.push({ threshold: risks[i]!, alerts, caught });
  }

  const point = (threshold: number, chosenBy: OperatingPoint['chosenBy']): OperatingPoint => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    const wrongChance = risks.map((p, i) => {
      const alert = p >= threshold;
      if (alert && outcomes[i] === 1) tp++;
      else if (alert) fp++;
      else if (outcomes[i] === 1) fn++;
      else tn++;
      return alert ? 1 - p : p;
    });
    const queue = wrongChance
      .map((_, i) => i)
      .sort((a, b) => wrongChance[b]! - wrongChance[a]! || a - b)
      .slice(0, queueSize);
    const wrong = queue.filter((i) => (risks[i]! >= threshold ? 1 : 0) !== outcomes[i]).length;
    const ppv = proportionEstimate(tp, tp + fp, level);
    return {
      chosenBy,
      threshold,
      sensitivity: proportionEstimate(tp, tp + fn, level),
      specificity: proportionEstimate(tn, tn + fp, level),
      ppv,
      alertsPer100Stays: scaled(proportionEstimate(tp + fp, n, level), 100),
      numberNeededToEvaluate: inverted(ppv),
      queued: queue.length,
      queueYield: proportionEstimate(wrong, queue.length, level),
    };
  };

  const points = [point(runThreshold, { kind: 'run-threshold' })];
  if (events > 0)
    for (const target of sensitivities) {
      // Sensitivity rises as the threshold falls, so the first step reaching it is the largest.
      const step = steps.find((s) => s.caught / events >= target);
      if (step) points.push(point(step.threshold, { kind: 'sensitivity', target }));
    }
  for (const target of alertRates) {
    // The alert share rises as the threshold falls: the last step within the target.
    const step = steps.findLast((s) => s.alerts / n <= target);
    if (step) points.push(point(step.threshold, { kind: 'alert-rate', target }));
  }
  return points;
}
