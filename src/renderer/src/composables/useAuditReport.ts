import { computed, ref, watch, type Ref } from 'vue';
import type { RunSummary } from '../../../shared/audit';
import type { CallResult } from '../../../shared/contract';
import type { ApiClient } from '../api/client';
import { downloadBase64 } from '../api/download';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

export type PreparedReport = CallResult<'reports.pdf'>;

export interface AuditReportState {
  /** The report written for the run on view (bytes and page 1), once the run has completed. */
  prepared: AsyncResource<PreparedReport>;
  /** The page the preview shows (1-based), and its picture (base64 PNG) once drawn. */
  page: Ref<number>;
  pageImage: AsyncResource<string>;
  /** The last export: its page count and file name, for the confirmation. */
  exported: Ref<{ fileName: string; pages: number } | null>;
  exportPdf: () => void;
}

/**
 * Writes a completed run's PDF report as soon as its view opens, so the user sees page 1
 * before saving, then saves those same bytes as a download. The core writes the PDF to a
 * temp file it chooses and returns the bytes, so the page never names a path (the same over
 * HTTP and IPC; in the desktop app a save dialog asks where the download goes).
 */
export function useAuditReport(api: ApiClient, run: Ref<RunSummary | null>): AuditReportState {
  const completedRunId = computed(() => (run.value?.status === 'completed' ? run.value.id : null));
  const prepared = useAsyncResource<PreparedReport>(async () =>
    completedRunId.value === null ? null : api.call('reports.pdf', { runId: completedRunId.value }),
  );
  const exported = ref<{ fileName: string; pages: number } | null>(null);
  const page = ref(1);
  // Page 1 comes with the report; other pages are drawn on request from the same bytes,
  // which the core keeps while the run and its reviews are unchanged.
  const pageImage = useAsyncResource<string>(async () => {
    const report = prepared.data.value;
    const runId = completedRunId.value;
    if (!report || runId === null) return null;
    if (page.value === 1) return report.pageOnePngBase64;
    return (await api.call('reports.page', { runId, page: page.value })).pngBase64;
  });

  watch(
    completedRunId,
    () => {
      prepared.data.value = null;
      exported.value = null;
      page.value = 1;
      void prepared.reload();
    },
    { immediate: true },
  );
  watch([() => prepared.data.value, page], () => void pageImage.reload());

  function exportPdf(): void {
    const report = prepared.data.value;
    if (!report) return;
    downloadBase64(report.fileName, report.pdfBase64, 'application/pdf');
    exported.value = { fileName: report.fileName, pages: report.pages };
  }

  return { prepared, page, pageImage, exported, exportPdf };
}
