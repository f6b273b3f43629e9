import type { EvaluationPlan, StayRecord } from '../../src/main/core/evaluation';
import { summarise } from '../../src/main/core/evaluation';
import { SEARCH_PARAM_DEFAULTS } from '../../src/main/core/search';
import {
  EVALUATION_SCHEMA,
  FLAG_GROUPS,
  SPURIOUS_SCHEMA,
  type ArmGroup,
  type EvaluationResult,
  type FlagGroup,
  type SpuriousAuditResult,
} from '../../src/shared/charts';
import type { DynamicOutcome } from '../../src/main/core/evaluation/toe-budget-sweep';
import type { Estimate } from '../../src/shared/estimate';

/**
 * A four-stay cohort whose every figure is worked out by hand in
 * test/core/evaluation/metric-tables.test.ts:
 *   labels 1, 0, 1, 0; p_full 0.9, 0.3, 0.6, 0.7 (so ŷ_full 1, 0, 1, 1: TP, TN, TP, FP).
 *   ToE k = 1: p 0.8, 0.2, 0.5, 0.6, removed 0.4, 0.5, 0.3, 0.2; ToE k = 5: p = p_full.
 *   Top-k k = 1: p 0.5, 0.6, 0.4, 0.3; k = 5: 0.85, 0.35, 0.55, 0.65.
 *   Dynamic ToE: stay 1 converges at |E| = 2, the others exhaust (S_max 5 and 10).
 */
const labels = [1, 0, 1, 0] as const;
const pFull = [0.9, 0.3, 0.6, 0.7];
const toe1 = { p: [0.8, 0.2, 0.5, 0.6], removed: [0.4, 0.5, 0.3, 0.2] };
const topk1 = { p: [0.5, 0.6, 0.4, 0.3], removed: [0.7, 0.2, 0.5, 0.6] };
const topk5 = [0.85, 0.35, 0.55, 0.65];

function dynamic(i: number, maxSteps: number): DynamicOutcome {
  const converged = i === 0;
  return {
    maxSteps,
    status: converged ? 'converged' : 'exhausted',
    size: converged ? 2 : maxSteps,
    units: [],
    p: pFull[i]!,
    reachable: i !== 3,
  };
}

export function tinyRecords(): StayRecord[] {
  return labels.map((label, i) => ({
    stayId: i + 1,
    stayKey: `s${i + 1}`,
    label,
    attributes: {},
    cbmP: null,
    pFull: pFull[i]!,
    yFull: pFull[i]! >= 0.5 ? 1 : 0,
    selections: [
      { method: 'toe', k: 1, units: [i], p: toe1.p[i]!, pRemoved: toe1.removed[i]! },
      { method: 'toe', k: 5, units: [0, 1, 2, 3, 4], p: pFull[i]!, pRemoved: 0.5 },
      { method: 'topk', k: 1, units: [9], p: topk1.p[i]!, pRemoved: topk1.removed[i]! },
      { method: 'topk', k: 5, units: [5, 6, 7, 8, 9], p: topk5[i]!, pRemoved: 0.5 },
    ],
    optimality: [1, 2, 3].map((k) => ({
      k,
      toeScore: 1.5,
      optimumScore: i === 1 && k === 3 ? 1.52 : 1.5,
      toeP: toe1.p[i]!,
      optimumP: toe1.p[i]!,
      sameSet: !(i === 1 && k === 3),
    })),
    dynamic: [dynamic(i, 5), dynamic(i, 10)],
  }));
}

export function tinyPlan(): EvaluationPlan {
  return {
    ks: [1, 5],
    methods: ['toe', 'topk'],
    params: SEARCH_PARAM_DEFAULTS,
    seed: 3,
    resamples: 300,
    limeSamples: 100,
    shapBudget: null,
  };
}

/** The tiny cohort's whole result, with made-up provenance. */
export function tinyResult(): EvaluationResult {
  const plan = tinyPlan();
  return {
    schema: EVALUATION_SCHEMA,
    provenance: {
      command: 'toe --db /tmp/x.sqlite evaluate --cohort tiny --task E1',
      date: '2026-01-02T03:04:05.000Z',
      appVersion: '0.0.0-test',
      executionProvider: 'cpu',
      cohort: {
        name: 'tiny',
        synthetic: true,
        source: 'demo',
        contentSha256: 'c'.repeat(64),
        split: 'test',
        staysInSplit: 4,
        staysEvaluated: 4,
        positives: 2,
        limit: null,
      },
      bundle: {
        dir: '/bundles/E1',
        task: 'E1',
        createdAt: '2026-01-01T00:00:00Z',
        decisionThreshold: 0.5,
        trainingCohort: 'demo',
        trainingContentSha256: 'd'.repeat(64),
        trainedOnEvaluatedCohort: false,
        files: [{ path: 'ts_stream.onnx', sha256: 'e'.repeat(64) }],
      },
      seconds: 1.5,
    },
    settings: {
      task: 'E1',
      ks: plan.ks,
      methods: plan.methods,
      seed: plan.seed,
      resamples: plan.resamples,
      limeSamples: plan.limeSamples,
      shapBudget: null,
      search: { ...plan.params },
    },
    ...summarise(tinyRecords(), plan, null),
  };
}

const est = (estimate: number | null): Estimate => ({
  estimate,
  missing: estimate === null ? 'undefined' : null,
  lower: estimate === null ? null : estimate - 0.1,
  upper: estimate === null ? null : estimate + 0.1,
  method: estimate === null ? 'none' : 'bootstrap',
  resamples: 100,
  skipped: 0,
});

/** A made-up spurious audit result: enough for charts and the Markdown. */
export function tinySpuriousResult(): SpuriousAuditResult {
  const base = tinyResult().provenance;
  const group = (flag: FlagGroup, converged: number, size: number): ArmGroup => ({
    flag,
    stays: 4,
    convergenceRate: est(converged),
    convergenceRateReachable: est(converged),
    reachableShare: est(0.9),
    meanSize: est(size),
    meanSizeConverged: est(size / 2),
    auroc: est(0.7),
  });
  return {
    schema: SPURIOUS_SCHEMA,
    command: 'toe --db /tmp/x.sqlite evaluate --task E1 --spurious',
    date: '2026-01-02T03:04:05.000Z',
    appVersion: '0.0.0-test',
    executionProvider: 'cpu',
    seed: 7,
    resamples: 100,
    maxSteps: 10,
    training: { trained: true, seconds: 8.2, command: 'toe --db /tmp/x.sqlite train …' },
    arms: (['clean', 'corrupted'] as const).map((role, i) => ({
      role,
      cohort: { ...base.cohort, name: i === 0 ? 'demo' : 'demo-spurious' },
      bundle: base.bundle,
      groups: [
        group('all', 0.9 - 0.4 * i, 2 + 4 * i),
        group('yes', 0.9 - 0.3 * i, 2),
        group('no', 0.9, 2),
      ],
    })),
    comparison: FLAG_GROUPS.map((flag) => ({
      flag,
      stays: 4,
      sizeRatio: est(3),
      convergedSizeRatio: est(null),
      convergenceDrop: est(0.4),
    })),
    seconds: 2,
  };
}
