/**
 * The decision threshold, chosen on the calibrated validation probabilities by a named rule
 * (src/shared/calibration.ts), with what it achieved there.
 *
 * A stay is predicted positive iff p' ≥ t. The candidate thresholds are the distinct
 * calibrated values observed on the split: between two of them every figure is constant, so
 * nothing else could do better, and a threshold that is an observed value is reproducible
 * from the file. Ties: stays with exactly the same p' are all on the same side of any
 * candidate (predicted positive when t equals their value), so a rule can never split a tie
 * group, which isotonic calibration makes large; figures are counted over whole groups.
 *
 * * fixed:       t = the given value (any number in [0, 1], observed or not).
 * * sensitivity: the highest candidate whose sensitivity is ≥ the target (always exists:
 *                the lowest candidate predicts every stay positive, sensitivity 1).
 * * ppv:         the lowest candidate whose PPV is ≥ the target (the most sensitive such t);
 *                PPV is not monotone in t, so the walk checks every candidate.
 * * prevalence:  the lowest candidate t with #(p' ≥ t) ≤ #events: as many predicted
 *                positives as events, or fewer when a tie group straddles that count.
 * * youden:      the candidate maximising sensitivity + specificity − 1, compared exactly as
 *                the integer TP·N − FP·P; among equal maxima the highest t (fewest positives,
 *                as argmax over scikit-learn's roc_curve picks).
 *
 * A rule no candidate satisfies (PPV ≥ 0.99 when the best is 0.6; prevalence when the top
 * tie group alone outnumbers the events) is bad input: the InputError names the rule and the
 * best that was attainable.
 */
import type { ThresholdChoice, ThresholdRule } from '../../../shared/calibration';
import { InputError } from '../errors/input-error';
import { checkBothClasses, checkLabelledProbabilities, type Numbers } from './labelled-scores';
import { formatThresholdRule } from '../../../shared/calibration';
import { checkThresholdRule } from './threshold-rule';

export type ThresholdFigures = Omit<ThresholdChoice, 'rule' | 'value'>;

/**
 * What "positive iff p ≥ t" achieves against the labels. Sensitivity is NaN without events,
 * specificity NaN without non-events, PPV null when nothing is predicted positive.
 */
export function figuresAtThreshold(
  probabilities: Numbers,
  labels: Numbers,
  threshold: number,
): ThresholdFigures {
  const { stays, events } = checkLabelledProbabilities('threshold figures', probabilities, labels);
  let truePositives = 0;
  let falsePositives = 0;
  for (let i = 0; i < stays; i++) {
    if (probabilities[i]! >= threshold) {
      if (labels[i] === 1) truePositives++;
      else falsePositives++;
    }
  }
  const predicted = truePositives + falsePositives;
  const nonEvents = stays - events;
  return {
    stays,
    events,
    sensitivity: events > 0 ? truePositives / events : NaN,
    specificity: nonEvents > 0 ? (nonEvents - falsePositives) / nonEvents : NaN,
    ppv: predicted > 0 ? truePositives / predicted : null,
    predictedPositiveRate: stays > 0 ? predicted / stays : NaN,
  };
}

/** One candidate threshold: a distinct value and the counts of stays at or above it. */
interface Candidate {
  value: number;
  /** Stays with exactly this value. */
  tied: number;
  truePositives: number;
  falsePositives: number;
}

/** Distinct values, highest first, with cumulative counts. */
function candidates(probabilities: Numbers, labels: Numbers): Candidate[] {
  const order = Array.from({ length: probabilities.length }, (_, i) => i).sort(
    (a, b) => probabilities[b]! - probabilities[a]!,
  );
  const out: Candidate[] = [];
  let truePositives = 0;
  let falsePositives = 0;
  for (const i of order) {
    const value = probabilities[i]!;
    if (labels[i] === 1) truePositives++;
    else falsePositives++;
    const last = out[out.length - 1];
    if (last && last.value === value) {
      last.tied++;
      last.truePositives = truePositives;
      last.falsePositives = falsePositives;
    } else out.push({ value, tied: 1, truePositives, falsePositives });
  }
  return out;
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Chooses t on the calibrated probabilities of a split by the rule; see the file comment. */
export function chooseThreshold(
  rule: ThresholdRule,
  calibrated: Numbers,
  labels: Numbers,
): ThresholdChoice {
  checkThresholdRule(rule);
  const name = `threshold rule ${formatThresholdRule(rule)}`;
  const { events, stays } = checkBothClasses(name, calibrated, labels);
  const nonEvents = stays - events;
  const refuse = (problem: string): never => {
    throw new InputError(name, null, null, problem);
  };
  const choose = (value: number): ThresholdChoice => ({
    rule,
    value,
    ...figuresAtThreshold(calibrated, labels, value),
  });
  if (rule.kind === 'fixed') return choose(rule.value);

  const all = candidates(calibrated, labels);
  switch (rule.kind) {
    case 'sensitivity': {
      const first = all.find((c) => c.truePositives / events >= rule.atLeast);
      return choose(first!.value); // the last candidate has sensitivity 1
    }
    case 'ppv': {
      let chosen: Candidate | null = null;
      let best: Candidate = all[0]!;
      for (const c of all) {
        const ppv = c.truePositives / (c.truePositives + c.falsePositives);
        if (ppv >= rule.atLeast) chosen = c;
        if (ppv > best.truePositives / (best.truePositives + best.falsePositives)) best = c;
      }
      if (chosen) return choose(chosen.value);
      const bestPpv = best.truePositives / (best.truePositives + best.falsePositives);
      return refuse(
        `no threshold reaches PPV ≥ ${rule.atLeast} on these ${stays} stays; the best attainable is ${percent(bestPpv)} (at t = ${best.value.toPrecision(4)}, ${best.truePositives + best.falsePositives} predicted positive). Lower the target or use another rule.`,
      );
    }
    case 'prevalence': {
      let chosen: Candidate | null = null;
      for (const c of all) {
        if (c.truePositives + c.falsePositives > events) break;
        chosen = c;
      }
      if (chosen) return choose(chosen.value);
      return refuse(
        `the ${all[0]!.tied} stays tied at the highest calibrated probability (${all[0]!.value.toPrecision(4)}) already outnumber the ${events} events, so no threshold predicts at most as many positives as there are events. Use another rule (e.g. youden) or calibration method.`,
      );
    }
    case 'youden': {
      let best = all[0]!;
      const score = (c: Candidate) => c.truePositives * nonEvents - c.falsePositives * events;
      for (const c of all) if (score(c) > score(best)) best = c;
      return choose(best.value);
    }
  }
}
