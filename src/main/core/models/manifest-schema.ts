/**
 * The parts of manifest.json (docs/model-bundle.md, schemaVersion 1) the runtime relies on,
 * as a zod schema. Fields the runtime does not read (training history, producer, parity
 * details) are left out on purpose: a bundle stays loadable when they grow.
 */
import { z } from 'zod';
import { BundleError } from './bundle-error';
import { canonicalSha256 } from './manifest-integrity';
import { describeIssues } from '../../../shared/validation-issues';

/**
 * How one vector per text is read from the encoder's output: "none" = the output is
 * already [B, E] (pooled inside the graph); "cls" = row 0 of [B, L, E]; "mean" = the mean
 * of [B, L, E] over positions whose attention mask is 1.
 */
export const POOLINGS = ['cls', 'mean', 'none'] as const;
export type Pooling = (typeof POOLINGS)[number];

export const encoderOutputSchema = z.object({
  name: z.string().min(1),
  pooling: z.enum(POOLINGS),
});
export type EncoderOutput = z.infer<typeof encoderOutputSchema>;

export const SUPPORTED_SCHEMA_VERSION = 1;
export const BUNDLE_KIND = 'toe-evidence-bottleneck';

const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

const portSchema = z.object({
  name: z.string().min(1),
  dtype: z.enum(['float32', 'int64']),
  /** "B", "L" (dynamic) or a fixed size. */
  shape: z.array(z.union([z.string().min(1), count])),
});

/** context.static.inputs: the static inputs the model reads, in slot order (static-input-vector.ts). */
const staticInputSchema = z.discriminatedUnion('kind', [
  z.object({
    name: z.string().min(1),
    kind: z.literal('numeric'),
    unit: z.string(),
    mean: z.number(),
    sd: z.number().positive(),
  }),
  z.object({
    name: z.string().min(1),
    kind: z.literal('categorical'),
    categories: z.array(z.string()).min(1),
  }),
]);

const streamMetricsSchema = z.object({ auroc: z.number(), auprc: z.number() });

const splitMetricsSchema = z.object({
  stays: count,
  positives: count,
  full: z.object({
    ts: streamMetricsSchema,
    /** Absent for a TS-only bundle. */
    note: streamMetricsSchema.optional(),
    fused: streamMetricsSchema,
  }),
});

export const manifestSchema = z.object({
  schemaVersion: z.literal(SUPPORTED_SCHEMA_VERSION),
  bundleKind: z.literal(BUNDLE_KIND),
  /** The streams the bundle has; absent means both (every bundle made before TS-only ones). */
  streams: z
    .union([z.tuple([z.literal('ts')]), z.tuple([z.literal('ts'), z.literal('note')])])
    .optional(),
  task: z.string().min(1),
  decisionThreshold: z.number().gt(0).lt(1),
  createdAt: z.string(),
  featureSchema: z.object({
    hours: positive,
    variables: z.array(z.object({ name: z.string(), unit: z.string() })).min(1),
    statistics: z.array(z.string()),
    D: positive,
    standardisation: z.object({ mean: z.array(z.number()), sd: z.array(z.number()) }),
    forwardFill: z.boolean(),
  }),
  units: z.object({
    timeSeries: z.object({ count: positive }),
    /** Absent for a TS-only bundle (its units are hourly windows only). */
    notes: z
      .object({
        Mmax: positive,
        sentencesPerChunk: positive,
        cohortMaxChunks: positive.optional(),
      })
      .optional(),
  }),
  context: z.object({
    cxr: z.object({ labels: z.array(z.string()), Dc: positive }),
    ecg: z.object({
      fields: z.array(z.string()),
      De: positive,
      standardisation: z.object({ mean: z.array(z.number()), sd: z.array(z.number()) }),
    }),
    /** Bundles trained on a cohort with static inputs (age, sex, ...); absent: none. */
    static: z.object({ inputs: z.array(staticInputSchema).min(1), Ds: positive }).optional(),
  }),
  /** Absent for a TS-only bundle. */
  textEncoder: z
    .object({
      id: z.string().min(1),
      kind: z.string(),
      file: z.string().min(1),
      embeddingDim: positive,
      /** Kind-specific fields (wordpiece: vocabFile, lowercase, ...) are checked by text-encoder-spec.ts. */
      tokenizer: z.looseObject({
        kind: z.string(),
        buckets: positive.optional(),
        maxIds: positive.optional(),
      }),
      /** ONNX transformer encoders only: which output holds the embedding, and how to pool it. */
      output: encoderOutputSchema.optional(),
    })
    .optional(),
  model: z.object({
    sizes: z.object({
      T: positive,
      D: positive,
      Dc: positive,
      De: positive,
      /** M, E and P are 0 in a TS-only bundle (no note slots); checked by manifest-consistency.ts. */
      M: count,
      E: count,
      H: positive,
      P: count,
      /** Width of the `static` input; absent without static inputs. */
      Ds: positive.optional(),
    }),
    onnx: z.record(
      z.string(),
      z.object({ inputs: z.array(portSchema), outputs: z.array(portSchema) }),
    ),
  }),
  training: z.object({
    cohort: z.string(),
    /** Where the training cohort came from and whether it was synthetic (older bundles: absent). */
    source: z.string().optional(),
    synthetic: z.boolean().optional(),
    contentSha256: z.string(),
    maxStays: z.number().nullable().optional(),
  }),
  metrics: z.record(z.string(), splitMetricsSchema).optional(),
  files: z.array(z.object({ path: z.string().min(1), bytes: count, sha256: z.string() })).min(1),
});

