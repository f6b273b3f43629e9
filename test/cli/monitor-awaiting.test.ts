/**
 * A model in service, as a QI team would meet it (issue 27, item 5): the steady demo whose
 * stays from 2181-07-01 on have no outcome yet (`--outcomes-pending-from`), audited with the
 * shipped E1 bundle, then `toe monitor`. The audit searches the stays with outcomes and scores
 * the rest; the report forecasts the waiting quarters from those risks, checks the forecast's
 * assumption on the quarters with outcomes, and measures input drift on the latest quarter,
 * whose outcomes are not in.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/shared/audit';
import type { MonitoringReport } from '../../src/shared/monitoring';
import { plainTempDir } from '../support/plain-temp-dir';
import { runToe } from '../support/run-toe';

const STAYS = 800;
const PENDING_FROM = '2181-07-01';

describe('toe monitor with outcomes not in yet', () => {
  const dir = plainTempDir('toe-awaiting-');
  const db = join(dir, 'store.sqlite');
  const toe = (...args: string[]) => runToe(args, db, { TOE_EXECUTION_PROVIDER: 'cpu' });
  let pending: number;
  let audit: string;
  let run: RunSummary;
  let report: MonitoringReport;
  let text: string;

  beforeAll(() => {
    const demo = toe(
      'demo-cohort',
      ...['--stays', String(STAYS), '--seed', '5', '--scenario', 'steady', '--name', 'service'],
      ...['--outcomes-pending-from', PENDING_FROM],
    );
    expect(demo.status, demo.stderr).toBe(0);
    pending = Number(
      /([\d,]+) stays were admitted on or after 2181-07-01 and have no outcome yet/
        .exec(demo.stdout)![1]!
        .replace(/,/g, ''),
    );
    const audited = toe('audit', '--cohort', 'service', '--task', 'E1');
    expect(audited.status, audited.stderr).toBe(0);
    audit = audited.stdout;
    run = (JSON.parse(toe('runs', '--json').stdout) as RunSummary[])[0]!;
    const json = toe('monitor', String(run.id), '--json');
    expect(json.status, json.stderr).toBe(0);
    report = JSON.parse(json.stdout) as MonitoringReport;
    const printed = toe('monitor', String(run.id), '--csv', join(dir, 'csv'));
    expect(printed.status, printed.stderr).toBe(0);
    text = printed.stdout;
  }, 900_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('searches the stays with outcomes and scores the rest', () => {
    // Two of the steady demo's eight quarters: roughly a quarter of the stays.
    expect(pending).toBeGreaterThan(STAYS / 8);
    expect(pending).toBeLessThan(STAYS / 2);
    expect(run).toMatchObject({
      totalStays: STAYS - pending,
      doneStays: STAYS - pending,
      excludedStays: pending,
      awaitingScoredStays: pending,
    });
    expect(audit).toContain(
      `${pending} stays with no E1 outcome yet: scored for monitoring's forecast, not searched`,
    );
  });

  it('forecasts the waiting quarters and only those, from the risks', () => {
    expect(report.periods.at(-1)!.label).toBe('2181 Q2');
    const awaiting = report.awaiting!;
    expect(awaiting.stays).toBe(pending);
    expect(awaiting.periods.map((p) => p.label)).toEqual(['2181 Q3', '2181 Q4']);
    expect(awaiting.periods.reduce((n, p) => n + p.stays, 0)).toBe(pending);
    for (const p of awaiting.periods) {
      expect(p.suppressed).toBe(false);
      expect(p.lower).toBeLessThanOrEqual(p.forecast.expectedEvents);
      expect(p.upper).toBeGreaterThanOrEqual(p.forecast.expectedEvents);
      expect(p.forecast.expected.tp + p.forecast.expected.fp).toBeCloseTo(p.alerts, 9);
    }
    expect(awaiting.checked.periods).toBe(report.forecastChecks.length);
    expect(text).toContain(`- ${pending} stays have no outcome yet. If the model's risks`);
    expect(text).toContain('Stays without an outcome yet, forecast from their risks');
    const csv = readFileSync(join(dir, 'csv', 'monitoring-awaiting-outcomes.csv'), 'utf8');
    expect(
      csv
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(',')[0]),
    ).toEqual(['period', '2181 Q3', '2181 Q4']);
  });

  it('measures input drift on the latest quarter before its outcomes are in', () => {
    const drift = report.inputDrift!;
    const latest = report.awaiting!.periods.at(-1)!;
    expect(drift.latestPeriod).toBe('2181 Q4');
    expect(drift).toMatchObject({ latestStays: latest.stays, latestAwaiting: latest.stays });
    expect(drift.evidenceOnDrifted.stays).toBe(0);
    // The steady demo's inputs do not move.
    expect(drift.inputs.filter((i) => i.drifted)).toEqual([]);
  });

  it('watches a later extract with this run as a series, one period per cohort', () => {
    for (const args of [
      ['demo-cohort', '--stays', '300', '--seed', '6', '--scenario', 'steady', '--name', 'next'],
      ['audit', '--cohort', 'next', '--task', 'E1'],
    ]) {
      const step = toe(...args);
      expect(step.status, `${args.join(' ')}: ${step.stderr}`).toBe(0);
    }
    const later = (JSON.parse(toe('runs', '--json').stdout) as RunSummary[]).at(-1)!;
    const series = ['monitor', String(later.id), '--series', String(run.id), '--period', 'cohort'];
    const json = toe(...series, '--json');
    expect(json.status, json.stderr).toBe(0);
    const pooled = JSON.parse(json.stdout) as MonitoringReport;
    expect(pooled.series.map((r) => [r.runId, r.cohortName])).toEqual([
      [run.id, 'service'],
      [later.id, 'next'],
    ]);
    expect(pooled.periods.map((g) => [g.label, g.stays])).toEqual([
      ['service', STAYS - pending],
      ['next', 300],
    ]);
    expect(pooled.awaiting!.periods.map((p) => [p.label, p.stays])).toEqual([['service', pending]]);
    expect(toe(...series).stdout).toContain(
      `A series of 2 runs of one bundle over successive cohorts, oldest first: run ${run.id} on “service”`,
    );
    const refused = toe('monitor', String(later.id), '--series', 'last');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('expected run ids separated by commas');
  });
});
