/**
 * What every ONNX file of a bundle must look like, derived from the manifest's sizes exactly
 * as training/toe_training/export.py declares it, and the checks that hold the manifest and
 * the loaded sessions to it. The runtime binds inputs by these names and shapes, so a file
 * that differs would fail (or, worse, broadcast silently) in the middle of an audit.
 */
import type * as ort from 'onnxruntime-node';
import { BundleError } from './bundle-error';
import {
  hasNoteStream,
  type BundleManifest,
  type ManifestSizes,
  type OnnxPort,
} from './manifest-schema';
import { resolveTextEncoder, type TextEncoderSpec } from './text-encoder-spec';
import { DEFAULT_HASH_NGRAM_SPEC } from './tokenizer';

const HASH_ENCODER: TextEncoderSpec = { kind: 'hash-ngram', tokenizer: DEFAULT_HASH_NGRAM_SPEC };

export const ONNX_FILES = [
  'text_encoder.onnx',
  'ts_stream.onnx',
  'note_stream.onnx',
  'ts_selector.onnx',
  'note_selector.onnx',
  'ts_gru_forward.onnx',
  'ts_gru_backward.onnx',
  'ts_head.onnx',
  'note_projection.onnx',
  'note_head.onnx',
] as const;
export type OnnxFile = (typeof ONNX_FILES)[number];

/** The files a TS-only bundle lacks ("streams": ["ts"]): no note stream, no text encoder. */
export const NOTE_FILES = [
  'text_encoder.onnx',
  'note_stream.onnx',
  'note_selector.onnx',
  'note_projection.onnx',
  'note_head.onnx',
] as const satisfies readonly OnnxFile[];
export type NoteOnnxFile = (typeof NOTE_FILES)[number];
export type TsOnnxFile = Exclude<OnnxFile, NoteOnnxFile>;

/** One session per ONNX file of a bundle; the note files only when it has a note stream. */
export type BundleSessions = Readonly<Record<TsOnnxFile, ort.InferenceSession>> &
  Readonly<Partial<Record<NoteOnnxFile, ort.InferenceSession>>>;

/** The ONNX files a bundle holds: all of them, or the TS files alone for a TS-only bundle. */
export function bundleOnnxFiles(manifest: Pick<BundleManifest, 'streams'>): readonly OnnxFile[] {
  return hasNoteStream(manifest) ? ONNX_FILES : ONNX_FILES.filter((file) => !isNoteFile(file));
}

function isNoteFile(file: OnnxFile): file is NoteOnnxFile {
  return (NOTE_FILES as readonly OnnxFile[]).includes(file);
}

/** A file's session; a note file's only exists in a bundle with a note stream. */
export function sessionFor(sessions: BundleSessions, file: OnnxFile): ort.InferenceSession {
  const byFile: Readonly<Partial<Record<OnnxFile, ort.InferenceSession>>> = sessions;
  const session = byFile[file];
  if (!session) {
    throw new BundleError(
      'unsupported',
      `This is a TS-only bundle (hourly windows only): it has no ${file}.`,
    );
  }
  return session;
}

export interface Signature {
  inputs: OnnxPort[];
  outputs: OnnxPort[];
}

const f32 = (name: string, shape: (string | number)[]): OnnxPort => ({
  name,
  dtype: 'float32',
  shape,
});

/**
 * The signature table of docs/model-bundle.md ("ONNX signatures") for given sizes; the text
 * encoder's row depends on its kind (the built-in hashed n-gram encoder by default).
 */
export function expectedSignatures(
  s: ManifestSizes,
  textEncoder: Signature = textEncoderSignature(HASH_ENCODER, s.E),
): Record<OnnxFile, Signature> {
  const cxr = f32('cxr', ['B', s.Dc]);
  const ecg = f32('ecg', ['B', s.De]);
  // The fixed priors every stream and head reads; `static` only with static inputs.
  const priors = s.Ds ? [cxr, ecg, f32('static', ['B', s.Ds])] : [cxr, ecg];
  const emb = f32('chunk_embeddings', ['B', s.M, s.E]);
  const presence = f32('presence', ['B', s.M]);
  const logit = [f32('logit', ['B'])];
  const gru: Signature = {
    inputs: [f32('x', ['B', 'L', s.D]), f32('h0', ['B', s.H])],
    outputs: [f32('hidden', ['B', 'L', s.H])],
  };
  return {
    'text_encoder.onnx': textEncoder,
    'ts_stream.onnx': {
      inputs: [f32('ts', ['B', s.T, s.D]), f32('ts_mask', ['B', s.T]), ...priors],
      outputs: logit,
    },
    'note_stream.onnx': {
      inputs: [emb, presence, f32('note_mask', ['B', s.M]), ...priors],
      outputs: logit,
    },
    'ts_selector.onnx': {
      inputs: [f32('ts', ['B', s.T, s.D])],
      outputs: [f32('scores', ['B', s.T])],
    },
    'note_selector.onnx': { inputs: [emb, presence], outputs: [f32('scores', ['B', s.M])] },
    'ts_gru_forward.onnx': gru,
    'ts_gru_backward.onnx': gru,
    'ts_head.onnx': {
      inputs: [f32('h_forward_last', ['B', s.H]), f32('h_backward_last', ['B', s.H]), ...priors],
      outputs: logit,
    },
    'note_projection.onnx': { inputs: [emb], outputs: [f32('projected', ['B', s.M, s.P])] },
    'note_head.onnx': { inputs: [f32('pooled', ['B', s.P]), ...priors], outputs: logit },
  };
}

