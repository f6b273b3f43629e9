/**
 * A loaded bundle ready to score stays: the sessions are created and verified once, and each
 * stay gets a cheap OnnxStayModel sharing them. Chunk embeddings go through the store's cache
 * when a store is given, so a stay's notes are embedded once across runs.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { Stay, Store } from '../store';
import { ChunkEmbeddingCache } from '../store/embedding-cache';
import { loadBundle, type ModelBundle } from './bundle';
import { ChunkEmbedder } from './chunk-embedder';
import { checkCohortCompatibility } from './cohort-compatibility';
import {
  providerRequestFromEnv,
  threadsFromEnv,
  type ExecutionProviderName,
  type SessionOptions,
} from './execution-provider';
import type { BundleManifest } from './manifest-schema';
import { OnnxStayModel, type StayModelContext } from './onnx-stay-model';
import { DEFAULT_MAX_BATCH } from './session-runs';
import { encodeStay, type StayTensors } from './stay-inputs';

export interface RuntimeOptions extends SessionOptions {
  /**
   * The store whose chunk_embeddings table caches text-encoder outputs (none: no cache).
   * Stays given to the runtime must then be stays of this store (the cache keys by stay id).
   */
  store?: Store;
  /** Rows per ONNX run at most (default DEFAULT_MAX_BATCH, 64: the fastest here). */
  maxBatch?: number;
}

export class ModelRuntime {
  private readonly context: StayModelContext;
  private readonly embedder: ChunkEmbedder;

  private constructor(
    readonly bundle: ModelBundle,
    store: Store | undefined,
    maxBatch: number,
  ) {
    const m = bundle.manifest;
    this.context = { sessions: bundle.sessions, sizes: m.model.sizes, maxBatch };
    const cache = store
      ? new ChunkEmbeddingCache(store.db, m.textEncoder.id, m.textEncoder.embeddingDim)
      : null;
    this.embedder = new ChunkEmbedder(bundle.textEncoder, cache);
  }

  /**
   * Loads and verifies a bundle. Provider and threads default to TOE_EXECUTION_PROVIDER and
   * TOE_ONNX_THREADS.
   */
  static async open(dir: string, options: RuntimeOptions = {}): Promise<ModelRuntime> {
    const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    if (!Number.isInteger(maxBatch) || maxBatch < 1) {
      throw new RangeError(`maxBatch must be a whole number >= 1, got ${maxBatch}`);
    }
    const threads = options.intraOpNumThreads ?? threadsFromEnv();
    const bundle = await loadBundle(dir, {
      executionProvider: options.executionProvider ?? providerRequestFromEnv(),
      ...(threads !== undefined ? { intraOpNumThreads: threads } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    return new ModelRuntime(bundle, options.store, maxBatch);
  }

  get manifest(): BundleManifest {
    return this.bundle.manifest;
  }

  /** The execution provider every run of this runtime uses ('cuda' | 'cpu'). */
  get provider(): ExecutionProviderName {
    return this.bundle.provider;
  }

  get maxBatch(): number {
    return this.context.maxBatch;
  }

  /** Throws a BundleError naming every difference if the bundle cannot read the cohort. */
  checkCohort(cohort: CohortDetail): void {
    checkCohortCompatibility(this.bundle, cohort);
  }

  /** Model inputs of many stays, their chunks embedded in shared runs (and cached). */
  async encodeStays(stays: readonly Stay[]): Promise<StayTensors[]> {
    const embeddings = await this.embedder.keptChunkEmbeddings(stays, this.manifest);
    return stays.map((stay) => encodeStay(stay, this.manifest, embeddings.get(stay.id)!));
  }

  /** A StayModel over already encoded inputs (no ONNX run until it is asked). */
  modelFor(inputs: StayTensors): OnnxStayModel {
    return new OnnxStayModel(this.context, inputs);
  }

  async stayModel(stay: Stay): Promise<OnnxStayModel> {
    const [inputs] = await this.encodeStays([stay]);
    return this.modelFor(inputs!);
  }

  async stayModels(stays: readonly Stay[]): Promise<OnnxStayModel[]> {
    return (await this.encodeStays(stays)).map((inputs) => this.modelFor(inputs));
  }

  /** Embeddings of arbitrary texts through the bundle's text encoder (no cache). */
  embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embedder.embedTexts(texts);
  }

  close(): Promise<void> {
    return this.bundle.close();
  }
}
