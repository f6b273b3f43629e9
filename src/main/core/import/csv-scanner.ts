/**
 * The fast path for the big event tables (MIMIC-IV chartevents and labevents: hundreds of
 * millions of rows). It reads the inflated bytes directly, marks only the fields a reader
 * asks for, and parses ids, times and numbers from the bytes, without a string or an object
 * per row.
 *
 * It is exact by giving way rather than by imitation. Anything it does not handle itself
 * stops it: a malformed quote, a mixed line ending, invalid UTF-8, a row with a different
 * number of fields than the header, an overlong row, a value that does not parse, damaged
 * gzip. The caller then re-reads the file with the exact reader (csv-reader.ts), passing over
 * the rows already handled. That reader names the problem by file, line and field as it
 * always has, or, when there is none, reads on from where the fast path stopped. Values
 * in forms it does not parse itself (a sign, an exponent, spaces, quotes) go to the exact
 * reader's own parseNumber and parseTimestamp, so both paths read the same values.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  parseNumber,
  parseTimestamp,
  readCsv,
  type CsvReadProgress,
  type CsvRow,
} from './csv-reader';
import { MAX_COLUMNS, MAX_RECORD_CHARS } from './csv-tokenizer';
import { InputError } from '../errors/input-error';

/**
 * The fields a table reader asks of one row, each named by its position in the columns it
 * asked for, and each parsed exactly as csv-reader's parseNumber and parseTimestamp parse it.
 */
export interface CsvFields {
  /** A number; the field must not be empty. */
  number(column: number): number;
  /** A number, or null when the field is empty. */
  numberOrNull(column: number): number | null;
  /** A date-time in ms since the epoch; the field must not be empty. */
  timestamp(column: number): number;
  /** The field's text, unquoted, as the exact reader gives it. */
  text(column: number): string;
  /**
   * Bad input in this row's field: the exact reader throws the InputError naming file, line
   * and field; the fast path gives way to it, which then does. Call it before acting on the row.
   */
  refuse(column: number, message: string): never;
}

/** The exact reader's row as CsvFields: what the fast path gives way to. */
export class CsvRowFields implements CsvFields {
  /** The row being handed on: set before each hand-off, so one object serves all rows. */
  row: CsvRow = { line: 0, get: () => '' };

  constructor(
    private readonly file: string,
    private readonly columns: readonly string[],
  ) {}

  number(column: number): number {
    return parseNumber(this.file, this.row, this.columns[column]!)!;
  }

  numberOrNull(column: number): number | null {
    return parseNumber(this.file, this.row, this.columns[column]!, true);
  }

  timestamp(column: number): number {
    return parseTimestamp(this.file, this.row, this.columns[column]!)!;
  }

  text(column: number): string {
    return this.row.get(this.columns[column]!);
  }

  refuse(column: number, message: string): never {
    throw new InputError(this.file, this.row.line, this.columns[column]!, message);
  }
}

/** How far the fast path got: `rows` were handled; the rest is the exact reader's. */
export interface CsvScanOutcome {
  rows: number;
  complete: boolean;
}

/** Large reads and inflated chunks, so inflating (on libuv's pool) overlaps the scan. */
const READ_BYTES = 1 << 20;
const INFLATE_BYTES = 1 << 18;

/**
 * Hands every row of a CSV (plain or gzip) to `handle`, as long as the fast path handles
 * the file; stops at the first thing it leaves to the exact reader. `handle` should parse
 * every field it uses before acting on the row: a field that does not parse stops the scan
 * there, and the row is handed again, by the exact reader.
 */