export function formatShape(shape: readonly (string | number)[]): string {
  return `[${shape.join(', ')}]`;
}

function formatPort(port: { name: string; dtype: string; shape: readonly (string | number)[] }) {
  return `'${port.name}' ${port.dtype} ${formatShape(port.shape)}`;
}

function samePort(a: OnnxPort, b: OnnxPort): boolean {
  return a.name === b.name && a.dtype === b.dtype && formatShape(a.shape) === formatShape(b.shape);
}

/** The manifest's own signature table must be the one its sizes imply. */
export function checkManifestSignatures(manifest: BundleManifest): Record<OnnxFile, Signature> {
  const s = manifest.model.sizes;
  const expected = hasNoteStream(manifest)
    ? expectedSignatures(s, textEncoderSignature(resolveTextEncoder(manifest), s.E))
    : expectedSignatures(s);
  const files = bundleOnnxFiles(manifest);
  const extra = files === ONNX_FILES ? [] : NOTE_FILES.filter((file) => manifest.model.onnx[file]);
  if (extra.length > 0) {
    throw new BundleError(
      'manifest',
      `manifest.json declares ${extra.join(', ')}, which a TS-only bundle does not have. Retrain the bundle.`,
    );
  }
  for (const file of files) {
    const declared = manifest.model.onnx[file];
    const want = expected[file];
    const ports = (sig: Signature) => [...sig.inputs, ...sig.outputs];
    if (!declared || ports(declared).length !== ports(want).length) {
      throw new BundleError(
        'manifest',
        `manifest.json does not declare ${file} as docs/model-bundle.md requires (inputs ${want.inputs.map(formatPort).join(', ')}). Retrain the bundle with this version's pipeline.`,
      );
    }
    ports(want).forEach((port, i) => {
      const got = ports(declared)[i]!;
      if (!samePort(got, port)) {
        throw new BundleError(
          'manifest',
          `manifest.json declares ${file} port ${formatPort(got)}, but its model sizes imply ${formatPort(port)}. The manifest is inconsistent: retrain the bundle.`,
        );
      }
    });
  }
  return expected;
}

type Metadata = ort.InferenceSession.ValueMetadata;

/**
 * Dimensions agree when both are fixed and equal, or when the manifest's is dynamic ("B",
 * "L") and the file's is symbolic too (its own name, e.g. "batch"). A symbolic dimension in
 * the file where the manifest fixes a size also runs, so it is accepted.
 */
function sameDims(want: readonly (string | number)[], got: readonly (string | number)[]): boolean {
  if (want.length !== got.length) return false;
  return want.every((dim, i) => {
    const other = got[i];
    if (typeof dim === 'string') return typeof other === 'string';
    return typeof other === 'string' || other === dim;
  });
}

function checkPorts(
  file: string,
  kind: 'input' | 'output',
  want: readonly OnnxPort[],
  got: readonly Metadata[],
): void {
  const describe = (m: Metadata) =>
    m.isTensor ? formatPort({ name: m.name, dtype: m.type, shape: m.shape }) : `'${m.name}'`;
  const has = got.map(describe).join(', ') || 'none';
  for (const port of want) {
    const found = got.find((m) => m.name === port.name);
    const problem = !found
      ? `the file has no ${kind} '${port.name}'`
      : !found.isTensor
        ? `its ${kind} '${port.name}' is not a tensor`
        : found.type !== port.dtype || !sameDims(port.shape, found.shape)
          ? `its ${kind} '${port.name}' is ${found.type} ${formatShape(found.shape)}`
          : null;
    if (problem) {
      throw new BundleError(
        'signature',
        `${file} does not match the manifest: ${kind} '${port.name}' must be ${port.dtype} ${formatShape(port.shape)}, but ${problem} (the file's ${kind}s: ${has}). The file is not the model the manifest describes: retrain or re-copy the bundle.`,
      );
    }
  }
  const extra = got.filter((m) => !want.some((p) => p.name === m.name));
  if (kind === 'input' && extra.length > 0) {
    throw new BundleError(
      'signature',
      `${file} does not match the manifest: it has ${kind}s the manifest does not declare (${extra.map(describe).join(', ')}). Retrain or re-copy the bundle.`,
    );
  }
}

/** Checks a created session's inputs and outputs (names, dtypes, shapes) against the table. */
export function checkSessionSignature(
  file: string,
  session: Pick<ort.InferenceSession, 'inputMetadata' | 'outputMetadata'>,
  signature: Signature,
): void {
  checkPorts(file, 'input', signature.inputs, session.inputMetadata);
  checkPorts(file, 'output', signature.outputs, session.outputMetadata);
}

/** text_encoder.onnx's inputs and outputs for an encoder of embedding size `e`. */
export function textEncoderSignature(spec: TextEncoderSpec, e: number): Signature {
  if (spec.kind === 'hash-ngram') {
    return {
      inputs: [
        { name: 'token_ids', dtype: 'int64', shape: ['B', 'L'] },
        { name: 'token_mask', dtype: 'float32', shape: ['B', 'L'] },
      ],
      outputs: [{ name: 'embedding', dtype: 'float32', shape: ['B', e] }],
    };
  }
  const int64 = (name: string): OnnxPort => ({ name, dtype: 'int64', shape: ['B', 'L'] });
  const inputs = [int64('input_ids'), int64('attention_mask')];
  if (spec.typeIds) inputs.push(int64('token_type_ids'));
  const shape = spec.output.pooling === 'none' ? ['B', e] : ['B', 'L', e];
  return { inputs, outputs: [{ name: spec.output.name, dtype: 'float32', shape }] };
}
