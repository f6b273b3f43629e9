// Downloads the page starts (the PDF audit report, CSV exports) are saved where the user
// chooses in a native save dialog, starting in Documents rather than Electron's default
// Downloads folder, and the log says where each went. Only Electron's types are imported,
// so this runs under vitest with a fake session.
import { basename, extname, join } from 'node:path';
import type { DownloadItem, SaveDialogOptions } from 'electron';
import type { Logger } from '../log/scoped-logger';

const DIALOGS: Record<string, Pick<SaveDialogOptions, 'title' | 'filters'>> = {
  '.pdf': {
    title: 'Save the audit report',
    filters: [{ name: 'PDF document', extensions: ['pdf'] }],
  },
  '.csv': {
    title: 'Save the audit export',
    filters: [{ name: 'CSV table', extensions: ['csv'] }],
  },
};

/** The save dialog for a download named `fileName` (as the page named it). */
export function saveDialogOptions(fileName: string, documentsDir: string): SaveDialogOptions {
  // basename: the name comes from the page, and must not steer the dialog out of Documents.
  const name = basename(fileName);
  const dialog = DIALOGS[extname(name).toLowerCase()] ?? { title: 'Save the file', filters: [] };
  return {
    ...dialog,
    defaultPath: join(documentsDir, name),
    // Linux dialogs overwrite silently without it; Windows and macOS always ask.
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
}

/** How a download ended, as its 'done' event says. */
type DoneState = Exclude<ReturnType<DownloadItem['getState']>, 'progressing'>;

/** The part of Electron's DownloadItem this reads and sets. */
export interface SavedDownload {
  getFilename(): string;
  getSavePath(): string;
  setSaveDialogOptions(options: SaveDialogOptions): void;
  once(event: 'done', listener: (event: unknown, state: DoneState) => void): unknown;
}

/** The part of Electron's Session this listens to. */
export interface DownloadingSession {
  on(event: 'will-download', listener: (event: unknown, item: SavedDownload) => void): unknown;
}

/** Asks where to save `item` and logs the outcome. */
function saveThroughDialog(item: SavedDownload, documentsDir: string, log: Logger): void {
  const fileName = item.getFilename();
  item.setSaveDialogOptions(saveDialogOptions(fileName, documentsDir));
  item.once('done', (_event, state) => {
    if (state === 'completed') log.info(`saved ${fileName} to ${item.getSavePath()}`);
    else if (state === 'cancelled') log.info(`saving ${fileName} was cancelled`);
    else log.warn(`saving ${fileName} was interrupted`);
  });
}

export function saveDownloadsThroughDialog(
  session: DownloadingSession,
  options: { documentsDir: string; log: Logger },
): void {
  session.on('will-download', (_event, item) =>
    saveThroughDialog(item, options.documentsDir, options.log),
  );
}
