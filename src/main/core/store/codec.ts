// Compact BLOB encodings for a stay's tensors: little-endian typed arrays, copied out of
// SQLite's buffers so callers own their memory.

export function float32ToBlob(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

export function blobToFloat32(blob: Buffer): Float32Array {
  if (blob.byteLength % 4 !== 0)
    throw new Error(`Corrupt Float32 blob of ${blob.byteLength} bytes`);
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
}

export function uint8ToBlob(values: Uint8Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

export function blobToUint8(blob: Buffer): Uint8Array {
  return Uint8Array.from(blob);
}
