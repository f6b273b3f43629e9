import { describe, expect, it } from 'vitest';
import type { StayAuditDetail } from '../../../src/main/core/audit/audit-types';
import { exampleTrace } from '../../../src/main/core/report/example-trace-data';
import type { Stay } from '../../../src/main/core/store';
import { tempStore, TINY_SCHEMA, tinyStay } from '../../support/temp-store';

describe('exampleTrace', () => {
  it("draws and lists a PhysioNet-style cohort's vital signs first, not its alphabet", () => {
    const temp = tempStore();
    try {
      const cohortId = temp.store.createCohort({
        ...TINY_SCHEMA,
        featureSchema: {
          ...TINY_SCHEMA.featureSchema,
          variables: [
            { name: 'ALP', unit: 'IU/L' },
            { name: 'HR', unit: 'bpm' },
          ],
        },
      });
      // Both hours charted for both variables, so only the mapping can put HR first.
      const series = Float32Array.from([90, 90, 90, 80, 70, 90, 95, 95, 95, 85, 85, 85]);
      const id = temp.store.stayWriter(cohortId)(
        tinyStay('a', { series, missing: Uint8Array.from([0, 0, 0, 0]) }),
      );
      const [stay] = temp.store.loadStays([id]) as [Stay];
      const detail: StayAuditDetail = {
        stayId: id,
        stayKey: 'a',
        label: 1,
        pFull: 0.8,
        rawPFull: 0.8,
        yFull: 1,
        evidence: [1],
        pEvidence: 0.7,
        pWithoutEvidence: 0.4,
        confidence: 0.9,
        stability: 0.9,
        score: 1.5,
        status: 'converged',
        reachable: true,
        steps: 1,
        statesScored: 3,
        noteUnits: 0,
        elapsedMs: 1,
        leaderPath: [0.7],
        trace: [],
        candidates: [0, 1],
      };
      const trace = exampleTrace(detail, stay, temp.store.getCohort(cohortId), 2, null, null);
      expect(trace.vitals.map((v) => v.name)).toEqual(['HR']);
      expect(trace.windowValues).toEqual([
        { label: 'W2', values: ['HR 85.0 bpm', 'ALP 95.0 IU/L'] },
      ]);
    } finally {
      temp.dispose();
    }
  });
});