/**
 * A parsed manifest, with the SHA-256 of manifest.json's canonical JSON (over every field,
 * those the schema leaves out included; manifest-integrity.ts): the manifest's entry in the
 * bundle's hashes and fingerprint.
 */
export type BundleManifest = z.infer<typeof manifestSchema> & { readonly manifestSha256: string };
export type BundleStream = NonNullable<BundleManifest['streams']>[number];
export type OnnxPort = z.infer<typeof portSchema>;
export type ManifestSizes = BundleManifest['model']['sizes'];
export type SplitMetrics = z.infer<typeof splitMetricsSchema>;
export type BundleStaticInput = z.infer<typeof staticInputSchema>;

/** Parses manifest.json text; refuses unknown versions before anything else is read. */
export function parseManifest(text: string, where: string): BundleManifest {
  return manifestFromJson(parseManifestJson(text, where), where);
}

/** manifest.json's JSON value, or a BundleError naming the file. */
export function parseManifestJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BundleError(
      'manifest',
      `${where} is not valid JSON (${(error as Error).message}). Re-copy the bundle folder or retrain it.`,
    );
  }
}

/** Checks the version, then the schema, of manifest.json's JSON value. */
export function manifestFromJson(raw: unknown, where: string): BundleManifest {
  const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== SUPPORTED_SCHEMA_VERSION) {
    throw new BundleError(
      'manifest',
      `${where} has schemaVersion ${JSON.stringify(version)}; this build of ToE Audit runs version ${SUPPORTED_SCHEMA_VERSION} only. Update the app, or retrain the bundle with this version's training pipeline.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => describeIssues([issue], '(root)'));
    throw new BundleError(
      'manifest',
      `${where} is not a valid model bundle manifest:\n  ${issues.join('\n  ')}\nRetrain the bundle (docs/model-bundle.md) rather than editing the manifest by hand.`,
    );
  }
  return { ...parsed.data, manifestSha256: canonicalSha256(raw) };
}

/**
 * Whether the bundle has a note stream. A TS-only bundle ("streams": ["ts"]) has hourly
 * windows as its only units, p = sigmoid(l_ts), and no text encoder.
 */
export function hasNoteStream(m: Pick<BundleManifest, 'streams'>): boolean {
  return m.streams === undefined || m.streams.some((stream) => stream === 'note');
}
