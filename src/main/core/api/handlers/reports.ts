// Reports: the PDF audit report of a run (toe report), to a path or as bytes with a preview
// of its first page.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAuditReport } from '../../report/audit-report';
import { pageOnePng } from '../../report/page-one-png';
import { SECTIONS } from '../../report/report-sections';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function reportHandlers({
  store,
  resources = CHECKOUT_RESOURCES,
}: HandlerContext): HandlerGroup<'reports.export' | 'reports.pdf'> {
  const { fontsDir } = resources;
  return {
    'reports.export': async ({ runId, path, seed }) => {
      const { pages } = await writeAuditReport(store, runId, path, { seed, fontsDir });
      return { path, pages };
    },
    'reports.pdf': async ({ runId, seed }) => {
      // A private folder per call (mkdtemp is mode 0700), removed whatever happens.
      const folder = await mkdtemp(join(tmpdir(), 'toe-report-'));
      try {
        const fileName = `toe-audit-run-${runId}.pdf`;
        const path = join(folder, fileName);
        const { pages } = await writeAuditReport(store, runId, path, { seed, fontsDir });
        const bytes = await readFile(path);
        const pageOne = await pageOnePng(bytes);
        return {
          fileName,
          pages,
          pdfBase64: bytes.toString('base64'),
          pageOnePngBase64: pageOne.toString('base64'),
          sections: Object.values(SECTIONS),
        };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
