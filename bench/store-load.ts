// How fast the store hands stays to the models: one stay, and a batch of 1,000.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoCohort } from '../src/main/core/import/demo';
import { Store } from '../src/main/core/store';
import { median, type BenchmarkResult } from './measure';

export async function storeLoadBenchmark(): Promise<BenchmarkResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'toe-bench-store-'));
  try {
    const store = new Store(join(dir, 'store.sqlite'));
    await createDemoCohort(store, { name: 'demo', stays: 5000, seed: 7, spurious: false }, {});
    const ids = store.stayIds(store.resolveCohort('demo'));
    const single: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      store.loadStays([ids[(i * 37) % ids.length]!]);
      single.push(performance.now() - started);
    }
    const batch: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      store.loadStays(ids.slice(i * 1000, i * 1000 + 1000));
      batch.push(performance.now() - started);
    }
    store.close();
    return [
      { name: 'store: load one stay', value: median(single), unit: 'ms (median of 200)' },
      { name: 'store: load 1,000 stays', value: median(batch), unit: 'ms (median of 5)' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
