// KernelSHAP (default budget 2M + 2048) and LIME (default 5,000 samples) per stay, on the
// same demo test stays as ToE, each method on a fresh stay model and the three measured one
// after the other on each stay, so that they see the same load; ratios are of medians.
import { kernelShapRanking } from '../src/main/core/baselines/kernel-shap';
import { limeRanking } from '../src/main/core/baselines/lime';
import type { OnnxStayModel } from '../src/main/core/models';
import { treeOfEvidenceSearch } from '../src/main/core/search';
import type { BenchFixtures } from './fixtures';
import { median, percentile, timed, type BenchmarkResult } from './measure';

type Method = 'toe' | 'kernelShap' | 'lime';
const METHODS: Record<Method, (model: OnnxStayModel, stream: number) => Promise<unknown>> = {
  toe: (model) => treeOfEvidenceSearch(model),
  kernelShap: (model, stream) => kernelShapRanking(model, { stream }),
  lime: (model, stream) => limeRanking(model, { stream }),
};

export async function baselinesBenchmark(fixtures: BenchFixtures) {
  const { runtime, tensors, stays } = await fixtures.demoTestStays();
  const ms: Record<Method, number[]> = { toe: [], kernelShap: [], lime: [] };
  const evaluations: Record<Method, number[]> = { toe: [], kernelShap: [], lime: [] };
  const methods = Object.keys(METHODS) as Method[];
  // Warm-up on the first stay, not recorded.
  for (const method of methods) await METHODS[method](runtime.modelFor(tensors[0]!), 0);
  for (const [i, inputs] of tensors.entries()) {
    for (const method of methods) {
      const model = runtime.modelFor(inputs);
      const run = await timed(() => METHODS[method](model, stays[i]!.id));
      ms[method].push(run.ms);
      evaluations[method].push(model.stats.plainTsMasks + model.stats.tsMasks);
    }
  }
  const n = tensors.length;
  const med = (method: Method) => median(ms[method]);
  const results: BenchmarkResult[] = [
    { name: 'KernelSHAP per stay: median', value: med('kernelShap'), unit: `ms (${n} stays)` },
    { name: 'KernelSHAP per stay: p95', value: percentile(ms.kernelShap, 0.95), unit: 'ms' },
    { name: 'LIME per stay: median', value: med('lime'), unit: `ms (${n} stays)` },
    { name: 'LIME per stay: p95', value: percentile(ms.lime, 0.95), unit: 'ms' },
    { name: 'ToE per stay (same run): median', value: med('toe'), unit: 'ms' },
    { name: 'KernelSHAP / ToE', value: med('kernelShap') / med('toe'), unit: 'x (medians)' },
    { name: 'LIME / ToE', value: med('lime') / med('toe'), unit: 'x (medians)' },
  ];
  return {
    results,
    details: {
      stays: n,
      medianMs: { toe: med('toe'), kernelShap: med('kernelShap'), lime: med('lime') },
      tsMasksPerStay: Object.fromEntries(
        methods.map((m) => [m, evaluations[m].reduce((a, b) => a + b, 0) / n]),
      ),
    },
  };
}
