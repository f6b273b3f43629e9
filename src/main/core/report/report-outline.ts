/**
 * A PDF's bookmarks with the page each opens at, read back from the bytes: the preview's
 * contents then link to the pages of the very report the user saves.
 */

export interface OutlineEntry {
  title: string;
  /** 1-based. */
  page: number;
}

/** The top-level bookmarks in order; one without a page in this document is left out. */
export async function pdfOutline(pdf: Uint8Array): Promise<OutlineEntry[]> {
  // Loaded on first use, as page-png.ts does: pdf.js is large and sets canvas globals.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false });
  try {
    const document = await loading.promise;
    const outline = (await document.getOutline()) ?? [];
    const entries: OutlineEntry[] = [];
    for (const item of outline) {
      const dest =
        typeof item.dest === 'string' ? await document.getDestination(item.dest) : item.dest;
      const target = dest?.[0];
      if (target === undefined || target === null) continue;
      const index =
        typeof target === 'number'
          ? target
          : await document.getPageIndex(target as { num: number; gen: number });
      entries.push({ title: item.title, page: index + 1 });
    }
    return entries;
  } finally {
    await loading.destroy();
  }
}
