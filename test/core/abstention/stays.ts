/**
 * PolicyStay fixtures for the abstention tests: a hand-made stay with every field defaulted,
 * and a seeded synthetic cohort whose trace features do (signal) or do not (null) carry
 * information about errors beyond the model's confidence.
 */
import type { PolicyStay } from '../../../src/main/core/abstention';

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** A stay decided at p_full = sigmoid(logitFull) against threshold t (default 0.5). */
export function stay(
  stayId: number,
  fields: Partial<PolicyStay> & { logitFull?: number; leaderLogits?: number[] } = {},
): PolicyStay {
  const { logitFull, leaderLogits, ...rest } = fields;
  const threshold = rest.threshold ?? 0.5;
  const pFull = rest.pFull ?? sigmoid(logitFull ?? 1);
  const yFull = pFull >= threshold ? 1 : 0;
  return {
    stayId,
    label: yFull,
    pFull,
    yFull,
    threshold,
    status: 'converged',
    reachable: true,
    steps: 3,
    confidence: 0.9,
    stability: 0.95,
    evidenceSize: 3,
    noteUnits: 1,
    pEvidence: pFull,
    pWithoutEvidence: 1 - pFull,
    leaderPath: leaderLogits ? leaderLogits.map(sigmoid) : [pFull],
    ...rest,
  };
}

/** mulberry32: a small seeded PRNG for reproducible simulations. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function normal(random: () => number): number {
  const u = Math.max(random(), 1e-300);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * A synthetic audited cohort. The model's logit is z; the true outcome follows a noisier
 * logit, so decisions near the threshold are more often wrong. With `signal`, whether the
 * search exhausts (and how far its leader wanders) depends on the decision being wrong,
 * beyond the confidence; without, it depends on the confidence and independent noise only.
 */
export function cohort(
  n: number,
  seed: number,
  options: { signal: boolean; firstId?: number; threshold?: number },
): PolicyStay[] {
  const random = rng(seed);
  const t = options.threshold ?? 0.5;
  const out: PolicyStay[] = [];
  for (let i = 0; i < n; i++) {
    const z = 2 * normal(random);
    const pFull = sigmoid(z);
    const label: 0 | 1 = random() < sigmoid(z + 1.2 * normal(random)) ? 1 : 0;
    const yFull: 0 | 1 = pFull >= t ? 1 : 0;
    const wrong = yFull !== label;
    const m = Math.abs(z - Math.log(t / (1 - t)));
    const exhaustProbability = options.signal ? (wrong ? 0.85 : 0.1) : sigmoid(1 - 1.5 * m);
    const exhausted = random() < exhaustProbability;
    const wander = options.signal && wrong ? 1.5 : 0.4;
    const leaderPath = Array.from({ length: 6 }, (_, s) =>
      sigmoid(z + (yFull ? -1 : 1) * (wander * normal(random) + 2 / (s + 1))),
    );
    const evidenceSize = 1 + Math.floor(random() * 6);
    out.push({
      stayId: (options.firstId ?? 1) + i,
      label,
      pFull,
      yFull,
      threshold: t,
      status: exhausted ? 'exhausted' : 'converged',
      reachable: pFull >= 0.8 || pFull <= 0.2,
      steps: exhausted ? 6 : 1 + Math.floor(random() * 5),
      confidence: 0.9,
      stability: 0.9,
      evidenceSize,
      noteUnits: Math.floor(random() * (evidenceSize + 1)),
      pEvidence: sigmoid(z + 0.5 * normal(random)),
      pWithoutEvidence: sigmoid(z - (yFull ? 1 : -1) * random()),
      leaderPath,
    });
  }
  return out;
}
