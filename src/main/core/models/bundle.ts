/**
 * Loading a model bundle (docs/model-bundle.md): manifest -> version and consistency ->
 * SHA-256 of every file -> one session per ONNX file -> each session's inputs and outputs
 * against the manifest. Whatever fails is refused with a BundleError saying what to do;
 * nothing is half-loaded.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as ort from 'onnxruntime-node';
import { BundleError } from './bundle-error';
import { readVerifiedFiles } from './bundle-files';
import {
  checkManifestSignatures,
  checkSessionSignature,
  ONNX_FILES,
  type OnnxFile,
} from './bundle-signatures';
import {
  SessionFactory,
  type ExecutionProviderName,
  type SessionOptions,
} from './execution-provider';
import { checkManifestConsistency } from './manifest-consistency';
import { parseManifest, type BundleManifest } from './manifest-schema';
import { createTextEncoderRunner, type TextEncoderRunner } from './text-encoder-runner';
import { resolveTextEncoder } from './text-encoder-spec';

export interface ModelBundle {
  /** Absolute path of the bundle folder. */
  readonly dir: string;
  readonly manifest: BundleManifest;
  /** One verified session per ONNX file of the bundle. */
  readonly sessions: Readonly<Record<OnnxFile, ort.InferenceSession>>;
  /** The execution provider the sessions run on, for provenance. */
  readonly provider: ExecutionProviderName;
  /** text_encoder.onnx with its tokenizer (and, for a wordpiece encoder, its verified vocabulary). */
  readonly textEncoder: TextEncoderRunner;
  /** Files whose SHA-256 was checked (every entry of manifest.files). */
  readonly verifiedFiles: number;
  close(): Promise<void>;
}

/** Reads and checks manifest.json alone (no hashes, no sessions): for listings. */
export function readManifest(dir: string): BundleManifest {
  const path = join(dir, 'manifest.json');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BundleError(
      'missing',
      `No model bundle folder at ${dir}. Train one with \`toe train --cohort <name> --task <task>\` or pass --bundle <dir>.`,
    );
  }
  if (!existsSync(path)) {
    throw new BundleError(
      'missing',
      `${dir} has no manifest.json, so it is not a model bundle. Point at the folder that holds manifest.json and the ONNX files.`,
    );
  }
  const manifest = parseManifest(readFileSync(path, 'utf8'), path);
  checkManifestConsistency(manifest);
  checkManifestSignatures(manifest);
  return manifest;
}

export async function loadBundle(dir: string, options: SessionOptions = {}): Promise<ModelBundle> {
  const root = resolve(dir);
  const manifest = readManifest(root);
  const signatures = checkManifestSignatures(manifest);
  const encoder = resolveTextEncoder(manifest);
  // A wordpiece vocabulary is hashed like every file and read from the verified bytes.
  const vocabFile = encoder.kind === 'wordpiece' ? encoder.tokenizer.vocabFile : null;
  const files = readVerifiedFiles(
    root,
    manifest,
    vocabFile ? [...ONNX_FILES, vocabFile] : ONNX_FILES,
  );
  const factory = new SessionFactory(options);
  const sessions: Partial<Record<OnnxFile, ort.InferenceSession>> = {};
  const release = async () => {
    await Promise.all(Object.values(sessions).map((s) => s.release()));
  };
  try {
    for (const file of ONNX_FILES) {
      const session = await createSession(factory, file, files.get(file)!.bytes, root);
      sessions[file] = session;
      checkSessionSignature(file, session, signatures[file]);
    }
  } catch (error) {
    await release();
    throw error;
  }
  let textEncoder: TextEncoderRunner;
  try {
    const vocab = vocabFile ? files.get(vocabFile)!.bytes : null;
    const session = sessions['text_encoder.onnx']!;
    textEncoder = createTextEncoderRunner(
      session,
      encoder,
      manifest.textEncoder.embeddingDim,
      vocab,
    );
  } catch (error) {
    await release();
    throw new BundleError(
      'manifest',
      `The text encoder's vocabulary ${vocabFile ?? ''} in ${root} cannot be used (${error instanceof Error ? error.message : String(error)}). Retrain the bundle with a complete UTF-8 vocab.txt.`,
    );
  }
  return {
    dir: root,
    manifest,
    sessions: sessions as Record<OnnxFile, ort.InferenceSession>,
    textEncoder,
    provider: factory.provider,
    verifiedFiles: manifest.files.length,
    close: release,
  };
}

async function createSession(
  factory: SessionFactory,
  file: OnnxFile,
  bytes: Uint8Array,
  dir: string,
): Promise<ort.InferenceSession> {
  try {
    return await factory.create(bytes);
  } catch (error) {
    throw new BundleError(
      'signature',
      `onnxruntime could not load ${file} from ${dir} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). The file matches its hash, so the bundle was built for another onnxruntime: retrain it with this version's pipeline.`,
    );
  }
}
