import { describe, expect, it } from 'vitest';
import {
  borrowFlags,
  type ArmStay,
  type AuditedArm,
} from '../../../src/main/core/evaluation/spurious-audit';
import { armGroups, compareArms } from '../../../src/main/core/evaluation/spurious-summary';

const ci = { seed: 5, resamples: 200 };

function arm(role: 'clean' | 'corrupted', stays: Omit<ArmStay, 'stayKey' | 'label'>[]): AuditedArm {
  return {
    input: { role } as AuditedArm['input'],
    stays: stays.map((s, i) => ({ ...s, stayKey: `s${i + 1}`, label: i % 2 === 0 ? 1 : 0 })),
    provenance: {} as AuditedArm['provenance'],
  };
}

/*
 * Four matched stays; the spurious cohort flags s1, s2 (yes) and s3, s4 (no).
 *   clean:     converged T T T F, |E| 1 2 3 10
 *   corrupted: converged F T F F, |E| 10 4 10 10, s3 unreachable
 */
function arms() {
  const clean = arm('clean', [
    { flag: null, pFull: 0.9, converged: true, reachable: true, size: 1 },
    { flag: null, pFull: 0.1, converged: true, reachable: true, size: 2 },
    { flag: null, pFull: 0.8, converged: true, reachable: true, size: 3 },
    { flag: null, pFull: 0.3, converged: false, reachable: true, size: 10 },
  ]);
  const corrupted = arm('corrupted', [
    { flag: 'yes', pFull: 0.6, converged: false, reachable: true, size: 10 },
    { flag: 'yes', pFull: 0.15, converged: true, reachable: true, size: 4 },
    { flag: 'no', pFull: 0.7, converged: false, reachable: false, size: 10 },
    { flag: 'no', pFull: 0.4, converged: false, reachable: true, size: 10 },
  ]);
  borrowFlags(clean, corrupted);
  return { clean, corrupted };
}

describe('spurious audit figures', () => {
  it('gives clean stays the flag of their twin in the spurious cohort', () => {
    expect(arms().clean.stays.map((s) => s.flag)).toEqual(['yes', 'yes', 'no', 'no']);
  });

  it('computes convergence and evidence size per model and flag group', () => {
    const { clean, corrupted } = arms();
    const [all, yes, no] = armGroups(corrupted, ci);
    expect(all!.convergenceRate.estimate).toBeCloseTo(0.25, 12);
    expect(all!.convergenceRateReachable.estimate).toBeCloseTo(1 / 3, 12);
    expect(all!.reachableShare.estimate).toBeCloseTo(0.75, 12);
    expect(all!.meanSize.estimate).toBeCloseTo(8.5, 12);
    expect(all!.meanSizeConverged.estimate).toBeCloseTo(4, 12);
    expect([yes!.stays, yes!.convergenceRate.estimate]).toEqual([2, 0.5]);
    expect(no!.meanSizeConverged.estimate).toBeNull(); // nothing converged
    const cleanAll = armGroups(clean, ci)[0]!;
    expect(cleanAll.convergenceRate.estimate).toBeCloseTo(0.75, 12);
    expect(cleanAll.auroc.estimate).toBeCloseTo(1, 12); // 0.9, 0.8 above 0.1, 0.3
  });

  it('compares the corrupted with the clean model on matched stays', () => {
    const { clean, corrupted } = arms();
    const [all, yes, no] = compareArms(clean, corrupted, ci);
    expect(all!.stays).toBe(4);
    expect(all!.sizeRatio.estimate).toBeCloseTo(8.5 / 4, 12);
    expect(all!.convergedSizeRatio.estimate).toBeCloseTo(4 / 2, 12);
    expect(all!.convergenceDrop.estimate).toBeCloseTo(0.5, 12);
    expect(yes!.sizeRatio.estimate).toBeCloseTo(7 / 1.5, 12);
    expect(no!.sizeRatio.estimate).toBeCloseTo(10 / 6.5, 12);
    expect(no!.convergenceDrop.estimate).toBeCloseTo(0.5, 12);
    expect(all!.sizeRatio.lower!).toBeLessThanOrEqual(all!.sizeRatio.upper!);
  });
});
