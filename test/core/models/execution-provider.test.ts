/**
 * CUDA requested on a machine without the CUDA provider (no GPU, libraries not installed):
 * the runtime catches onnxruntime's throw, says so in exactly one line, and runs on CPU.
 */
import { describe, expect, it } from 'vitest';
import {
  BundleError,
  cudaInstalled,
  ModelRuntime,
  providerRequestFromEnv,
} from '../../../src/main/core/models';
import { queryForUnits } from '../../../src/main/core/models/stay-model';
import { threadsFromEnv } from '../../../src/main/core/models/execution-provider';
import { BUNDLE_DIR } from './training-cohort';

describe('execution providers', () => {
  it('falls back from CUDA to CPU with exactly one log line', async (ctx) => {
    if (cudaInstalled()) return ctx.skip('this machine has the CUDA provider installed');
    const lines: string[] = [];
    const runtime = await ModelRuntime.open(BUNDLE_DIR, {
      executionProvider: providerRequestFromEnv({ TOE_EXECUTION_PROVIDER: 'cuda' }),
      intraOpNumThreads: 1,
      logger: (line) => lines.push(line),
    });
    try {
      expect(runtime.provider).toBe('cpu');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^models: CUDA execution provider unavailable \(.+\); running on CPU$/,
      );
      // The CPU sessions work: a stay without notes still gets finite logits.
      const { T, D, Dc, De, M, E } = runtime.manifest.model.sizes;
      const model = runtime.modelFor({
        ts: new Float32Array(T * D),
        cxr: new Float32Array(Dc),
        ecg: new Float32Array(De),
        chunkEmbeddings: new Float32Array(M * E),
        presence: new Float32Array(M),
      });
      const logits = await model.forward([queryForUnits(model, [0, 1, 2])]);
      expect(Number.isFinite(logits.ts[0]) && Number.isFinite(logits.note[0])).toBe(true);
      expect(lines).toHaveLength(1);
    } finally {
      await runtime.close();
    }
  });

  it('auto without the CUDA libraries runs on CPU silently', async (ctx) => {
    if (cudaInstalled()) return ctx.skip('this machine has the CUDA provider installed');
    const lines: string[] = [];
    const runtime = await ModelRuntime.open(BUNDLE_DIR, {
      executionProvider: 'auto',
      logger: (line) => lines.push(line),
    });
    expect(runtime.provider).toBe('cpu');
    expect(lines).toEqual([]);
    await runtime.close();
  });

  it('reads TOE_EXECUTION_PROVIDER and TOE_ONNX_THREADS, refusing nonsense', () => {
    expect(providerRequestFromEnv({})).toBe('auto');
    expect(providerRequestFromEnv({ TOE_EXECUTION_PROVIDER: ' CPU ' })).toBe('cpu');
    expect(() => providerRequestFromEnv({ TOE_EXECUTION_PROVIDER: 'gpu' })).toThrow(BundleError);
    expect(threadsFromEnv({ TOE_ONNX_THREADS: '2' })).toBe(2);
    expect(threadsFromEnv({})).toBeUndefined();
    expect(() => threadsFromEnv({ TOE_ONNX_THREADS: '0' })).toThrow(/whole number/);
  });
});
