/**
 * The CSV reader of the importers (RFC 4180: commas, double quotes, one line-ending style per
 * file), written here rather than taken from csv-parse, which the product used before,
 * because an import must name the line of every problem and csv-parse cannot: it reports an
 * unclosed quote where the file ends (line 8,000,002 for a quote opened at line 2) and
 * miscounts lines around carriage returns. test/core/import/csv-properties.test.ts checks
 * this reader against csv-parse on generated files; it is also about 8× faster on a
 * million rows.
 */
import { writtenCount } from '../../../shared/counted';
/** One row as the file holds it: its fields, and the line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A structural problem, located: the line to name and, when known, the field's position. */
export interface CsvFailure {
  line: number;
  /** 0-based position of the field, or null when the problem is the row's or the line's. */
  column: number | null;
  problem: string;
}

/** No row of any format ToE Audit reads comes near this; a larger one is a broken quote. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;
/** Columns a header may name: the formats use a few dozen at most. */
export const MAX_COLUMNS = 10_000;

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;
const BOM = 0xfeff;

const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** Just after a quote inside a quoted field: a second quote, a comma or a line break must follow. */
const AFTER_QUOTE = 3;

type LineEnding = '\n' | '\r\n';
const ENDING_NAME: Record<LineEnding, string> = { '\n': '\\n (LF)', '\r\n': '\\r\\n (CRLF)' };

/**
 * RFC 4180 CSV, read as text chunks arrive, with every line number exact: a row is named by
 * the line it starts on, a quote that never closes by the line where it opened, and a line
 * ending that differs from the file's by its own line. csv-parse (used before) counts each
 * CR and LF inside a quoted field as a line, knows only where a row ends, and keeps a stray
 * CR of a mixed line ending inside the last field, so its lines drifted from the file's.
 *
 * Rules (docs/data-format.md): fields separated by commas; a field starting with a quote
 * runs to the matching quote, a doubled quote inside it being one quote, and may hold commas
 * and line breaks; a quote inside an unquoted field is an error; lines end with \n or \r\n,
 * one kind per file (inside quoted fields line breaks are text, kept as written); empty lines
 * are skipped; a byte-order mark at the start is dropped.
 *
 * `push` never throws: a problem stops the reading and is kept in `failure`, after the rows
 * complete before it, so the caller hands those rows on first and problems come in file order.
 */
export class CsvTokenizer {
  /** The line being read (1-based). */
  line = 1;
  failure: CsvFailure | null = null;
  /** Most fields a row may have: MAX_COLUMNS until the reader gives the header's width. */
  private maxFields = MAX_COLUMNS;
  private headerWidth: number | null = null;
  private recordLine = 1;
  private fields: string[] = [];
  private field = '';
  private state = FIELD_START;
  private quoteLine = 0;
  private recordChars = 0;
  private ending: LineEnding | null = null;
  /** A CR outside quotes was the last character: is it half of a CRLF? */
  private pendingCr = false;
  private crLine = 0;
  private pendingRecord: CsvRecord | null = null;
  /** Inside quotes, the previous character was a CR (so a LF now ends no new line). */
  private crInQuotes = false;
  private atStart = true;

  /** The header's width: a row with more fields stops the reading as soon as it has them. */
  setWidth(width: number): void {
    this.maxFields = width;
    this.headerWidth = width;
  }

  /** 0-based position of the field being read. */
  get column(): number {
    return this.fields.length;
  }

