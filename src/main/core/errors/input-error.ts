/** Longest value a message quotes whole; longer ones are cut (see `shown`). */
import { writtenCount } from '../../../shared/counted';
export const EXCERPT_CHARS = 60;
/** A message never grows past this, whatever a caller put in it. */
const MAX_PROBLEM_CHARS = 2_000;

/**
 * Bad input, located: which file, which line, which field. Importers throw it and the
 * store's transaction rolls back, so the user sees one clear message and loses nothing.
 */
export class InputError extends Error {
  readonly problem: string;

  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string | null,
    problem: string,
  ) {
    const bounded = cut(problem, MAX_PROBLEM_CHARS);
    super(
      `${file}${line === null ? '' : `, line ${line}`}${field === null ? '' : `, field "${cut(field, EXCERPT_CHARS)}"`}: ${bounded}`,
    );
    this.problem = bounded;
    this.name = 'InputError';
  }
}

/**
 * A value from the input as a message quotes it: in double quotes, control characters
 * escaped, and cut to EXCERPT_CHARS with "…" and the full length when longer, so a
 * 200 MB field never reaches a terminal or a log whole.
 */
export function shown(value: string, max = EXCERPT_CHARS): string {
  const quoted = JSON.stringify(cut(value, max));
  return value.length > max ? `${quoted} (${writtenCount(value.length)} characters)` : quoted;
}

/** The first `max` characters and "…", never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
