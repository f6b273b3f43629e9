/**
 * Hands text or bytes to the user as a file. A Blob URL is local to the page, so this
 * works the same over HTTP and in the desktop window (whose CSP and origin checks allow
 * blob:), and nothing leaves the machine.
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** CSV text as a UTF-8 file download. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Base64 bytes (as a call returns a file) as a download of the given type. */
export function downloadBase64(fileName: string, base64: string, type: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  downloadBlob(fileName, new Blob([bytes], { type }));
}
