// The desktop app's save dialog for downloads (src/main/electron/download-save-dialog.ts),
// with fakes for Electron's session and download item: the Electron binary is not needed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  saveDialogOptions,
  saveDownloadsThroughDialog,
  type DownloadingSession,
  type SavedDownload,
} from '../../src/main/electron/download-save-dialog';
import { scopedLogger } from '../../src/main/log/scoped-logger';

const DOCUMENTS = join('/home', 'qi', 'Documents');

type DoneListener = Parameters<SavedDownload['once']>[1];

class FakeDownload implements SavedDownload {
  dialog: Parameters<SavedDownload['setSaveDialogOptions']>[0] | null = null;
  done: DoneListener | null = null;
  constructor(
    private readonly fileName: string,
    private readonly savePath = '',
  ) {}
  getFilename = () => this.fileName;
  getSavePath = () => this.savePath;
  setSaveDialogOptions(options: NonNullable<FakeDownload['dialog']>): void {
    this.dialog = options;
  }
  once(_event: 'done', listener: DoneListener): this {
    this.done = listener;
    return this;
  }
}

/** A session that starts the download it is given; the log writes to `lines`. */
function download(item: FakeDownload, lines: string[] = []): string[] {
  const session: DownloadingSession = {
    on: (_event, listener) => listener({}, item),
  };
  saveDownloadsThroughDialog(session, {
    documentsDir: DOCUMENTS,
    log: scopedLogger('downloads', (line) => lines.push(line)),
  });
  return lines;
}

describe('save dialog for downloads', () => {
  it('offers a PDF audit report as a PDF, in Documents', () => {
    expect(saveDialogOptions('toe-audit-run-3.pdf', DOCUMENTS)).toEqual({
      title: 'Save the audit report',
      defaultPath: join(DOCUMENTS, 'toe-audit-run-3.pdf'),
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
  });

  it('offers a CSV export as CSV, whatever the extension’s case', () => {
    expect(saveDialogOptions('run-3-abstentions.CSV', DOCUMENTS)).toMatchObject({
      title: 'Save the audit export',
      defaultPath: join(DOCUMENTS, 'run-3-abstentions.CSV'),
      filters: [{ name: 'CSV table', extensions: ['csv'] }],
    });
  });

  it('offers any other file without a type filter', () => {
    expect(saveDialogOptions('notes.txt', DOCUMENTS)).toMatchObject({
      title: 'Save the file',
      filters: [],
    });
  });

  it('keeps the default path in Documents whatever the page named the file', () => {
    expect(saveDialogOptions('../../.bashrc.pdf', DOCUMENTS).defaultPath).toBe(
      join(DOCUMENTS, '.bashrc.pdf'),
    );
  });

  it('sets the dialog on each download the page starts and logs where it was saved', () => {
    const saved = new FakeDownload('toe-audit-run-3.pdf', '/home/qi/Reports/run-3.pdf');
    const lines = download(saved);
    expect(saved.dialog?.title).toBe('Save the audit report');
    saved.done?.({}, 'completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /info +\[downloads\] saved toe-audit-run-3\.pdf to \/home\/qi\/Reports\/run-3\.pdf$/,
    );
  });

  it('logs a cancelled or interrupted save', () => {
    const cancelled = new FakeDownload('toe-audit-run-3.pdf');
    const lines = download(cancelled);
    cancelled.done?.({}, 'cancelled');
    const interrupted = new FakeDownload('run-3-abstentions.csv');
    download(interrupted, lines);
    interrupted.done?.({}, 'interrupted');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/info +\[downloads\] saving toe-audit-run-3\.pdf was cancelled$/);
    expect(lines[1]).toMatch(/warn +\[downloads\] saving run-3-abstentions\.csv was interrupted$/);
  });
});
