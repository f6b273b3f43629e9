/**
 * Which onnxruntime execution provider runs a bundle, and the sessions it creates.
 *
 * onnxruntime-node 1.30 lists `cuda` in listSupportedBackends() on Linux x64 whether or not
 * its CUDA provider libraries were downloaded (`bundled: false` means "fetched by the
 * install script"), and asking for `cuda` without them throws at session creation: there is
 * no automatic fallback. So `auto` tries CUDA only when the backend is bundled or its
 * provider library sits next to the binding, an explicit `cuda` always tries it, and any
 * failure is caught, logged once, and retried on CPU. The provider actually used is exposed
 * so that every run's provenance can record it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { BundleError } from './bundle-error';

export type ExecutionProviderName = 'cuda' | 'cpu';
export type ExecutionProviderRequest = ExecutionProviderName | 'auto';

/** Where the runtime's one-line notices go (stderr by default; tests capture it). */
export type ModelLogger = (line: string) => void;
export const stderrLogger: ModelLogger = (line) => process.stderr.write(`${line}\n`);

export interface SessionOptions {
  /** `auto` (default) uses CUDA when its libraries are installed, else CPU. */
  executionProvider?: ExecutionProviderRequest;
  /** Threads inside one operator (default 1, see DEFAULT_INTRA_OP_THREADS). */
  intraOpNumThreads?: number;
  logger?: ModelLogger;
}

/**
 * The bundle's graphs are small (a 64-unit GRU, MLPs): one operator has too little work to
 * pay for handing it to other threads. On a 2-core machine one thread evaluated 200 masks in
 * 8 ms where onnxruntime's default (one per core) took 22 ms, and 2,000 in 108 ms vs 141 ms.
 * TOE_ONNX_THREADS raises it where large batches on many cores gain from more.
 */
export const DEFAULT_INTRA_OP_THREADS = 1;

const REQUESTS: readonly ExecutionProviderRequest[] = ['auto', 'cuda', 'cpu'];

/** TOE_EXECUTION_PROVIDER=cuda|cpu|auto; unset means auto. */
export function providerRequestFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): ExecutionProviderRequest {
  const raw = env.TOE_EXECUTION_PROVIDER?.trim().toLowerCase();
  if (!raw) return 'auto';
  if ((REQUESTS as readonly string[]).includes(raw)) return raw as ExecutionProviderRequest;
  throw new BundleError(
    'unsupported',
    `TOE_EXECUTION_PROVIDER is "${env.TOE_EXECUTION_PROVIDER}"; use cuda, cpu or auto (the default).`,
  );
}

/** TOE_ONNX_THREADS: intra-op threads per session, when set to a positive integer. */
export function threadsFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.TOE_ONNX_THREADS?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new BundleError('unsupported', `TOE_ONNX_THREADS is "${raw}"; use a whole number >= 1.`);
  }
  return n;
}

const CUDA_LIBRARY: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'libonnxruntime_providers_cuda.so',
  win32: 'onnxruntime_providers_cuda.dll',
};

/** Whether this onnxruntime-node install could run CUDA at all (no GPU probing here). */
export function cudaInstalled(): boolean {
  const backend = ort.listSupportedBackends().find((b) => b.name === 'cuda');
  if (!backend) return false;
  if (backend.bundled) return true;
  const library = CUDA_LIBRARY[process.platform];
  if (!library) return false;
  const root = dirname(createRequire(import.meta.url).resolve('onnxruntime-node/package.json'));
  return existsSync(join(root, 'bin', 'napi-v6', process.platform, process.arch, library));
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').trim() || 'unknown error';
}

/**
 * Creates every session of a bundle with one provider decision: the first session settles
 * it (CUDA or the CPU fallback) and the rest follow, so a bundle never runs half on each.
 */
export class SessionFactory {
  private settled: ExecutionProviderName | null;
  private readonly logger: ModelLogger;

  constructor(private readonly options: SessionOptions = {}) {
    this.logger = options.logger ?? stderrLogger;
    const request = options.executionProvider ?? 'auto';
    this.settled = request === 'cpu' || (request === 'auto' && !cudaInstalled()) ? 'cpu' : null;
  }

  /** The provider sessions run on; 'cpu' until CUDA has actually been created. */
  get provider(): ExecutionProviderName {
    return this.settled ?? 'cpu';
  }

  async create(model: Uint8Array): Promise<ort.InferenceSession> {
    if (this.settled === null) {
      // onnxruntime's own logger would print a multi-line native error for a missing CUDA
      // library before our catch runs; the one line below says the same, so keep it quiet.
      // (Effective only if no session was created earlier in this process.)
      ort.env.logLevel = 'fatal';
      try {
        const session = await ort.InferenceSession.create(
          model,
          this.sessionOptions(['cuda', 'cpu']),
        );
        this.settled = 'cuda';
        return session;
      } catch (error) {
        this.settled = 'cpu';
        this.logger(
          `models: CUDA execution provider unavailable (${firstLine(error)}); running on CPU`,
        );
      }
    }
    return ort.InferenceSession.create(model, this.sessionOptions([this.provider]));
  }

  private sessionOptions(providers: string[]): ort.InferenceSession.SessionOptions {
    return {
      executionProviders: providers,
      intraOpNumThreads: this.options.intraOpNumThreads ?? DEFAULT_INTRA_OP_THREADS,
    };
  }
}