export async function scanCsv(
  path: string,
  columns: readonly string[],
  handle: (row: CsvFields) => void,
  progress: CsvReadProgress,
): Promise<CsvScanOutcome> {
  const scanner = new RowScanner(columns, handle);
  const stopped = (): CsvScanOutcome => ({ rows: scanner.rows, complete: false });
  const source = createReadStream(path, { highWaterMark: READ_BYTES });
  const input = path.endsWith('.gz')
    ? pipeline(source, createGunzip({ chunkSize: INFLATE_BYTES }), () => undefined)
    : source;
  const chunks = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let carry: Buffer | null = null;
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch {
        // Damaged gzip, a read error: the exact reader says which.
        return stopped();
      }
      if (next.done === true) break;
      progress.bytesRead = source.bytesRead;
      const bytes: Buffer = carry === null ? next.value : Buffer.concat([carry, next.value]);
      const used = scanner.scan(bytes);
      // Validated once handled: a row of bad UTF-8 is handled for nothing, as the import fails.
      // (A gzip file named .csv fails here too: its second byte is not UTF-8.)
      if (used === STOP || !isUtf8(bytes.subarray(0, used))) return stopped();
      carry = used < bytes.length ? bytes.subarray(used) : null;
      if (carry !== null && carry.length > MAX_RECORD_CHARS) return stopped();
    }
    if (carry !== null) {
      // The last line may lack its line ending: end it as the others end (a CR there is lone).
      if (carry[carry.length - 1] === CR) return stopped();
      const last = Buffer.concat([carry, scanner.lineEnding()]);
      if (scanner.scan(last) !== last.length || !isUtf8(last)) return stopped();
    }
    return { rows: scanner.rows, complete: scanner.hasHeader() };
  } finally {
    source.destroy();
    input.destroy();
  }
}

/**
 * Every row of a CSV handed to `handle`, through the fast path while it holds. Where it gives
 * way, the exact reader re-reads the file from the start, passing over the rows already
 * handled: it names the problem (file, line, field) as it always has, or, when there is none,
 * hands on the remaining rows. `tick` sees every row read, handled or passed over, so progress
 * and cancellation go on during a pass-over. `exactOnly` skips the fast path (for the tests
 * and the benchmark that hold the two paths to one result). Returns the rows read.
 */
export async function readCsvFields(
  path: string,
  file: string,
  columns: readonly string[],
  handle: (row: CsvFields) => void,
  tick: (rows: number) => void,
  progress: CsvReadProgress,
  exactOnly = false,
): Promise<number> {
  let handled = 0;
  if (!exactOnly) {
    let rows = 0;
    const scan = await scanCsv(
      path,
      columns,
      (row) => {
        handle(row);
        tick(++rows);
      },
      progress,
    );
    if (scan.complete) return scan.rows;
    handled = scan.rows;
  }
  const fields = new CsvRowFields(file, columns);
  let rows = 0;
  for await (const row of readCsv(path, columns, progress)) {
    if (++rows > handled) {
      fields.row = row;
      handle(fields);
    }
    tick(rows);
  }
  return rows;
}

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;
const SPACE = 32;
const MINUS = 45;
const DOT = 46;
const COLON = 58;
const ZERO = 48;

/** scan(): the fast path leaves the file to the exact reader. */
const STOP = -1;
/** Thrown by a field that does not parse; caught by scan(). */
const UNHANDLED = new Error('left to the exact reader');

const DAY_MS = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Powers of ten up to 10^15, all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** The file's rows, read from its bytes; `rows` counts those handed to the handler. */
class RowScanner {
  rows = 0;
  private readonly fields: ScannedFields;
  /** Header width, 0 until the header is read. */
  private width = 0;
  /** Column position in the file -> position in `columns`, or -1 for columns not asked for. */
  private slots = new Int32Array(0);
  /** The file's line ending, set by its first line break: CRLF or LF. */
  private crlf: boolean | null = null;

  constructor(
    private readonly columns: readonly string[],
    private readonly handle: (row: CsvFields) => void,
  ) {
    this.fields = new ScannedFields(columns);
  }

  hasHeader(): boolean {
    return this.width > 0;
  }

  lineEnding(): Buffer {
    return Buffer.from(this.crlf === true ? '\r\n' : '\n');
  }

  /** Reads the complete rows of `bytes`; returns where the first incomplete one begins, or STOP. */
  scan(bytes: Buffer): number {
    let pos = 0;
    if (this.width === 0) {
      pos = this.header(bytes);
      if (pos <= 0) return pos;
    }
    try {
      return this.body(bytes, pos);
    } catch (error) {
      if (error === UNHANDLED) return STOP;
      throw error;
    }
  }

