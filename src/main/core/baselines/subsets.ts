/** k-subsets of 0..n-1, the enumeration both KernelSHAP's design and exhaustive search need. */

/** Every k-subset of 0..n-1 in lexicographic order (as itertools.combinations), lazily. */
export function* kSubsets(n: number, k: number): Generator<readonly number[]> {
  if (k < 0 || k > n) return;
  const members = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield members;
    let i = k - 1;
    while (i >= 0 && members[i] === n - k + i) i--;
    if (i < 0) return;
    members[i]!++;
    for (let j = i + 1; j < k; j++) members[j] = members[j - 1]! + 1;
  }
}

/** C(n, k), exact for the n ≤ ~60 a stay can have. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}
