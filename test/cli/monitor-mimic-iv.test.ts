/**
 * Issue 27 on real data: the MIMIC-IV demo (../shared/data) imported, audited with the
 * shipped E1 bundle, then `toe monitor --period attribute:anchor_year_group --unit care_unit`.
 * MIMIC-IV shifts each patient's dates by its own offset, so its period is the patient's
 * anchor_year_group and its unit the ICU stay's first care unit, both attributes the importer
 * stores. The monitoring must group the stays by exactly the values the importer stored (read
 * back with `toe stays`), periods in time order, and hide the units too small to show.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherReportData } from '../../src/main/core/report/audit-report-data';
import { Store } from '../../src/main/core/store';
import type { MonitoringReport } from '../../src/shared/monitoring';
import { MIMIC_IV_DEMO } from '../support/mimic-demo';
import { plainTempDir } from '../support/plain-temp-dir';
import { runToe } from '../support/run-toe';

const HAVE_DEMO = existsSync(join(MIMIC_IV_DEMO, 'hosp/patients.csv.gz'));
const SKIPPED = HAVE_DEMO ? '' : ` (skipped: the MIMIC-IV demo is not at ${MIMIC_IV_DEMO})`;

interface StayRow {
  stayKey: string;
  attributes: Record<string, string>;
}

function tally(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

describe.skipIf(!HAVE_DEMO)(
  `toe monitor on the MIMIC-IV demo by anchor year group${SKIPPED}`,
  () => {
    const dir = plainTempDir('toe-monitor-mimic-');
    const db = join(dir, 'store.sqlite');
    const toe = (...args: string[]) => runToe(args, db, { TOE_EXECUTION_PROVIDER: 'cpu' });
    let report: MonitoringReport;
    let text: string;
    let runId: string;
    let stays: StayRow[];

    beforeAll(() => {
      for (const args of [
        ['import', 'mimic-iv', MIMIC_IV_DEMO],
        ['audit', '--cohort', 'mimic-iv', '--task', 'E1', '--workers', '1'],
      ]) {
        const step = toe(...args);
        expect(step.status, `${args.join(' ')}: ${step.stderr}`).toBe(0);
      }
      const listed = toe('stays', 'mimic-iv', '--limit', '100000', '--json');
      expect(listed.status, listed.stderr).toBe(0);
      stays = (JSON.parse(listed.stdout) as { stays: StayRow[] }).stays;
      runId = String((JSON.parse(toe('runs', '--json').stdout) as { id: number }[])[0]!.id);
      const by = ['--period', 'attribute:anchor_year_group', '--unit', 'care_unit'];
      const json = toe('monitor', runId, ...by, '--json');
      expect(json.status, json.stderr).toBe(0);
      report = JSON.parse(json.stdout) as MonitoringReport;
      const printed = toe('monitor', runId, ...by);
      expect(printed.status, printed.stderr).toBe(0);
      text = printed.stdout;
    }, 600_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('audits every stay the importer stored, each with both attributes', () => {
      expect(stays.length).toBeGreaterThan(0);
      for (const stay of stays) {
        expect(stay.attributes.anchor_year_group, stay.stayKey).toBeTruthy();
        expect(stay.attributes.care_unit, stay.stayKey).toBeTruthy();
      }
      expect(report.period).toEqual({ attribute: 'anchor_year_group' });
      expect(report.unit).toBe('care_unit');
      expect(report.periods.reduce((n, g) => n + g.stays, 0)).toBe(stays.length);
    });

    it("groups the periods by the stays' anchor year groups, in time order", () => {
      const expected = tally(stays.map((s) => s.attributes.anchor_year_group!));
      // More than one group, as the demo's patients span several (a real grouping).
      expect(expected.size).toBeGreaterThan(1);
      const labels = report.periods.map((g) => g.label);
      expect(new Set(labels)).toEqual(new Set(expected.keys()));
      for (const g of report.periods) expect(g.stays, g.label).toBe(expected.get(g.label));
      // "2011 - 2013" before "2014 - 2016": by the first year each group names.
      const firstYear = (label: string) => Number(/^(\d{4})/.exec(label)?.[1] ?? Infinity);
      expect(labels).toEqual([...labels].sort((a, b) => firstYear(a) - firstYear(b)));
      expect(text).toContain('By anchor year group (95% intervals):');
      for (const label of labels) expect(text).toMatch(new RegExp(`^ {2}${label} `, 'm'));
    });

    it("groups the units by the stays' care units, hiding those below the minimum group size", () => {
      const expected = tally(stays.map((s) => s.attributes.care_unit!));
      expect(expected.size).toBeGreaterThan(1);
      const units = report.units!;
      expect(new Set(units.map((g) => g.label))).toEqual(new Set(expected.keys()));
      for (const g of units) {
        expect(g.stays, g.label).toBe(expected.get(g.label));
        expect(g.suppressed, g.label).toBe(g.stays < report.minGroupSize);
      }
      const shown = units.filter((g) => !g.suppressed);
      expect(shown.length).toBeGreaterThan(1);
      for (const g of shown) expect(text).toContain(`  ${g.label} `);
      const hidden = units.filter((g) => g.suppressed);
      if (hidden.length > 0) {
        const hiddenStays = hidden.reduce((n, g) => n + g.stays, 0);
        expect(text).toContain(`${hidden.length} more care unit`);
        expect(text).toContain(`fewer than ${report.minGroupSize} stays`);
        expect(text).toContain(`(${hiddenStays} stays in all)`);
      }
    });

    it("prints the PDF's monitoring by anchor year group, and keeps it out of the bias audit", () => {
      const store = new Store(db);
      try {
        const data = gatherReportData(store, Number(runId), { seed: 1, resamples: 200 });
        expect(data.monitoring.period).toEqual({ attribute: 'anchor_year_group' });
        expect(data.monitoring.unit).toBe('care_unit');
        // A period says when a stay happened, not who the patient is.
        const audited = data.bias.attributes.map((a) => a.attribute);
        expect(audited).not.toContain('anchor_year_group');
        // care_unit holds first_careunit's values, which the model reads as a static input.
        expect(data.bias.attributes.find((a) => a.attribute === 'care_unit')?.alsoModelInput).toBe(
          true,
        );
      } finally {
        store.close();
      }
    });

    it('runs the charts over the periods shown, in their order', () => {
      const order = report.periods.filter((g) => !g.suppressed).map((g) => g.label);
      const seen = [...new Set(report.sequence.period)];
      expect(seen).toEqual(order);
      expect(report.sequence.period.length).toBe(
        report.periods.filter((g) => !g.suppressed).reduce((n, g) => n + g.stays, 0),
      );
    });
  },
);