  /**
   * The header, as csv-reader reads it (a byte-order mark dropped, empty lines skipped,
   * names trimmed); 0 while incomplete, STOP when it is one the exact reader refuses.
   */
  private header(bytes: Buffer): number {
    const n = bytes.length;
    if (bytes[0] === 0xef && n < 3) return 0;
    let pos = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const names: string[] = [];
    for (;;) {
      if (pos >= n) return 0;
      let b = bytes[pos]!;
      if (names.length === 0 && (b === LF || b === CR)) {
        pos = this.lineBreak(bytes, pos);
        if (pos <= 0) return pos;
        continue;
      }
      let name: string;
      if (b === QUOTE) {
        const end = closingQuote(bytes, pos + 1);
        if (end === 0) return 0;
        name = bytes.toString('utf8', pos + 1, end - 1).replaceAll('""', '"');
        pos = end;
      } else {
        const start = pos;
        for (; pos < n; pos++) {
          b = bytes[pos]!;
          if (b === COMMA || b === LF || b === CR) break;
          if (b === QUOTE) return STOP;
        }
        name = bytes.toString('utf8', start, pos);
      }
      if (pos >= n) return 0;
      names.push(name.trim());
      if (names.length > MAX_COLUMNS) return STOP;
      b = bytes[pos]!;
      if (b === COMMA) {
        pos++;
        continue;
      }
      if (b !== LF && b !== CR) return STOP;
      pos = this.lineBreak(bytes, pos);
      if (pos <= 0) return pos;
      break;
    }
    if (new Set(names).size !== names.length) return STOP;
    this.slots = new Int32Array(names.length).fill(-1);
    for (const [slot, column] of this.columns.entries()) {
      const at = names.indexOf(column);
      if (at < 0) return STOP;
      this.slots[at] = slot;
    }
    this.width = names.length;
    return pos;
  }

  /** Past the line break at `pos`; 0 when its end is not in `bytes` yet, STOP when mixed or lone. */
  private lineBreak(bytes: Buffer, pos: number): number {
    const crlf = bytes[pos] === CR;
    if (crlf) {
      if (pos + 1 >= bytes.length) return 0;
      if (bytes[pos + 1] !== LF) return STOP;
    }
    this.crlf ??= crlf;
    if (this.crlf !== crlf) return STOP;
    return pos + (crlf ? 2 : 1);
  }

  /** The rows from `pos`: the hot loop, one pass over the bytes. */
  private body(bytes: Buffer, from: number): number {
    const n = bytes.length;
    const { width, slots, fields, handle } = this;
    const { starts, ends, quoted } = fields;
    const crlf = this.crlf === true;
    fields.bytes = bytes;
    let pos = from;
    while (pos < n) {
      const rowStart = pos;
      let b = bytes[pos]!;
      let field = 0;
      if (b !== LF && b !== CR) {
        for (;;) {
          const start = pos;
          let isQuoted = 0;
          if (b === QUOTE) {
            isQuoted = 1;
            pos = closingQuote(bytes, pos + 1);
            if (pos === 0) return rowStart;
            b = bytes[pos]!;
            if (b !== COMMA && b !== LF && b !== CR) return STOP;
          } else {
            for (;;) {
              // Commas, quotes and line breaks are all below 45; most bytes are above.
              if (b <= COMMA) {
                if (b === COMMA || b === LF || b === CR) break;
                if (b === QUOTE) return STOP;
              }
              if (++pos === n) return rowStart;
              b = bytes[pos]!;
            }
          }
          const slot = slots[field++]!;
          if (slot >= 0) {
            starts[slot] = start;
            ends[slot] = pos;
            quoted[slot] = isQuoted;
          }
          if (b !== COMMA) break;
          if (field === width) return STOP;
          if (++pos === n) return rowStart;
          b = bytes[pos]!;
        }
        if (field !== width) return STOP;
      }
      // An empty line is skipped, but its ending still counts.
      if (b === LF) {
        if (crlf) return STOP;
        pos++;
      } else {
        if (pos + 1 === n) return rowStart;
        if (bytes[pos + 1] !== LF || !crlf) return STOP;
        pos += 2;
      }
      if (field === 0) continue;
      if (pos - rowStart > MAX_RECORD_CHARS) return STOP;
      handle(fields);
      this.rows++;
    }
    return n;
  }
}

/**
 * Just past the quote that closes a quoted field whose text starts at `pos` (a doubled quote
 * is text); 0 when `bytes` ends before that is known.
 */
function closingQuote(bytes: Buffer, pos: number): number {
  for (;;) {
    const at = bytes.indexOf(QUOTE, pos);
    if (at < 0 || at + 1 >= bytes.length) return 0;
    if (bytes[at + 1] !== QUOTE) return at + 1;
    pos = at + 2;
  }
}

