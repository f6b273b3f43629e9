/**
 * One formatter for every front end (issue 24, item 6): the same Estimate in the same style
 * reads the same in the terminal, the PDF, the Markdown report and the dashboard, and the
 * strings are the ones a reader is promised (checked by hand below).
 */
import { describe, expect, it } from 'vitest';
import { guaranteeLines } from '../../../src/main/cli/run-summary-text';
import { withCi } from '../../../src/main/core/evaluation/results-page/markdown-format';
import { figure } from '../../../src/main/core/report/figure-format';
import { comparisonCells } from '../../../src/renderer/src/formatting/comparison-format';
import type { GuaranteeOutcome } from '../../../src/shared/abstention';
import type { Estimate } from '../../../src/shared/estimate';
import {
  estimateText,
  figureCell,
  figureNumber,
  figureText,
  intervalText,
  pValueCell,
  pValueText,
  type FigureStyle,
} from '../../../src/shared/figure-text';

const estimate = (
  value: number | null,
  lower: number | null,
  upper: number | null,
  missing: Estimate['missing'] = null,
): Estimate => ({
  estimate: value,
  missing,
  lower,
  upper,
  method: lower === null ? 'none' : 'clopper-pearson',
  resamples: 0,
  skipped: 0,
});

const withInterval = estimate(0.125, 0.08, 0.171);
const noInterval = estimate(0.5, null, null);
const undefinedFigure = estimate(null, null, null, 'undefined');
const infiniteFigure = estimate(null, null, null, 'infinite');
const FIGURES = { withInterval, noInterval, undefinedFigure, infiniteFigure };
const STYLES: FigureStyle[] = [
  'percent',
  'decimal',
  'ratio',
  'points',
  'units',
  'fine',
  'decimal-signed',
  'units-signed',
  'fine-signed',
];

/** What the terminal prints for an accepted-stay error rate of `rate`. */
function cliGuaranteeRate(rate: Estimate): string {
  const g: GuaranteeOutcome = {
    policy: 'exhausted',
    alpha: 0.1,
    delta: 0.1,
    certified: true,
    validationStays: 40,
    acceptedValidation: 30,
    errorsAcceptedValidation: 2,
    validationBound: 0.09,
    cut: 0.5,
    acceptedAudited: 8,
    errorsAcceptedAudited: 1,
    errorRateAcceptedAudited: rate,
    held: true,
    cappedByBudget: false,
  };
  return guaranteeLines(g)[0]!;
}

describe('one formatter for every front end', () => {
  it('writes a table cell the same in the PDF, the Markdown and the dashboard', () => {
    for (const [name, e] of Object.entries(FIGURES)) {
      for (const style of STYLES) {
        const cell = figureCell(e, style);
        expect(figure(e, style), `${name} ${style} PDF`).toBe(cell);
        expect(withCi(e, style), `${name} ${style} Markdown`).toBe(cell);
      }
      const cells = comparisonCells({
        key: name,
        label: name,
        style: 'decimal',
        difference: {
          a: e,
          b: e,
          difference: e,
          contrast: 'difference',
          test: 'bootstrap',
          pValue: 0.5,
          adjustedP: 0.5,
          flagged: false,
          notTested: null,
          absentData: null,
          better: 'higher',
          reading: 'not-shown',
        },
      });
      expect(cells.a, `${name} dashboard comparison`).toBe(figureCell(e, 'decimal'));
      expect(cells.contrast, `${name} dashboard difference`).toBe(figureCell(e, 'decimal-signed'));
    }
  });

  it('writes a sentence the same in the terminal and on the dashboard', () => {
    for (const e of [withInterval, noInterval])
      expect(cliGuaranteeRate(e)).toContain(
        `accepted audited stays wrong, ${figureText(e, 'percent')}:`,
      );
  });

  it('reads as promised, checked by hand', () => {
    expect(figureText(withInterval, 'percent')).toBe('12.5% (95% CI 8.0% to 17.1%)');
    expect(figureCell(withInterval, 'percent')).toBe('12.5% (8.0–17.1%)');
    expect(figureCell(withInterval, 'decimal')).toBe('0.125 (0.080–0.171)');
    expect(figureCell(withInterval, 'ratio')).toBe('0.13× (0.08–0.17×)');
    expect(figureText(withInterval, 'points')).toBe('+12.5 pp (95% CI +8.0 pp to +17.1 pp)');
    expect(figureCell(withInterval, 'points')).toBe('+12.5 pp (+8.0 to +17.1 pp)');
    expect(figureText(noInterval, 'decimal')).toBe('0.500 (too few stays to estimate an interval)');
    expect(figureCell(noInterval, 'decimal')).toBe('0.500 — too few to estimate');
    expect(figureText(undefinedFigure, 'percent')).toBe('n/a (undefined)');
    expect(figureCell(infiniteFigure, 'ratio')).toBe('∞ (infinite)');
    expect(estimateText(infiniteFigure, 'ratio')).toBe('∞ (infinite)');
    expect(intervalText(undefinedFigure, 'ratio')).toBe('too few stays to estimate an interval');
    expect(cliGuaranteeRate(withInterval)).toContain(
      '1 of 8 accepted audited stays wrong, 12.5% (95% CI 8.0% to 17.1%): held',
    );
  });

  it('writes a difference with its sign and a true minus', () => {
    const d = estimate(-0.0122, -0.0563, 0.0324);
    expect(figureCell(d, 'fine-signed')).toBe('−0.0122 (−0.0563 to +0.0324)');
    expect(figureCell(d, 'decimal')).toBe('−0.012 (−0.056 to 0.032)');
    expect(figureNumber(0.0001, 'decimal-signed')).toBe('±0.000');
    expect(figureNumber(-0.0001, 'percent')).toBe('0.0%');
  });

  it('writes p-values one way', () => {
    expect(pValueText(0.3612)).toBe('p = 0.36');
    expect(pValueText(0.00002)).toBe('p < 0.001');
    expect(pValueCell(0.0123)).toBe('0.012');
    expect(pValueCell(0.0002)).toBe('<0.001');
    expect(pValueCell(null)).toBe('–');
  });
});
