/**
 * Calibration in the large as a committee reads it: how many outcomes the model's risks
 * expected against how many happened. One sentence for the terminal, the PDF and the app.
 */
import type { CareSection } from './audit-statistics';
import { figureText } from './figure-text';

type ObservedExpected = Pick<CareSection, 'events' | 'expectedEvents' | 'observedExpected'>;

/** "14 outcomes observed, 11.3 expected from the model's risks: observed ÷ expected 1.24 (95% CI 0.68 to 2.08)". */
export function observedExpectedWords(care: ObservedExpected): string {
  const observed = `${care.events} ${care.events === 1 ? 'outcome' : 'outcomes'} observed`;
  return `${observed}, ${care.expectedEvents.toFixed(1)} expected from the model's risks: observed ÷ expected ${figureText(care.observedExpected, 'units')}`;
}
