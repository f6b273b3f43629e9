/**
 * De-duplicating the straightforward path's queries: a mask's bytes are its key, so
 * identical masks in one call are evaluated once.
 */
/** Bytes of a mask as a map key: identical masks are evaluated once. */
export const keyOf = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

/** Distinct values (by key) and, per item, the index of its distinct value. */
export function distinct<Q, K>(items: readonly Q[], key: (q: Q) => string, value: (q: Q) => K) {
  const index = new Map<string, number>();
  const unique: K[] = [];
  const rowOf = items.map((q) => {
    const k = key(q);
    let i = index.get(k);
    if (i === undefined) {
      i = unique.length;
      index.set(k, i);
      unique.push(value(q));
    }
    return i;
  });
  return { unique, rowOf };
}
