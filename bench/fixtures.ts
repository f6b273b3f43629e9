// What several benchmarks share: a temp folder, and the 2,000-stay demo cohort (seed 7, the
// cohort the shipped E1 bundle was trained on) with the first N test stays encoded for the
// E1 bundle. Built once per `npm run bench`, on first use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoCohort } from '../src/main/core/import/demo';
import { ModelRuntime, SHIPPED_MODELS_DIR, type StayTensors } from '../src/main/core/models';
import { Store, type Stay } from '../src/main/core/store';

export const E1_BUNDLE = join(SHIPPED_MODELS_DIR, 'E1');

export interface BenchOptions {
  /** Test stays for ToE, the baselines and the ceiling (default 200). */
  stays: number;
  /** Stays of the whole-cohort audit (default 10,000). */
  auditStays: number;
  /** Synthetic chartevents rows of the MIMIC-IV import (default 3,000,000). */
  mimicRows: number;
  /** Stays of the scaling runs (default 50). */
  scalingStays: number;
  /** Stays of the garbage-collection comparison (default 2,000). */
  gcStays: number;
  /** Stays of the completed run whose dashboard, queue and report are opened (default 10,000). */
  openStays: number;
  /** Stays of the hospital-scale audit (default 100,000). */
  scaleStays: number;
  /** Test stays `toe evaluate` is timed on (default 60). */
  evaluateStays: number;
  /** Chartevents rows of the MIMIC-IV-sized import (default 100,000,000). */
  bigMimicRows: number;
  /** Stays searched stopped at convergence and continued to S_max (default 300). */
  leaderPathStays: number;
}

export interface TestStays {
  store: Store;
  runtime: ModelRuntime;
  stays: Stay[];
  tensors: StayTensors[];
}

export class BenchFixtures {
  readonly dir = mkdtempSync(join(tmpdir(), 'toe-bench-'));
  private testStays: Promise<TestStays> | null = null;

  constructor(readonly options: BenchOptions) {}

  /** The first `options.stays` test stays of the demo cohort, encoded (embeddings cached). */
  demoTestStays(): Promise<TestStays> {
    this.testStays ??= (async () => {
      const store = new Store(join(this.dir, 'demo2k.sqlite'));
      await createDemoCohort(store, { name: 'demo', stays: 2000, seed: 7, spurious: false }, {});
      const ids = store.stayIds(store.resolveCohort('demo'), 'test').slice(0, this.options.stays);
      const runtime = await ModelRuntime.open(E1_BUNDLE, {
        store,
        executionProvider: 'cpu',
        intraOpNumThreads: 1,
      });
      const stays = store.loadStays(ids);
      return { store, runtime, stays, tensors: await runtime.encodeStays(stays) };
    })();
    return this.testStays;
  }

  async dispose(): Promise<void> {
    if (this.testStays) {
      const { runtime, store } = await this.testStays;
      await runtime.close();
      store.close();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
