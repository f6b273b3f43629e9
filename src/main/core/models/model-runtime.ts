/**
 * A loaded bundle ready to score stays: the sessions are created and verified once, and each
 * stay gets a cheap OnnxStayModel sharing them. Chunk embeddings go through the store's cache
 * when a store is given, so a stay's notes are embedded once across runs.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { Stay, Store } from '../store';
import { ChunkEmbeddingCache } from '../store/embedding-cache';
import { loadBundle, type ModelBundle } from './bundle';
import { BundleError } from './bundle-error';
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
import type { StaticValues } from './static-input-vector';
import { mapVariables, type VariableMapping } from './variable-mapping';

export interface RuntimeOptions extends SessionOptions {
  /**
   * The store whose chunk_embeddings table caches text-encoder outputs (none: no cache) and
   * whose cohorts map each stay's variables. Stays given to the runtime must then be stays of
   * this store (the cache keys by stay id).
   */
  store?: Store;
  /** Rows per ONNX run at most (default DEFAULT_MAX_BATCH, 64: the fastest here). */
  maxBatch?: number;
}

export class ModelRuntime {
  private readonly context: StayModelContext;
  /** null for a TS-only bundle: its stays' note chunks are not units, nothing is embedded. */
  private readonly embedder: ChunkEmbedder | null;
  /** By cohort id: where each bundle variable is read from in that cohort's stays. */
  private readonly mappings = new Map<number, VariableMapping>();

  private constructor(
    readonly bundle: ModelBundle,
    private readonly store: Store | undefined,
    maxBatch: number,
  ) {
    const m = bundle.manifest;
    this.context = { sessions: bundle.sessions, sizes: m.model.sizes, maxBatch };
    const encoder = m.textEncoder;
    const cache =
      store && encoder ? new ChunkEmbeddingCache(store, encoder.id, encoder.embeddingDim) : null;
    this.embedder = bundle.textEncoder ? new ChunkEmbedder(bundle.textEncoder, cache) : null;
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

  /**
   * Throws a BundleError naming every difference if the bundle cannot read the cohort; else
   * returns (and keeps, for encoding its stays) how the bundle's variables map onto its own.
   */
  checkCohort(cohort: CohortDetail): VariableMapping {
    const mapping = checkCohortCompatibility(this.bundle, cohort);
    this.mappings.set(cohort.id, mapping);
    return mapping;
  }

  /**
   * The mapping for a stay's cohort. A worker's runtime never saw the run's check, so with a
   * store the cohort is read and checked here, once; without one, stays are read in the
   * bundle's own variable order.
   */
  private mappingFor(cohortId: number): VariableMapping {
    const known = this.mappings.get(cohortId);
    if (known) return known;
    if (this.store) return this.checkCohort(this.store.getCohort(cohortId));
    const variables = this.manifest.featureSchema.variables;
    return mapVariables(variables, variables);
  }

  /** Model inputs of many stays, their chunks embedded in shared runs (and cached). */
  async encodeStays(stays: readonly Stay[]): Promise<StayTensors[]> {
    const embeddings = this.embedder
      ? await this.embedder.keptChunkEmbeddings(stays, this.manifest)
      : null;
    const statics = this.staticValuesOf(stays);
    return stays.map((stay) =>
      encodeStay(
        stay,
        this.manifest,
        embeddings ? embeddings.get(stay.id)! : [],
        this.mappingFor(stay.cohortId),
        statics?.get(stay.id),
      ),
    );
  }

  /** The stays' static inputs when the bundle reads some (they live in the store only). */
  private staticValuesOf(stays: readonly Stay[]): Map<number, StaticValues> | null {
    if (!this.manifest.context.static) return null;
    if (!this.store) {
      throw new Error(
        'This bundle reads static inputs (age, sex, ...): open its runtime with the store the stays come from.',
      );
    }
    return this.store.staticInputsOf(stays.map((stay) => stay.id));
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

  /** Whether the bundle has a note stream (false: TS-only, hourly windows only). */
  get hasNoteStream(): boolean {
    return this.embedder !== null;
  }

  /** Embeddings of arbitrary texts through the bundle's text encoder (no cache). */
  embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
    if (!this.embedder) {
      return Promise.reject(
        new BundleError(
          'unsupported',
          'This is a TS-only bundle (hourly windows only): it has no text encoder to embed texts with.',
        ),
      );
    }
    return this.embedder.embedTexts(texts);
  }

  close(): Promise<void> {
    return this.bundle.close();
  }
}
