/**
 * What a team should do after comparing two runs, in a sentence or two, from what the
 * comparison found (RunFigureComparison.reading) and what each run carries (its warnings):
 * the committee reads this first, the tables after.
 */
import { figureText } from '../../../shared/figure-text';
import type { ComparedRunInfo, RunFigureComparison } from '../../../shared/run-comparison';

function reading(figures: readonly RunFigureComparison[], figure: RunFigureComparison['figure']) {
  return figures.find((f) => f.figure === figure);
}

const shownAsChange = (f: RunFigureComparison) =>
  `${figureText(f.a, 'decimal')} in A, ${figureText(f.b, 'decimal')} in B`;

export function comparisonAdvice(
  a: ComparedRunInfo,
  b: ComparedRunInfo,
  figures: readonly RunFigureComparison[],
): string[] {
  const out: string[] = [];
  const auroc = reading(figures, 'auroc');
  if (auroc?.reading === 'worse')
    out.push(
      `The model separates stays with and without the outcome less well in run B (AUROC ${shownAsChange(auroc)}): do not rely on its alerts there until it has been retrained or validated on that cohort's own stays.`,
    );
  const noAlerts = reading(figures, 'fpr')?.absentData?.startsWith('run B raised no alerts');
  const sensitivity = reading(figures, 'tpr');
  if (noAlerts)
    out.push(
      `Run B raised no alerts at the threshold it carried (${b.threshold.toFixed(2)}), so it caught none of the stays with the outcome: choose a threshold on that cohort's own validation stays before use.`,
    );
  else if (sensitivity?.reading === 'worse')
    out.push(
      `Run B catches fewer of the stays with the outcome (sensitivity ${shownAsChange(sensitivity)}): review the threshold on that cohort's own validation stays.`,
    );
  const calibrationWorse = ['observedExpected', 'ece'].some(
    (f) => reading(figures, f as RunFigureComparison['figure'])?.reading === 'worse',
  );
  if (calibrationWorse || b.calibrationTransported)
    out.push(
      calibrationWorse
        ? `Run B's predicted risks do not match its observed outcomes as well as run A's: recalibrate on the second site's validation stays before its risks or alerts are used there.`
        : `Run B's risks and threshold were calibrated on another cohort: recalibrate on the second site's validation stays before use there.`,
    );
  const synthetic = [a, b].filter((r) => r.synthetic);
  if (synthetic.length > 0)
    out.push(
      `${synthetic.length > 1 ? 'Both runs are' : `Run ${synthetic[0] === a ? 'A' : 'B'} is`} on SYNTHETIC data, which says nothing about patients: compare runs on patient data before drawing conclusions.`,
    );
  if (!figures.some((f) => f.reading === 'worse') && !noAlerts)
    out.unshift(
      'No figure is shown to be worse in run B. Before relying on the model there, read the intervals of B − A: they bound how large a drop the data cannot rule out.',
    );
  return out;
}
