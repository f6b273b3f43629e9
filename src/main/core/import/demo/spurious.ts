import type { Split } from '../../../../shared/domain';
import { WINDOW_HOURS, type Chart } from './charting';
import type { Random } from './random';

/**
 * The paper's spurious-feature injection (appendix "Spurious Feature Injection"): a binary
 * feature 80/20 correlated with mortality where models are developed, uncorrelated where
 * they are tested. Here it is a charting artefact a model can see and a clinician would
 * dismiss: an interface default that writes temperature as exactly 37.0 °C every hour,
 * overwriting the real readings.
 *
 * - train and val: flagged in 80% of E1-positive stays and 20% of E1-negative stays;
 * - test: flagged in 26.9% of stays (the development rate at 11.5% prevalence),
 *   independent of every label.
 *
 * The flag is drawn from its own random stream, so a spurious cohort is the clean cohort of
 * the same seed plus the artefact (and the `spurious_flag` attribute), nothing else.
 */
export const SPURIOUS_ARTEFACT = {
  variable: 'temperature',
  value: 37.0,
  flaggedIfPositive: 0.8,
  flaggedIfNegative: 0.2,
  flaggedInTest: 0.8 * 0.115 + 0.2 * 0.885,
} as const;

export function drawSpuriousFlag(split: Split, e1: 0 | 1, rng: Random): boolean {
  const a = SPURIOUS_ARTEFACT;
  if (split === 'test') return rng.chance(a.flaggedInTest);
  return rng.chance(e1 === 1 ? a.flaggedIfPositive : a.flaggedIfNegative);
}

/** Silences the real temperature readings; call before charting vitals. */
export function prepareSpuriousArtefact(chart: Chart): void {
  chart.silence(SPURIOUS_ARTEFACT.variable);
}

/** Writes the constant into every hour, on the hour. */
export function chartSpuriousArtefact(chart: Chart): void {
  for (let hour = 0; hour < WINDOW_HOURS; hour++)
    chart.force(SPURIOUS_ARTEFACT.variable, hour, SPURIOUS_ARTEFACT.value);
}

export function describeSpuriousArtefact(): string {
  const a = SPURIOUS_ARTEFACT;
  return (
    `Spurious feature injected (the paper's appendix): in stays with spurious_flag = yes, ${a.variable} is charted every hour at exactly ${a.value.toFixed(1)} °C ` +
    `(an interface default overwriting the real readings). In train and val the flag is set for ${a.flaggedIfPositive * 100}% of E1-positive and ` +
    `${a.flaggedIfNegative * 100}% of E1-negative stays; in test for ${(a.flaggedInTest * 100).toFixed(1)}% of stays, independent of every label.`
  );
}
