/**
 * A cross-site audit run: the shipped E1 bundle audits a cohort whose variables are in
 * another order, lack four of the bundle's and add one. Its results equal, stay for stay, a
 * run on the hand-built cohort in the bundle's layout with those four never charted; its
 * provenance lists the missing and the ignored variables, and the CLI summary says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/main/core/audit/audit-types';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { readManifest } from '../../../src/main/core/models';
import { variableLines } from '../../../src/main/cli/run-summary-text';
import { comparableResults, demoStore } from '../../support/audit-runs';
import {
  crossSiteCohorts,
  DROPPED,
  EXTRA,
  type CrossSiteCohorts,
} from '../models/cross-site-fixture';
import { BUNDLE_DIR } from '../models/training-cohort';

describe('cross-site audit runs', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let cohorts: CrossSiteCohorts;
  let cross: RunSummary;
  let handBuilt: RunSummary;
  const missing = readManifest(BUNDLE_DIR)
    .featureSchema.variables.map((v) => v.name)
    .filter((name) => DROPPED.includes(name));

  beforeAll(async () => {
    demo = await demoStore(10, 3);
    cohorts = crossSiteCohorts(demo.store, demo.cohortId);
    const run = (cohortId: number) =>
      startRun(demo.store, { cohortId, task: 'E1', workers: 1 }, { executionProvider: 'cpu' });
    cross = await run(cohorts.crossId);
    handBuilt = await run(cohorts.handBuiltId);
  });
  afterAll(() => demo.dispose());

  it('audits every stay exactly as the hand-built cohort in the bundle layout', () => {
    expect(cross.status).toBe('completed');
    expect(cross.doneStays).toBe(handBuilt.doneStays);
    const got = comparableResults(demo.store, cross.id);
    const want = comparableResults(demo.store, handBuilt.id);
    expect(got.size).toBeGreaterThan(0);
    expect(got).toEqual(want);
  });

  it('records the missing and the ignored variables in the provenance', () => {
    expect(cross.provenance.variableMatch).toEqual({
      bundleVariables: 26,
      variablesMissingInCohort: missing,
      variablesIgnored: [EXTRA.name],
    });
    expect(handBuilt.provenance.variableMatch).toEqual({
      bundleVariables: 26,
      variablesMissingInCohort: [],
      variablesIgnored: [],
    });
  });

  it('says so in the CLI summary, and nothing when nothing is missing', () => {
    expect(variableLines(cross.provenance)).toEqual([
      `  4 of the bundle's 26 variables are never charted in this cohort and are read as missing: ${missing.join(', ')}.`,
      `  1 variable of this cohort is unknown to the bundle and not read: ${EXTRA.name}.`,
    ]);
    expect(variableLines(handBuilt.provenance)).toEqual([]);
  });
});
