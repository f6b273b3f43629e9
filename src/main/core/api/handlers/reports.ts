// Reports: the PDF audit report of a run (toe report), to a path or as bytes.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAuditReport } from '../../report/audit-report';
import { SECTIONS } from '../../report/report-sections';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function reportHandlers({
  store,
}: HandlerContext): HandlerGroup<'reports.export' | 'reports.pdf'> {
  return {
    'reports.export': async ({ runId, path, seed }) => {
      const { pages } = await writeAuditReport(store, runId, path, { seed });
      return { path, pages };
    },
    'reports.pdf': async ({ runId, seed }) => {
      // A private folder per call (mkdtemp is mode 0700), removed whatever happens.
      const folder = await mkdtemp(join(tmpdir(), 'toe-report-'));
      try {
        const fileName = `toe-audit-run-${runId}.pdf`;
        const path = join(folder, fileName);
        const { pages } = await writeAuditReport(store, runId, path, { seed });
        const bytes = await readFile(path);
        return {
          fileName,
          pages,
          pdfBase64: bytes.toString('base64'),
          sections: Object.values(SECTIONS),
        };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