  /** Reads a chunk of text; rows completed in it are appended to `out`. */
  push(text: string, out: CsvRecord[]): void {
    if (this.failure !== null) return;
    const n = text.length;
    let i = 0;
    if (this.atStart && n > 0) {
      this.atStart = false;
      if (text.charCodeAt(0) === BOM) i = 1;
    }
    while (i < n) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (text.charCodeAt(i) !== LF) return this.loneCr();
        if (!this.lineEnded('\r\n', this.crLine)) return;
        if (this.pendingRecord) out.push(this.pendingRecord);
        this.pendingRecord = null;
        i++;
        continue;
      }
      const c = text.charCodeAt(i);
      if (this.state === QUOTED) {
        if (c === QUOTE) {
          this.state = AFTER_QUOTE;
          this.crInQuotes = false;
          i++;
          continue;
        }
        if (c === CR || c === LF) {
          // Text inside quotes; CRLF is one line, as is a lone CR or LF.
          if (c === CR || !this.crInQuotes) this.line++;
          this.crInQuotes = c === CR;
          if (!this.append(c === CR ? '\r' : '\n')) return;
          i++;
          continue;
        }
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === QUOTE || d === CR || d === LF) break;
          j++;
        }
        this.crInQuotes = false;
        if (!this.append(text.slice(i, j))) return;
        i = j;
        continue;
      }
      if (this.state === AFTER_QUOTE) {
        if (c === QUOTE) {
          this.state = QUOTED;
          if (!this.append('"')) return;
          i++;
          continue;
        }
        if (c !== COMMA && c !== CR && c !== LF) return this.textAfterQuote(text, i);
      }
      // FIELD_START, UNQUOTED, or AFTER_QUOTE followed by a comma or a line break.
      if (c === COMMA) {
        if (!this.endField()) return;
        i++;
        continue;
      }
      if (c === LF || c === CR) {
        if (!this.lineBreak(c, out)) return;
        i++;
        continue;
      }
      if (c === QUOTE) {
        if (this.state === FIELD_START) {
          this.state = QUOTED;
          this.quoteLine = this.line;
          i++;
          continue;
        }
        this.fail(
          this.line,
          this.column,
          'a quote (") inside a field that does not start with one; put the whole field in quotes and double every quote inside it ("")',
        );
        return;
      }
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === COMMA || d === QUOTE || d === CR || d === LF) break;
        j++;
      }
      this.state = UNQUOTED;
      if (!this.append(text.slice(i, j))) return;
      i = j;
    }
  }

  /** The input is complete: the last row (without a line ending) is appended to `out`. */
  end(out: CsvRecord[]): void {
    if (this.failure !== null) return;
    if (this.pendingCr) {
      this.pendingCr = false;
      this.loneCr();
      return;
    }
    if (this.state === QUOTED) {
      this.fail(
        this.quoteLine,
        this.column,
        `the quote that opens this field is never closed: the file ends inside it${this.line > this.quoteLine ? ` (at line ${this.line})` : ''}`,
      );
      return;
    }
    if (this.state !== FIELD_START || this.fields.length > 0) {
      if (this.endField()) this.emit(out);
    }
  }

  /** Stops the reading with a problem found outside the text itself (bad UTF-8, say). */
  stop(failure: CsvFailure): void {
    this.failure ??= failure;
  }

  private lineBreak(c: number, out: CsvRecord[]): boolean {
    const endedLine = this.line;
    let record: CsvRecord | null = null;
    if (this.state !== FIELD_START || this.fields.length > 0) {
      if (!this.endField()) return false;
      record = this.take();
    }
    this.line++;
    this.recordLine = this.line;
    this.state = FIELD_START;
    if (c === CR) {
      // Emitted once the next character shows whether this is a CRLF.
      this.pendingCr = true;
      this.crLine = endedLine;
      this.pendingRecord = record;
      return true;
    }
    if (!this.lineEnded('\n', endedLine)) return false;
    if (record) out.push(record);
    return true;
  }

  private lineEnded(ending: LineEnding, line: number): boolean {
    if (this.ending === null) this.ending = ending;
    if (this.ending === ending) return true;
    return this.fail(
      line,
      null,
      `this line ends with ${ENDING_NAME[ending]}, the lines before it with ${ENDING_NAME[this.ending]}: mixed line endings. Save the file with one kind of line ending throughout`,
    );
  }

  private loneCr(): void {
    this.fail(
      this.crLine,
      null,
      'a carriage return (\\r) not followed by a line feed ends this line; lines must end with \\n or \\r\\n (save the file with Unix or Windows line endings)',
    );
  }

  private textAfterQuote(text: string, i: number): void {
    const next = JSON.stringify(text.slice(i, i + 12).split(/[\r\n]/)[0]);
    const problem =
      this.line === this.quoteLine
        ? `text (${next}) follows the closing quote of this field; inside a quoted field, write a quote as two quotes ("")`
        : `the quote that opens this field closes only at line ${this.line}, where text (${next}) follows it: a closing quote is probably missing here, or a quote inside the field is not doubled ("")`;
    this.fail(this.quoteLine, this.column, problem);
  }

  private append(text: string): boolean {
    this.field += text;
    this.recordChars += text.length;
    if (this.recordChars <= MAX_RECORD_CHARS) return true;
    const limit = `${MAX_RECORD_CHARS / 2 ** 20} million characters`;
    return this.state === QUOTED
      ? this.fail(
          this.quoteLine,
          this.column,
          `the quoted field that opens here runs on for more than ${limit}: its closing quote is probably missing`,
        )
      : this.fail(
          this.recordLine,
          null,
          `the row is longer than ${limit}; no row of this format is that long`,
        );
  }

  private endField(): boolean {
    this.fields.push(this.field);
    this.field = '';
    this.state = FIELD_START;
    if (this.fields.length <= this.maxFields) return true;
    return this.fail(
      this.recordLine,
      null,
      this.headerWidth === null
        ? `the header has more than ${writtenCount(MAX_COLUMNS)} columns; this is not a file of this format`
        : `the row has a different number of fields than the header (more than ${this.headerWidth})`,
    );
  }

  private take(): CsvRecord {
    const record = { line: this.recordLine, fields: this.fields };
    this.fields = [];
    this.recordChars = 0;
    return record;
  }

  private emit(out: CsvRecord[]): void {
    out.push(this.take());
  }

  private fail(line: number, column: number | null, problem: string): false {
    this.failure ??= { line, column, problem };
    return false;
  }
}

/**
 * UTF-8 decoding that refuses invalid bytes rather than turning them into U+FFFD, chunk by
 * chunk (a character split between chunks is carried over). `decode` returns the text up to
 * the first invalid byte, and that byte when there is one.
 */
export class StrictUtf8 {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private carry: Uint8Array = new Uint8Array(0);

  decode(chunk: Uint8Array): { text: string; invalid: number | null } {
    const bytes = this.carry.length > 0 ? concat(this.carry, chunk) : chunk;
    const complete = completeLength(bytes);
    this.carry = bytes.slice(complete);
    const body = bytes.subarray(0, complete);
    try {
      return { text: this.decoder.decode(body), invalid: null };
    } catch {
      const bad = firstInvalid(body);
      return { text: this.decoder.decode(body.subarray(0, bad)), invalid: body[bad] ?? 0 };
    }
  }

  /** At the end of the input: the first byte of a character cut off by the end, if any. */
  end(): number | null {
    return this.carry.length > 0 ? this.carry[0]! : null;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

/** Length of `bytes` without a character that starts in its last 3 bytes and ends beyond. */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 3); i--) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return n - i < need ? i : n;
  }
  return n;
}

/** Index of the first byte that does not begin or continue a valid UTF-8 character. */
export function firstInvalid(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return n;
}
