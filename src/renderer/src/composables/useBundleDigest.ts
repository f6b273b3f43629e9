import { ref, watch, type Ref } from 'vue';

/**
 * One short fingerprint for a bundle: the SHA-256 of its file list as `sha256sum` prints it
 * ("<hash>  <file>" lines, sorted by file), so it can be checked on the bundle folder with
 * `sha256sum * | sort -k2 | sha256sum` (excluding manifest.json). Null until computed, or
 * where the page has no Web Crypto.
 */
export async function bundleDigest(
  hashes: Readonly<Record<string, string>>,
): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const listing = Object.entries(hashes)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, hash]) => `${hash}  ${file}\n`)
    .join('');
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(listing));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useBundleDigest(
  hashes: Ref<Readonly<Record<string, string>> | null>,
): Ref<string | null> {
  const digest = ref<string | null>(null);
  watch(
    hashes,
    async (value) => {
      digest.value = null;
      if (value) digest.value = await bundleDigest(value);
    },
    { immediate: true },
  );
  return digest;
}
