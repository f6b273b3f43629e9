/**
 * Why a model bundle cannot be used. Every message is meant for the person running the app:
 * it names the file or field at fault and says what to do, because a bundle that half-loads
 * would produce audit figures nobody can trust.
 */
export type BundleProblem =
  | 'missing' // the folder or a listed file does not exist
  | 'manifest' // manifest.json is unreadable, of an unknown version, or inconsistent
  | 'hash' // a file's SHA-256 differs from the manifest: tampered or corrupted
  | 'signature' // an ONNX file's inputs/outputs differ from what the manifest declares
  | 'cohort' // the bundle was trained on another feature schema than the cohort's
  | 'unsupported'; // something this build cannot run (e.g. an unknown tokenizer)

export class BundleError extends Error {
  constructor(
    readonly problem: BundleProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BundleError';
  }
}
