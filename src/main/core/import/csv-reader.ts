import { parse } from 'csv-parse';
import { createReadStream, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { InputError } from './input-error';

export interface CsvRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  get(column: string): string;
}

/** How far a read has got, for progress: bytes of the file consumed (compressed bytes for .gz). */
export interface CsvReadProgress {
  bytesRead: number;
}

/** Finds `name.csv` or `name.csv.gz` in a folder; null when neither exists. */
export function findCsv(dir: string, name: string): string | null {
  for (const candidate of [`${name}.csv`, `${name}.csv.gz`]) {
    const path = join(dir, candidate);
    if (existsSync(path)) return path;
  }
  return null;
}

/**
 * Streams a CSV (plain or gzip) row by row, never holding the file in memory. Checks the
 * header for the columns the caller needs and turns every parser, gzip and IO failure into
 * an InputError that names the file and line.
 */
export async function* readCsv(
  path: string,
  requiredColumns: readonly string[],
  progress?: CsvReadProgress,
): AsyncGenerator<CsvRow> {
  const label = basename(path);
  const source = createReadStream(path);
  const parser = parse({ bom: true, skip_empty_lines: true, info: true });
  // pipeline() wires up error propagation: a truncated gzip surfaces as the parser's error.
  const streams = path.endsWith('.gz')
    ? pipeline(source, createGunzip(), parser, () => undefined)
    : pipeline(source, parser, () => undefined);
  let index: Map<string, number> | null = null;
  let line = 0;
  // csv-parse reports the line a record ends on; a quoted field with line breaks (note text)
  // would then point past the record's start, so the start is derived from the previous
  // record's end plus the empty lines skipped in between. csv-parse also counts a CRLF
  // inside a quoted field as two lines; those are taken back out.
  let lastEnd = 0;
  let emptySoFar = 0;
  let crlfInFields = 0;
  try {
    for await (const entry of streams as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      const record = entry.record;
      line = lastEnd + (entry.info.empty_lines - emptySoFar) + 1;
      for (const field of record) {
        if (field.includes('\r\n')) crlfInFields += field.split('\r\n').length - 1;
      }
      lastEnd = entry.info.lines - crlfInFields;
      emptySoFar = entry.info.empty_lines;
      if (progress) progress.bytesRead = source.bytesRead;
      if (index === null) {
        const names = record.map((name) => name.trim());
        const repeated = names.find((name, i) => names.indexOf(name) !== i);
        if (repeated !== undefined) {
          // A repeated column would silently shadow its twin: refuse rather than guess.
          throw new InputError(
            label,
            line,
            repeated,
            `the header names column "${repeated}" twice`,
          );
        }
        index = new Map(names.map((name, i) => [name, i]));
        const missing = requiredColumns.filter((c) => !index!.has(c));
        if (missing.length > 0) {
          throw new InputError(
            label,
            line,
            missing[0]!,
            `missing column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} (the header has ${record.map((r) => `"${r}"`).join(', ')})`,
          );
        }
        continue;
      }
      const columns = index;
      const row = record;
      yield {
        line,
        get(column: string): string {
          const position = columns.get(column);
          if (position === undefined) {
            throw new InputError(label, line, column, 'no such column in this file');
          }
          return row[position] ?? '';
        },
      };
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw describeReadFailure(label, line, error, crlfInFields);
  } finally {
    source.destroy();
  }
  if (index === null) throw new InputError(label, null, null, 'the file is empty (no header row)');
}

function describeReadFailure(
  label: string,
  lastGoodLine: number,
  error: unknown,
  crlfInFields: number,
): InputError {
  const err = error as { code?: string; message?: string; lines?: number };
  const at = err.lines === undefined ? lastGoodLine + 1 : err.lines - crlfInFields;
  switch (err.code) {
    case 'Z_BUF_ERROR':
    case 'Z_DATA_ERROR':
      return new InputError(
        label,
        at,
        null,
        `the gzip data is truncated or corrupt (${err.message ?? err.code}); re-copy the file`,
      );
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH':
      return new InputError(
        label,
        at,
        null,
        'the row has a different number of fields than the header',
      );
    case 'CSV_QUOTE_NOT_CLOSED':
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new InputError(label, at, null, `malformed quoting (${err.message ?? err.code})`);
    case 'ENOENT':
      return new InputError(label, null, null, 'the file does not exist');
    default:
      return new InputError(label, at, null, err.message ?? String(error));
  }
}

/** Field parsers that report the file, line and field of a bad value. */
export function parseNumber(
  file: string,
  row: CsvRow,
  column: string,
  optional = false,
): number | null {
  const raw = row.get(column).trim();
  if (raw === '') {
    if (optional) return null;
    throw new InputError(file, row.line, column, 'a number is required here, the field is empty');
  }
  // Number() alone also reads "0x1F", "0b1" and "0o7"; a data file means decimal.
  const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new InputError(file, row.line, column, `"${raw}" is not a number`);
  }
  return value;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function parseTimestamp(
  file: string,
  row: CsvRow,
  column: string,
  optional = false,
): number | null {
  const raw = row.get(column).trim();
  if (raw === '') {
    if (optional) return null;
    throw new InputError(
      file,
      row.line,
      column,
      'a date-time is required here, the field is empty',
    );
  }
  const ms = timestampMs(raw);
  if (ms === null) {
    throw new InputError(
      file,
      row.line,
      column,
      `"${raw}" is not a date-time (expected YYYY-MM-DD HH:MM:SS)`,
    );
  }
  return ms;
}

// Date, then optionally a time, then optionally a zone (Z, +HH, +HHMM or +HH:MM).
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: ?(Z|[+-]\d{2}(?::?\d{2})?))?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Parses a timestamp by a strict grammar rather than Date.parse, whose fallback parser reads
 * "2024-01-01 10:00 PM" in the machine's zone and rolls "2024-02-30" over into March. MIMIC
 * writes "YYYY-MM-DD HH:MM:SS" with no zone; a time without a zone is read as UTC so that
 * differences between times are exact whatever the machine's zone. Null when not a date-time.
 */
export function timestampMs(raw: string): number | null {
  const m = TIMESTAMP.exec(raw);
  if (!m) return null;
  const field = (i: number): number => Number(m[i] ?? '0');
  const [year, month, day, hour, minute, second] = [
    field(1),
    field(2),
    field(3),
    field(4),
    field(5),
    field(6),
  ];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (days === undefined || day < 1 || day > days || hour > 23 || minute > 59 || second > 59)
    return null;
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number(`${m[7] ?? ''}000`.slice(0, 3)));
  return date.getTime() - offsetMinutes * 60_000;
}
