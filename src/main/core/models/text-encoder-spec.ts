/**
 * What a bundle's text encoder is, read from manifest.textEncoder (docs/model-bundle.md,
 * "Text encoder"): the built-in hashed n-gram encoder, or an ONNX transformer with a
 * WordPiece tokenizer (a clinical BERT a hospital plugged in). Everything downstream
 * dispatches on the resolved kind; an unknown tokenizer is refused here, before any file
 * is read.
 */
import { z } from 'zod';
import { BundleError } from './bundle-error';
import type { BundleManifest, EncoderOutput } from './manifest-schema';
import { DEFAULT_HASH_NGRAM_SPEC, TOKENIZER_KIND, type HashNgramSpec } from './tokenizer';
import { DEFAULT_WORDPIECE_SPEC, WORDPIECE_KIND, type WordpieceSpec } from './wordpiece-tokenizer';
import { describeIssues } from '../../../shared/validation-issues';

const d = DEFAULT_WORDPIECE_SPEC;
/** The tokenizer section of the manifest and of an encoder folder's encoder.json. */
export const wordpieceTokenizerSchema = z.object({
  kind: z.literal(WORDPIECE_KIND),
  vocabFile: z.string().min(1).default('vocab.txt'),
  lowercase: z.boolean().default(d.lowercase),
  /** Defaults to `lowercase`, as in BERT (do_lower_case strips accents too). */
  stripAccents: z.boolean().optional(),
  maxLength: z.number().int().min(2).max(65_536).default(d.maxLength),
  maxInputCharsPerWord: z.number().int().positive().default(d.maxInputCharsPerWord),
  unkToken: z.string().min(1).default(d.unkToken),
  clsToken: z.string().min(1).default(d.clsToken),
  sepToken: z.string().min(1).default(d.sepToken),
  padToken: z.string().min(1).default(d.padToken),
});

export interface WordpieceSettings extends WordpieceSpec {
  /** The vocabulary file, relative to the bundle (or encoder) folder. */
  vocabFile: string;
}

/** Parses a tokenizer section; throws a zod error naming the bad field. */
export function wordpieceSpecFromJson(raw: unknown): WordpieceSettings {
  const t = wordpieceTokenizerSchema.parse(raw);
  return {
    vocabFile: t.vocabFile,
    lowercase: t.lowercase,
    stripAccents: t.stripAccents ?? t.lowercase,
    maxLength: t.maxLength,
    maxInputCharsPerWord: t.maxInputCharsPerWord,
    unkToken: t.unkToken,
    clsToken: t.clsToken,
    sepToken: t.sepToken,
    padToken: t.padToken,
  };
}

export type TextEncoderSpec =
  | { kind: 'hash-ngram'; tokenizer: HashNgramSpec }
  | {
      kind: 'wordpiece';
      tokenizer: WordpieceSettings;
      output: EncoderOutput;
      /** Whether the ONNX file takes token_type_ids (BERT exports usually do). */
      typeIds: boolean;
    };

const TEXT_ENCODER_FILE = 'text_encoder.onnx';

function zodProblem(error: unknown): string {
  if (!(error instanceof z.ZodError)) return String(error);
  return describeIssues(error.issues, '(root)');
}

/**
 * The manifest's text encoder, checked; a BundleError says what is wrong (a TS-only bundle
 * has none: callers ask hasNoteStream first).
 */
export function resolveTextEncoder(m: BundleManifest): TextEncoderSpec {
  const encoder = m.textEncoder;
  if (!encoder) {
    throw new BundleError(
      'unsupported',
      'This is a TS-only bundle (hourly windows only): it has no text encoder.',
    );
  }
  const tokenizer = encoder.tokenizer;
  if (tokenizer.kind === TOKENIZER_KIND) {
    return {
      kind: 'hash-ngram',
      tokenizer: {
        buckets: tokenizer.buckets ?? DEFAULT_HASH_NGRAM_SPEC.buckets,
        maxIds: tokenizer.maxIds ?? DEFAULT_HASH_NGRAM_SPEC.maxIds,
      },
    };
  }
  if (tokenizer.kind !== WORDPIECE_KIND) {
    throw new BundleError(
      'unsupported',
      `This bundle's text encoder uses tokenizer "${tokenizer.kind}"; this build has "${TOKENIZER_KIND}" and "${WORDPIECE_KIND}" (docs/model-bundle.md, "Text encoder"). Update the app or retrain the bundle with a supported encoder.`,
    );
  }
  let settings: WordpieceSettings;
  try {
    settings = wordpieceSpecFromJson(tokenizer);
  } catch (error) {
    throw new BundleError(
      'manifest',
      `manifest.json has an invalid wordpiece tokenizer (${zodProblem(error)}). Retrain the bundle.`,
    );
  }
  if (!encoder.output) {
    throw new BundleError(
      'manifest',
      'manifest.json declares a wordpiece text encoder without textEncoder.output ({name, pooling}), so the runtime cannot read its embeddings. Retrain the bundle.',
    );
  }
  const declared = m.model.onnx[TEXT_ENCODER_FILE]?.inputs ?? [];
  return {
    kind: 'wordpiece',
    tokenizer: settings,
    output: encoder.output,
    typeIds: declared.some((p) => p.name === 'token_type_ids'),
  };
}
