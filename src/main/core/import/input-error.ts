/**
 * Bad input, located: which file, which line, which field. Importers throw it and the
 * store's transaction rolls back, so the user sees one clear message and loses nothing.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string | null,
    readonly problem: string,
  ) {
    super(
      `${file}${line === null ? '' : `, line ${line}`}${field === null ? '' : `, field "${field}"`}: ${problem}`,
    );
    this.name = 'InputError';
  }
}
