/**
 * The PDF report of a cross-site run (the shipped E1 bundle on a cohort lacking four of its
 * variables and adding one) says so on the cover, under the run's provenance, and beside the
 * missing-input table of Appendix A; the report of a run on the bundle's own layout does not.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { readManifest } from '../../../src/main/core/models';
import { writeAuditReport } from '../../../src/main/core/report/audit-report';
import { SECTIONS } from '../../../src/main/core/report/report-sections';
import { demoStore } from '../../support/audit-runs';
import { crossSiteCohorts, DROPPED, EXTRA } from '../models/cross-site-fixture';
import { BUNDLE_DIR } from '../models/training-cohort';
import { pdfPages, squash } from './report-fixture';

describe('PDF report of a cross-site run', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let cross: string[];
  let own: string[];
  const missing = readManifest(BUNDLE_DIR)
    .featureSchema.variables.map((v) => v.name)
    .filter((name) => DROPPED.includes(name));
  const sentence = `4 of the bundle's 26 variables are never charted in this cohort and are read as missing: ${missing.join(', ')}.`;

  async function reportPages(cohortId: number, file: string): Promise<string[]> {
    const run = await startRun(
      demo.store,
      { cohortId, task: 'E1', workers: 1 },
      { executionProvider: 'cpu' },
    );
    const out = join(demo.dir, file);
    await writeAuditReport(demo.store, run.id, out, { seed: 7 });
    return pdfPages(out).map(squash);
  }

  beforeAll(async () => {
    demo = await demoStore(8, 3);
    const cohorts = crossSiteCohorts(demo.store, demo.cohortId);
    cross = await reportPages(cohorts.crossId, 'cross.pdf');
    own = await reportPages(cohorts.handBuiltId, 'own.pdf');
  });
  afterAll(() => demo.dispose());

  it('lists the missing and the ignored variables on the cover', () => {
    const cover = cross[0]!;
    expect(cover).toContain('Variables matched by name');
    expect(cover).toContain(sentence);
    expect(cover).toContain(
      `1 variable of this cohort is unknown to the bundle and not read: ${EXTRA.name}.`,
    );
    expect(own[0]).not.toContain('Variables matched by name');
  });

  it('repeats them beside the missing inputs of Appendix A', () => {
    const appendix = cross.slice(cross.findIndex((p) => p.includes(SECTIONS.methods))).join(' ');
    expect(appendix).toContain(sentence);
    const ownAppendix = own.slice(own.findIndex((p) => p.includes(SECTIONS.methods))).join(' ');
    expect(ownAppendix).not.toContain('never charted in this cohort');
  });
});
