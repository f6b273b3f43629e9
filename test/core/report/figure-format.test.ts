/**
 * How the report prints figures: "0.804 (0.708–0.881)", percentages, the reason a figure has
 * no value, "too few to estimate" where no interval can be shown, and the W/N unit labels.
 */
import { describe, expect, it } from 'vitest';
import { figure, unitLabel, utcMinute } from '../../../src/main/core/report/figure-format';
import { counted } from '../../../src/shared/counted';

const f = (estimate: number | null, lower: number | null, upper: number | null) => ({
  estimate,
  lower,
  upper,
  missing: estimate === null ? ('undefined' as const) : null,
});

describe('figure format', () => {
  it('prints an estimate with its interval', () => {
    expect(figure(f(0.80383, 0.7081, 0.88149))).toBe('0.804 (0.708–0.881)');
    expect(figure(f(1.5, 0.8, 2.25), 'ratio')).toBe('1.50× (0.80–2.25×)');
    expect(figure(f(0.125, 0.08, 0.171), 'percent')).toBe('12.5% (8.0–17.1%)');
  });

  it('spells out a range with a negative bound', () => {
    expect(figure(f(0.359, -0.232, 0.824), 'percent')).toBe('35.9% (−23.2 to 82.4%)');
  });

  it('says "too few to estimate" instead of an interval that cannot be shown', () => {
    const none = '— too few to estimate';
    // Withheld, open above (never "∞"), collapsed, equal once printed, or around another value.
    expect(figure(f(0.5, null, null))).toBe(`0.500 ${none}`);
    expect(figure(f(1.78, 0.79, null), 'ratio')).toBe(`1.78× ${none}`);
    expect(figure(f(1, 1, 1), 'percent')).toBe(`100.0% ${none}`);
    expect(figure(f(1, 0.99999, 1.00001), 'ratio')).toBe(`1.00× ${none}`);
    expect(figure(f(0, 0.001, 3.62))).toBe(`0.000 ${none}`);
  });

  it('says why a figure has no value', () => {
    expect(figure(f(null, null, null))).toBe('n/a (undefined)');
    expect(figure({ estimate: null, missing: 'infinite', lower: 1, upper: null })).toBe(
      '∞ (infinite)',
    );
  });

  it('labels units and dates as people read them', () => {
    expect(unitLabel(0, 24)).toBe('W1');
    expect(unitLabel(23, 24)).toBe('W24');
    expect(unitLabel(24, 24)).toBe('N1');
    expect(unitLabel(43, 24)).toBe('N20');
    expect(utcMinute('2026-11-22T02:19:04.123Z')).toBe('2026-11-22 02:19 UTC');
    expect(utcMinute(null)).toBe('—');
  });

  it('puts a counted noun in the right number', () => {
    expect(counted(1, 'unit')).toBe('1 unit');
    expect(counted(0, 'note chunk')).toBe('0 note chunks');
    expect(counted(3, 'step')).toBe('3 steps');
    expect(counted(2, 'analysis', 'analyses')).toBe('2 analyses');
  });
});
