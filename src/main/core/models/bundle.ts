/**
 * Loading a model bundle (docs/model-bundle.md): manifest -> its signature -> version and
 * consistency -> SHA-256 of every file -> one session per ONNX file -> each session's inputs and outputs
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
  bundleOnnxFiles,
  checkSessionSignature,
  type BundleSessions,
  type OnnxFile,
} from './bundle-signatures';
import {
  SessionFactory,
  type ExecutionProviderName,
  type SessionOptions,
} from './execution-provider';
import { checkManifestConsistency } from './manifest-consistency';
import {
  canonicalJson,
  canonicalSha256,
  MANIFEST_FILE,
  verifyManifestSignature,
} from './manifest-integrity';
import {
  hasNoteStream,
  manifestFromJson,
  parseManifestJson,
  type BundleManifest,
} from './manifest-schema';
import { createTextEncoderRunner, type TextEncoderRunner } from './text-encoder-runner';
import { resolveTextEncoder } from './text-encoder-spec';

export interface ModelBundle {
  /** Absolute path of the bundle folder. */
  readonly dir: string;
  readonly manifest: BundleManifest;
  /** manifest.json's canonical JSON, every field included (it matched the signature). */
  readonly manifestJson: string;
  /** One verified session per ONNX file of the bundle. */
  readonly sessions: BundleSessions;
  /** The execution provider the sessions run on, for provenance. */
  readonly provider: ExecutionProviderName;
  /**
   * text_encoder.onnx with its tokenizer (and, for a wordpiece encoder, its verified
   * vocabulary); null for a TS-only bundle, which has no note stream.
   */
  readonly textEncoder: TextEncoderRunner | null;
  /** Files whose SHA-256 was checked (every entry of manifest.files). */
  readonly verifiedFiles: number;
  close(): Promise<void>;
}

/** manifest.json of a bundle folder, or a BundleError saying the folder is not a bundle. */
function manifestPath(dir: string): string {
  const path = join(dir, MANIFEST_FILE);
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
  return path;
}

/**
 * manifest.json parsed against its schema, WITHOUT its signature or consistency checked:
 * only for listings, which show what a refused bundle claims beside why it is refused.
 */
export function readUncheckedManifest(dir: string): BundleManifest {
  const path = manifestPath(dir);
  return manifestFromJson(parseManifestJson(readFileSync(path, 'utf8'), path), path);
}

/**
 * Reads and checks manifest.json alone (no file hashes, no sessions): its signature first
 * (manifest.signature.json: any change to any field is refused, naming the field), then its
 * version, schema and consistency.
 */
export function readManifest(dir: string): BundleManifest {
  return readCheckedManifest(dir).manifest;
}

/** readManifest, with manifest.json's canonical JSON (every field, as signed). */
function readCheckedManifest(dir: string): { manifest: BundleManifest; canonical: string } {
  const path = manifestPath(dir);
  const raw = parseManifestJson(readFileSync(path, 'utf8'), path);
  verifyManifestSignature(dir, raw, canonicalSha256(raw));
  const manifest = manifestFromJson(raw, path);
  checkManifestConsistency(manifest);
  checkManifestSignatures(manifest);
  return { manifest, canonical: canonicalJson(raw) };
}

export async function loadBundle(dir: string, options: SessionOptions = {}): Promise<ModelBundle> {
  const root = resolve(dir);
  const { manifest, canonical } = readCheckedManifest(root);
  const signatures = checkManifestSignatures(manifest);
  const onnxFiles = bundleOnnxFiles(manifest);
  const encoder = hasNoteStream(manifest) ? resolveTextEncoder(manifest) : null;
  // A wordpiece vocabulary is hashed like every file and read from the verified bytes.
  const vocabFile = encoder?.kind === 'wordpiece' ? encoder.tokenizer.vocabFile : null;
  const files = readVerifiedFiles(
    root,
    manifest,
    vocabFile ? [...onnxFiles, vocabFile] : onnxFiles,
  );
  const factory = new SessionFactory(options);
  const sessions: Partial<Record<OnnxFile, ort.InferenceSession>> = {};
  const release = async () => {
    await Promise.all(Object.values(sessions).map((s) => s.release()));
  };
  try {
    for (const file of onnxFiles) {
      const session = await createSession(factory, file, files.get(file)!.bytes, root);
      sessions[file] = session;
      checkSessionSignature(file, session, signatures[file]);
    }
  } catch (error) {
    await release();
    throw error;
  }
  let textEncoder: TextEncoderRunner | null = null;
  try {
    const vocab = vocabFile ? files.get(vocabFile)!.bytes : null;
    const session = sessions['text_encoder.onnx'];
    if (encoder && session && manifest.textEncoder) {
      textEncoder = createTextEncoderRunner(
        session,
        encoder,
        manifest.textEncoder.embeddingDim,
        vocab,
      );
    }
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
    // Every file of onnxFiles got its session above: the TS files always, the note files with a note stream.
    sessions: sessions as BundleSessions,
    textEncoder,
    manifestJson: canonical,
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
