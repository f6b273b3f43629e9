/**
 * Seeded synthetic inputs of the statistics golden test: an audit run's results and an
 * evaluation's per-stay records, large enough that every interval is a real bootstrap
 * interval (not the degenerate one of a four-stay cohort). The golden files in
 * test/fixtures/statistics-golden/ were written from these inputs by the code before the
 * statistics layer was merged, so the test proves that the merge changed no figure.
 */
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { summarise, type EvaluationPlan, type StayRecord } from '../../../src/main/core/evaluation';
import type { DynamicOutcome } from '../../../src/main/core/evaluation/toe-budget-sweep';
import { SEARCH_PARAM_DEFAULTS } from '../../../src/main/core/search';
import type { EvaluationResult } from '../../../src/shared/charts';
import { tinyResult } from '../../support/tiny-evaluation';
import { rng } from '../abstention/stays';
import { stay } from '../audit/audit-fixtures';

const S_MAX = 10;
const clamp = (p: number) => Math.min(0.99, Math.max(0.01, p));
const round = (x: number) => Math.round(x * 1000) / 1000;

/** An audit run of `n` stays at threshold 0.5, τ_conf = τ_suff = 0.9, S_max = 10. */
export function goldenRun(n = 90, seed = 5): StayAuditResult[] {
  const random = rng(seed);
  return Array.from({ length: n }, (_, id) => {
    const p = round(clamp(random()));
    const y: 0 | 1 = random() < p * 0.8 + 0.1 ? 1 : 0;
    const confidence = p >= 0.5 ? p : 1 - p;
    // Unreachable searches always exhaust; reachable ones sometimes do.
    const exhausted = confidence < 0.8 || random() < 0.3;
    const size = exhausted ? S_MAX : 1 + Math.floor(random() * (S_MAX - 1));
    const notes = Math.floor(random() * Math.min(3, size + 1));
    const evidence = [
      ...Array.from({ length: size - notes }, (_, u) => u),
      ...Array.from({ length: notes }, (_, u) => 24 + u),
    ];
    const pe = round(clamp(p + (random() - 0.5) * 0.3));
    return stay({ id, p, y, pe, evidence, exhausted });
  });
}

const BUDGETS = [1, 3, 5];

/** An evaluation's records: ToE and Top-k at k = 1, 3, 5, optimality, dynamic S_max 5 and 10. */
export function goldenRecords(n = 80, seed = 9): StayRecord[] {
  const random = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const pFull = round(clamp(random()));
    const label: 0 | 1 = random() < pFull * 0.8 + 0.1 ? 1 : 0;
    const yFull: 0 | 1 = pFull >= 0.5 ? 1 : 0;
    const near = (spread: number) => round(clamp(pFull + (random() - 0.5) * spread));
    const selections = BUDGETS.flatMap((k) => [
      {
        method: 'toe' as const,
        k,
        units: Array.from({ length: k }, (_, u) => u),
        p: near(0.6 / k),
        pRemoved: near(1),
      },
      {
        method: 'topk' as const,
        k,
        units: Array.from({ length: k }, (_, u) => u + 1),
        p: near(0.9 / k),
        pRemoved: near(1),
      },
    ]);
    const optimality = [1, 2, 3].map((k) => {
      const shortfall = random() < 0.2 ? round(random() * 0.05) : 0;
      const toeP = near(0.4);
      return {
        k,
        toeScore: 1.4 - shortfall,
        optimumScore: 1.4,
        toeP,
        optimumP: shortfall > 0 ? near(0.4) : toeP,
        sameSet: shortfall === 0,
      };
    });
    const confidence = yFull === 1 ? pFull : 1 - pFull;
    const reachable = confidence >= 0.8;
    // The step at which the search converges; beyond S_max = 10 it never does.
    const convergesAt = reachable && random() < 0.7 ? 1 + Math.floor(random() * 12) : Infinity;
    const dynamic = (maxSteps: number): DynamicOutcome => {
      const converged = convergesAt <= maxSteps;
      return {
        maxSteps,
        status: converged ? 'converged' : 'exhausted',
        size: converged ? convergesAt : maxSteps,
        units: [],
        p: pFull,
        reachable,
      };
    };
    return {
      stayId: i + 1,
      stayKey: `g${i + 1}`,
      label,
      attributes: {},
      cbmP: null,
      pFull,
      yFull,
      selections,
      optimality,
      dynamic: [dynamic(5), dynamic(S_MAX)],
    };
  });
}

export function goldenPlan(): EvaluationPlan {
  return {
    ks: BUDGETS,
    methods: ['toe', 'topk'],
    params: SEARCH_PARAM_DEFAULTS,
    seed: 3,
    resamples: 400,
    limeSamples: 100,
    shapBudget: null,
  };
}

/** The golden records' whole result, with the tiny evaluation's made-up provenance. */
export function goldenResult(): EvaluationResult {
  const plan = goldenPlan();
  const tiny = tinyResult();
  return {
    ...tiny,
    settings: { ...tiny.settings, ks: plan.ks, seed: plan.seed, resamples: plan.resamples },
    ...summarise(goldenRecords(), plan, null),
  };
}
