/**
 * Issue 25, "Comparisons that point the right way", on real data: the SYNTHETIC demo's test
 * split against the MIMIC-IV demo (real stays, ../shared/data) audited with the same shipped
 * E1 bundle. At MIMIC-IV the transported threshold raises no alert and the cohort has no
 * notes: the comparison must read the missed deaths as worse, leave the false-alarm rate of
 * 0 and the note share out as absent data, test the AUROC by DeLong's test with an interval,
 * carry each run's warnings and say what to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunComparison } from '../../src/shared/run-comparison';
import { demoStore } from '../support/audit-runs';
import { MIMIC_IV_DEMO } from '../support/mimic-demo';
import { runToe } from '../support/run-toe';

describe('toe compare: a synthetic-trained bundle carried to MIMIC-IV', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let comparison: RunComparison;
  let table: string;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, { TOE_EXECUTION_PROVIDER: 'cpu' });

  beforeAll(async () => {
    demo = await demoStore(600);
    for (const args of [
      ['audit', '--cohort', 'demo', '--task', 'E1', '--split', 'test'],
      ['import', 'mimic-iv', MIMIC_IV_DEMO],
      ['audit', '--cohort', 'mimic-iv', '--task', 'E1'],
    ]) {
      const step = toe(...args);
      expect(step.status, `${args.join(' ')}: ${step.stderr}`).toBe(0);
    }
    const runs = JSON.parse(toe('runs', '--json').stdout) as {
      id: number;
      spec: { split: string | null };
      provenance: { cohortName: string };
    }[];
    const id = (cohort: string, split: string | null) =>
      String(runs.find((r) => r.provenance.cohortName === cohort && r.spec.split === split)!.id);
    const pair = [id('demo', 'test'), id('mimic-iv', null)];
    const json = toe('compare', ...pair, '--json');
    expect(json.status, json.stderr).toBe(0);
    comparison = JSON.parse(json.stdout) as RunComparison;
    table = toe('compare', ...pair).stdout;
  }, 900_000);
  afterAll(() => demo.dispose());

  const figure = (name: string) => comparison.figures.find((f) => f.figure === name)!;

  it('does not flag an FPR of 0 from a run without alerts, nor a note share without notes', () => {
    expect(comparison.b.noteChunks).toBe(0);
    expect(figure('predictedPositiveRate').b.estimate).toBe(0);
    for (const name of ['fpr', 'ppv', 'noteShare']) {
      expect(figure(name).reading, name).toBe('absent-data');
      expect(figure(name).flagged, name).toBe(false);
    }
    expect(table).toMatch(
      /^False-alarm rate \(1 − specificity\)\s.*not compared: run B raised no alerts, so its false-alarm rate is 0 by construction$/m,
    );
    expect(table).toMatch(
      /^Share of evidence from notes\s.*not compared: run B's cohort "mimic-iv" has no notes$/m,
    );
  });

  it('reads the missed outcomes as worse and tests the AUROC drop by DeLong with an interval', () => {
    expect(figure('tpr').reading).toBe('worse');
    expect(table).toMatch(/^Sensitivity\s.*WORSE IN B$/m);
    const auroc = figure('auroc');
    expect(auroc.test).toBe('delong');
    expect(auroc.difference.estimate!).toBeLessThan(0);
    expect(auroc.difference.method).toBe('delong');
    expect(auroc.difference.lower!).toBeLessThan(auroc.difference.estimate!);
    expect(auroc.pValue).not.toBeNull();
    // Worse when Benjamini–Hochberg keeps it; otherwise said, with its interval, as not shown.
    expect(auroc.reading).toBe(auroc.flagged ? 'worse' : 'not-shown');
    expect(table).toMatch(
      /^AUROC \(separating outcome from no outcome\)\s+higher\s+\d\.\d{3}\s+\d\.\d{3}\s+−\d\.\d{3} \(−\d\.\d{3} to [+−]\d\.\d{3}\)/m,
    );
  });

  it("carries each run's warnings and says what to do", () => {
    expect(comparison.b.calibrationTransported).toBe(true);
    expect(comparison.b.warnings.join(' ')).toMatch(
      /calibration was fitted on the validation split of cohort "demo"/,
    );
    expect(comparison.b.warnings.join(' ')).toMatch(
      /trained on SYNTHETIC data and is applied here to patient stays/,
    );
    expect(comparison.a.warnings).toContain('Its cohort is SYNTHETIC: not patient data.');
    expect(
      comparison.advice.some((line) =>
        line.startsWith('Run B raised no alerts at the threshold it carried'),
      ),
    ).toBe(true);
    expect(comparison.advice.join(' ')).toMatch(
      /recalibrate on the second site's validation stays/,
    );
    expect(table).toMatch(/^What to do:\n {2}\S/m);
    for (const line of comparison.advice) expect(table).toContain(line);
  });
});
