import { ref, type Ref } from 'vue';
import type { ApiErrorPayload } from '../../../shared/contract';
import { toErrorPayload, type ApiClient } from '../api/client';
import { downloadBase64 } from '../api/download';

export interface ReportExportState {
  exporting: Ref<boolean>;
  error: Ref<ApiErrorPayload | null>;
  /** The last export: its page count and file name, for the confirmation. */
  done: Ref<{ fileName: string; pages: number } | null>;
  exportPdf: (runId: number) => Promise<void>;
}

/**
 * Exports a run's PDF report as a download. The core writes it to a temp file it chooses
 * and returns the bytes, so the page never names a path (the same over HTTP and IPC; in
 * the desktop app Electron asks where to save the download).
 */
export function useReportExport(api: ApiClient): ReportExportState {
  const exporting = ref(false);
  const error = ref<ApiErrorPayload | null>(null);
  const done = ref<{ fileName: string; pages: number } | null>(null);

  async function exportPdf(runId: number): Promise<void> {
    exporting.value = true;
    error.value = null;
    done.value = null;
    try {
      const pdf = await api.call('reports.pdf', { runId });
      downloadBase64(pdf.fileName, pdf.pdfBase64, 'application/pdf');
      done.value = { fileName: pdf.fileName, pages: pdf.pages };
    } catch (caught) {
      error.value = toErrorPayload(caught);
    } finally {
      exporting.value = false;
    }
  }

  return { exporting, error, done, exportPdf };
}
