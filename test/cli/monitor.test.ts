/**
 * Issue 27 on the drifted demo, as a QI team would run it: `toe demo-cohort --scenario drift`
 * (hospital mortality odds × 2.5 in April–June 2181 and in the SICU, which no model input
 * shows; docs/demo-cohort.md), a full audit with the shipped E1 bundle, then `toe monitor`.
 * The charts must find that known truth: the CUSUM signals in the drifted quarter, the p-chart
 * puts it above its limits, and the funnel plot names the SICU; no input is flagged as drifted
 * (the drift is in the outcomes alone); the CSV files hold the figures.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringReport } from '../../src/shared/monitoring';
import { plainTempDir } from '../support/plain-temp-dir';
import { runToe } from '../support/run-toe';

const DRIFTED_QUARTER = '2181 Q2';

describe('toe monitor on the drifted demo', () => {
  const dir = plainTempDir('toe-monitor-');
  const db = join(dir, 'store.sqlite');
  const toe = (...args: string[]) => runToe(args, db, { TOE_EXECUTION_PROVIDER: 'cpu' });
  let report: MonitoringReport;
  let text: string;
  let runId: string;

  beforeAll(() => {
    for (const args of [
      ['demo-cohort', '--stays', '4000', '--seed', '101', '--scenario', 'drift', '--name', 'drift'],
      ['audit', '--cohort', 'drift', '--task', 'E1'],
    ]) {
      const step = toe(...args);
      expect(step.status, `${args.join(' ')}: ${step.stderr}`).toBe(0);
    }
    runId = String((JSON.parse(toe('runs', '--json').stdout) as { id: number }[])[0]!.id);
    const json = toe('monitor', runId, '--unit', 'care_unit', '--json');
    expect(json.status, json.stderr).toBe(0);
    report = JSON.parse(json.stdout) as MonitoringReport;
    const printed = toe('monitor', runId, '--unit', 'care_unit', '--csv', join(dir, 'csv'));
    expect(printed.status, printed.stderr).toBe(0);
    text = printed.stdout;
  }, 900_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('groups the stays by quarter and by care unit', () => {
    expect(report.periods.map((g) => g.label)).toEqual([
      '2180 Q1',
      '2180 Q2',
      '2180 Q3',
      '2180 Q4',
      '2181 Q1',
      '2181 Q2',
      '2181 Q3',
      '2181 Q4',
    ]);
    expect(report.units!.map((g) => g.label)).toEqual([
      'CCU',
      'CVICU',
      'MICU',
      'Neuro ICU',
      'SICU',
    ]);
    expect(report.periods.reduce((n, g) => n + g.stays, 0)).toBe(4000);
  });

  it('signals in the drifted quarter on the CUSUM and the p-chart', () => {
    const { cusum, period } = report.sequence;
    expect(cusum.falseAlarmProbability).toBeLessThanOrEqual(0.05);
    expect(cusum.signals.map((i) => period[i])).toContain(DRIFTED_QUARTER);
    const point = report.eventChart.points.find((p) => p.label === DRIFTED_QUARTER)!;
    expect(point.signal).toBe('above');
    // The other quarters' outcome rates stay inside their limits.
    expect(report.eventChart.points.filter((p) => p.signal !== null).map((p) => p.label)).toEqual([
      DRIFTED_QUARTER,
    ]);
    expect(text).toMatch(/The risk-adjusted CUSUM signalled in [^:]*2181 Q2/);
    expect(text).toContain(`In ${DRIFTED_QUARTER}, outcomes per stay`);
  });

  it('names the unit with excess mortality on the funnel plot', () => {
    const outlying = report.funnel!.points.filter((p) => p.position !== 'inside');
    expect(outlying.map((p) => [p.label, p.direction])).toEqual([['SICU', 'above']]);
    expect(text).toMatch(/SICU lies above the (95|99\.8)% limit/);
  });

  it('writes the figures as CSV files', () => {
    const groups = readFileSync(join(dir, 'csv', 'monitoring-groups.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(groups[0]).toMatch(/^grouping,group,stays,events,expected_events,alerts,suppressed,/);
    expect(groups.length).toBe(1 + 8 + 5);
    const sequence = readFileSync(join(dir, 'csv', 'monitoring-sequence.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(sequence.length).toBe(1 + 4000);
    expect(existsSync(join(dir, 'csv', 'monitoring-operating-points.csv'))).toBe(true);
  });

  it('flags no input: the drift is in the outcomes, which no input shows', () => {
    const drift = report.inputDrift!;
    expect(drift).toMatchObject({
      referenceKind: 'first-period',
      referencePeriods: ['2180 Q1'],
      latestPeriod: '2181 Q4',
    });
    expect(drift.inputs.length).toBeGreaterThan(0);
    expect(drift.inputs.filter((i) => i.drifted).map((i) => i.variable)).toEqual([]);
    expect(drift.evidenceOnDrifted.count).toBe(0);
    expect(text).toMatch(
      /From 2180 Q1, the first period shown, to 2181 Q4, none of the \d+ inputs drifted/,
    );
    const rows = readFileSync(join(dir, 'csv', 'monitoring-input-drift.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(rows.length).toBe(1 + drift.inputs.length);
  });

  it('shows what each quarter’s evidence leans on, unshifted: the search never reads the outcome', () => {
    const composition = report.evidenceComposition!;
    const shown = report.periods.filter((g) => !g.suppressed);
    expect(composition.periods).toEqual(shown.map((g) => ({ label: g.label, stays: g.stays })));
    expect(composition).toMatchObject({ latestPeriod: '2181 Q4', referencePeriods: ['2180 Q1'] });
    // The demo's variables, four bands of its 24 hours, and its notes.
    expect(composition.rows.filter((r) => r.kind === 'hours').map((r) => r.label)).toEqual([
      'Hours 1–6',
      'Hours 7–12',
      'Hours 13–18',
      'Hours 19–24',
    ]);
    expect(composition.rows.filter((r) => r.kind === 'notes')).toHaveLength(1);
    for (const row of composition.rows)
      row.byPeriod.forEach((cell, k) => {
        expect(cell.count).toBeLessThanOrEqual(composition.periods[k]!.stays);
        expect(cell.share.estimate).toBeCloseTo(cell.count / composition.periods[k]!.stays, 12);
      });
    // Only the outcomes drift, and a search reproduces the model's decision without reading
    // the outcome: no row may shift.
    expect(composition.rows.filter((r) => r.shift!.direction !== null)).toEqual([]);
    expect(text).toContain('What the evidence leans on did not shift from 2180 Q1 to 2181 Q4');
    const rows = readFileSync(join(dir, 'csv', 'monitoring-evidence-composition.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/^kind,evidence_holds,unit,period,stays_searched,stays_holding,share,/);
    expect(rows.length).toBe(1 + composition.rows.length * composition.periods.length);
  });

  it('refuses an attribute the stays do not have, naming the ones they do', () => {
    const refused = toe('monitor', runId, '--unit', 'ward');
    expect(refused.status).toBe(4);
    expect(refused.stderr).toMatch(/no attribute "ward"\. Their attributes: .*care_unit/);
  });
});