/** One row's fields as byte ranges of the chunk, parsed when asked for. */
class ScannedFields implements CsvFields {
  bytes: Buffer = Buffer.alloc(0);
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** 1 where the field is quoted (its range includes the quotes). */
  readonly quoted: Uint8Array;

  constructor(private readonly columns: readonly string[]) {
    this.starts = new Int32Array(columns.length);
    this.ends = new Int32Array(columns.length);
    this.quoted = new Uint8Array(columns.length);
  }

  number(column: number): number {
    const value = this.decimal(column);
    return Number.isNaN(value) ? this.exactNumber(column, false)! : value;
  }

  numberOrNull(column: number): number | null {
    if (this.starts[column] === this.ends[column]) return null;
    const value = this.decimal(column);
    return Number.isNaN(value) ? this.exactNumber(column, true) : value;
  }

  timestamp(column: number): number {
    const value = this.dateTime(column);
    return Number.isNaN(value) ? this.exactTimestamp(column) : value;
  }

  /**
   * An unquoted `-?digits[.digits]` of at most 15 digits, else NaN. Digits and the power of
   * ten are both exact doubles, so their quotient is correctly rounded: the value Number()
   * gives.
   */
  private decimal(column: number): number {
    if (this.quoted[column] === 1) return Number.NaN;
    const bytes = this.bytes;
    const end = this.ends[column]!;
    let pos = this.starts[column]!;
    const negative = bytes[pos] === MINUS;
    if (negative) pos++;
    let digits = 0;
    let mantissa = 0;
    let point = -1;
    for (; pos < end; pos++) {
      const digit = bytes[pos]! - ZERO;
      if (digit >= 0 && digit <= 9) {
        mantissa = mantissa * 10 + digit;
        digits++;
      } else if (bytes[pos] === DOT && point < 0) {
        point = digits;
      } else {
        return Number.NaN;
      }
    }
    if (digits === 0 || digits > 15) return Number.NaN;
    const value = point < 0 ? mantissa : mantissa / POWERS_OF_TEN[digits - point]!;
    return negative ? -value : value;
  }

  /** An unquoted `YYYY-MM-DD HH:MM:SS` that is a real date-time, as UTC ms; else NaN. */
  private dateTime(column: number): number {
    const start = this.starts[column]!;
    if (this.ends[column]! - start !== 19 || this.quoted[column] === 1) return Number.NaN;
    const b = this.bytes;
    if (
      b[start + 4] !== MINUS ||
      b[start + 7] !== MINUS ||
      b[start + 10] !== SPACE ||
      b[start + 13] !== COLON ||
      b[start + 16] !== COLON
    ) {
      return Number.NaN;
    }
    const century = twoDigits(b, start);
    const yearOf = twoDigits(b, start + 2);
    const month = twoDigits(b, start + 5);
    const day = twoDigits(b, start + 8);
    const hour = twoDigits(b, start + 11);
    const minute = twoDigits(b, start + 14);
    const second = twoDigits(b, start + 17);
    if (century < 0 || yearOf < 0 || day < 1 || hour < 0 || minute < 0 || second < 0) {
      return Number.NaN;
    }
    const year = century * 100 + yearOf;
    if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return Number.NaN;
    return daysSinceEpoch(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
  }

  /** The field's text as the exact reader has it: quotes removed, doubled quotes single. */
  text(column: number): string {
    const start = this.starts[column]!;
    const end = this.ends[column]!;
    if (this.quoted[column] === 0) return this.bytes.toString('utf8', start, end);
    return this.bytes.toString('utf8', start + 1, end - 1).replaceAll('""', '"');
  }

  refuse(): never {
    throw UNHANDLED;
  }

  private exactNumber(column: number, optional: boolean): number | null {
    const raw = this.text(column);
    return exactly(() => parseNumber('', { line: 0, get: () => raw }, '', optional));
  }

  private exactTimestamp(column: number): number {
    const raw = this.text(column);
    return exactly(() => parseTimestamp('', { line: 0, get: () => raw }, ''))!;
  }
}

/** A value read by the exact reader's parser; one it refuses stops the fast path. */
function exactly<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InputError) throw UNHANDLED;
    throw error;
  }
}

/** Two ASCII digits at `at` as a number, or -1. */
function twoDigits(bytes: Buffer, at: number): number {
  const high = bytes[at]! - ZERO;
  const low = bytes[at + 1]! - ZERO;
  return high >= 0 && high <= 9 && low >= 0 && low <= 9 ? high * 10 + low : -1;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
