/**
 * Where a download went, as far as the page can know. The core writes no file of its own
 * (the bytes come back in the call): over HTTP the browser saves to its downloads folder,
 * in the desktop app a save dialog asks where.
 */
export function downloadPlace(transport: 'ipc' | 'http', fileName: string): string {
  return transport === 'http'
    ? `Your browser saved ${fileName} in its downloads folder (usually Downloads, unless the browser asks each time); the browser’s list of downloads opens it. The app kept no other copy.`
    : `${fileName} is saved in the folder you chose in the save dialog.`;
}
