// Reports: the PDF audit report of a run (toe report).
import { writeAuditReport } from '../../report/audit-report';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function reportHandlers({ store }: HandlerContext): HandlerGroup<'reports.export'> {
  return {
    'reports.export': async ({ runId, path, seed }) => {
      const { pages } = await writeAuditReport(store, runId, path, { seed });
      return { path, pages };
    },
  };
}
