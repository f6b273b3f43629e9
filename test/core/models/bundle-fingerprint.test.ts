// The fingerprint that names a model: checked against a hash worked out with sha256sum on the
// same text, and for what it must and must not depend on.
import { describe, expect, it } from 'vitest';
import { bundleFingerprint } from '../../../src/main/core/models';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('bundleFingerprint', () => {
  it('is the SHA-256 of "path<TAB>sha256<LF>" lines in path order', () => {
    // printf 'manifest.json\taaa…a\nts_head.onnx\tbbb…b\n' | sha256sum
    expect(bundleFingerprint({ 'ts_head.onnx': B, 'manifest.json': A })).toBe(
      'e39a3a39af86e810350764848745de2678419db4ca3c1e2e134a7e4e991c9d51',
    );
  });

  it('does not depend on the order files are listed in, and changes with any file', () => {
    const files = { 'a.onnx': A, 'b.onnx': B };
    expect(bundleFingerprint(files)).toBe(bundleFingerprint({ 'b.onnx': B, 'a.onnx': A }));
    expect(bundleFingerprint({ ...files, 'b.onnx': A })).not.toBe(bundleFingerprint(files));
    expect(bundleFingerprint({ ...files, 'c.onnx': A })).not.toBe(bundleFingerprint(files));
    // The path is part of the identity: the same bytes under another name are another model.
    expect(bundleFingerprint({ 'a.onnx': A, 'c.onnx': B })).not.toBe(bundleFingerprint(files));
  });
});
