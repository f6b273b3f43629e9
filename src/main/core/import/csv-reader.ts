import {
  accessSync,
  constants,
  createReadStream,
  lstatSync,
  readlinkSync,
  statSync,
  type ReadStream,
} from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline, Writable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { CsvTokenizer, StrictUtf8, type CsvFailure, type CsvRecord } from './csv-tokenizer';
import { InputError, shown } from '../errors/input-error';

export interface CsvRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  get(column: string): string;
}

/** How far a read has got, for progress: bytes of the file consumed (compressed bytes for .gz). */
export interface CsvReadProgress {
  bytesRead: number;
}

/**
 * Finds `name.csv` or `name.csv.gz` in a folder; null when neither exists. One that exists
 * but cannot be read (a dangling or looping symbolic link, a folder, no permission) is
 * refused with an InputError naming `label` and the file, never taken for absent.
 */
export function findCsv(dir: string, name: string, label = (file: string) => file): string | null {
  for (const candidate of [`${name}.csv`, `${name}.csv.gz`]) {
    const path = join(dir, candidate);
    if (entryExists(path)) {
      requireReadableFile(path, label(candidate));
      return path;
    }
  }
  return null;
}

/** True when something (a file, a folder, a link even to nothing) is at the path. */
export function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    return true;
  }
}

/**
 * Refuses what is at `path` unless it is a regular file this process can read: a link to
 * nothing or to itself, a folder, a file without read permission are each named, so an
 * optional file that is present but broken is never silently skipped.
 */
export function requireReadableFile(path: string, label: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new InputError(
        label,
        null,
        null,
        `this is a symbolic link to ${linkTarget(path)}, which does not exist; fix the link, or remove it if the file is not meant to be there`,
      );
    }
    if (code === 'ELOOP') {
      throw new InputError(
        label,
        null,
        null,
        'this is a symbolic link that leads back to itself (a loop); fix the link, or remove it if the file is not meant to be there',
      );
    }
    throw new InputError(label, null, null, `the file cannot be read (${describeCode(code)})`);
  }
  if (!stats.isFile()) {
    throw new InputError(
      label,
      null,
      null,
      stats.isDirectory() ? 'this is a folder, not a file' : 'this is not a regular file',
    );
  }
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new InputError(
      label,
      null,
      null,
      `the file cannot be read (${describeCode(errorCode(error))}); make it readable, or remove it if it is not meant to be there`,
    );
  }
}

function linkTarget(path: string): string {
  try {
    return shown(readlinkSync(path), 200);
  } catch {
    return 'a file';
  }
}

function errorCode(error: unknown): string {
  return (error as { code?: string }).code ?? String(error);
}

function describeCode(code: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EIO':
      return 'an input/output error: the disk may be failing';
    case 'EISDIR':
      return 'it is a folder';
    default:
      return code;
  }
}

/**
 * Streams a CSV (plain or gzip) row by row, never holding the file in memory. Checks the
 * header for the columns the caller needs and turns every structural, encoding, gzip and IO
 * failure into an InputError that names the file and the line (see CsvTokenizer); a row is
 * named by the line it starts on.
 */
export async function* readCsv(
  path: string,
  requiredColumns: readonly string[],
  progress?: CsvReadProgress,
): AsyncGenerator<CsvRow> {
  const label = basename(path);
  const gzip = path.endsWith('.gz');
  const source: ReadStream = createReadStream(path, { highWaterMark: 1 << 18 });
  // pipeline() wires up error propagation: a truncated gzip surfaces on the gunzip stream.
  const input = gzip ? pipeline(source, createGunzip(), () => undefined) : source;
  const tokenizer = new CsvTokenizer();
  const utf8 = new StrictUtf8();
  const records: CsvRecord[] = [];
  let header: Header | null = null;
  let first = true;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (first && !gzip && chunk[0] === 0x1f && chunk[1] === 0x8b) {
        throw new InputError(
          label,
          null,
          null,
          `this file is gzip-compressed; name it ${label}.gz (or decompress it)`,
        );
      }
      first = false;
      const { text, invalid } = utf8.decode(chunk);
      tokenizer.push(text, records);
      if (invalid !== null) tokenizer.stop(invalidUtf8(tokenizer, invalid));
      if (progress) progress.bytesRead = source.bytesRead;
      for (const record of records) {
        if (header === null) header = readHeader(label, record, requiredColumns, tokenizer);
        else yield row(label, header, record);
      }
      records.length = 0;
      if (tokenizer.failure) throw located(label, tokenizer.failure, header);
    }
    const cut = utf8.end();
    if (cut !== null) tokenizer.stop(invalidUtf8(tokenizer, cut, true));
    tokenizer.end(records);
    for (const record of records) {
      if (header === null) header = readHeader(label, record, requiredColumns, tokenizer);
      else yield row(label, header, record);
    }
    if (tokenizer.failure) throw located(label, tokenizer.failure, header);
  } catch (error) {
    if (error instanceof InputError) {
      // Garbage from a damaged gzip stream looks like bad CSV: say what it really is.
      if (gzip && !isGzipProblem(error)) throw (await gzipProblem(path)) ?? error;
      throw error;
    }
    throw describeReadFailure(label, tokenizer.line, error);
  } finally {
    source.destroy();
  }
  if (header === null) throw new InputError(label, null, null, 'the file is empty (no header row)');
}

interface Header {
  index: Map<string, number>;
  width: number;
}

function readHeader(
  label: string,
  record: CsvRecord,
  requiredColumns: readonly string[],
  tokenizer: CsvTokenizer,
): Header {
  const names = record.fields.map((name) => name.trim());
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) {
    // A repeated column would silently shadow its twin: refuse rather than guess.
    throw new InputError(
      label,
      record.line,
      repeated,
      `the header names column ${shown(repeated)} twice`,
    );
  }
  const index = new Map(names.map((name, i) => [name, i]));
  const missing = requiredColumns.filter((c) => !index.has(c));
  if (missing.length > 0) {
    const listed = names.slice(0, 20).map((r) => shown(r, 40));
    if (names.length > 20) listed.push(`… ${names.length - 20} more`);
    throw new InputError(
      label,
      record.line,
      missing[0]!,
      `missing column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} (the header has ${listed.join(', ')})`,
    );
  }
  tokenizer.setWidth(names.length);
  return { index, width: names.length };
}

function row(label: string, header: Header, record: CsvRecord): CsvRow {
  const { line, fields } = record;
  if (fields.length !== header.width) {
    throw new InputError(
      label,
      line,
      null,
      `the row has a different number of fields than the header (${fields.length}, the header has ${header.width})`,
    );
  }
  const columns = header.index;
  return {
    line,
    get(column: string): string {
      const position = columns.get(column);
      if (position === undefined) {
        throw new InputError(label, line, column, 'no such column in this file');
      }
      return fields[position] ?? '';
    },
  };
}

function invalidUtf8(tokenizer: CsvTokenizer, byte: number, atEnd = false): CsvFailure {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return {
    line: tokenizer.line,
    column: tokenizer.column,
    problem: atEnd
      ? `the file ends in the middle of a UTF-8 character (byte ${hex}); the file is cut short or not UTF-8`
      : `not valid UTF-8 (byte ${hex}); save the file as UTF-8 (it may be in Latin-1 or Windows-1252)`,
  };
}

/** A tokenizer failure as an InputError: the field named by the header when known. */
function located(label: string, failure: CsvFailure, header: Header | null): InputError {
  let field: string | null = null;
  if (failure.column !== null && header !== null) {
    for (const [name, position] of header.index) if (position === failure.column) field = name;
  }
  return new InputError(label, failure.line, field, failure.problem);
}

function isGzipProblem(error: InputError): boolean {
  return error.problem.startsWith('not valid gzip') || error.problem.startsWith('the gzip data');
}

/** Gzip files up to this size are decompressed once more to tell damage from bad CSV. */
const GZIP_RECHECK_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Decompresses a gzip file to its end and returns an InputError when the data are damaged
 * (or are not gzip), null when the file is sound or too large to recheck quickly.
 */
export async function gzipProblem(path: string): Promise<InputError | null> {
  try {
    if (statSync(path).size > GZIP_RECHECK_MAX_BYTES) return null;
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await pipelineAsync(createReadStream(path), createGunzip(), sink);
    return null;
  } catch (error) {
    const described = describeReadFailure(basename(path), null, error);
    return isGzipProblem(described) ? described : null;
  }
}

/**
 * When an import stops on a file that is gzip-compressed, the real cause may be damage in
 * the gzip data (garbage that happens to parse as rows); returns the gzip problem instead
 * of `error` when there is one. `paths` are the files the import read.
 */
export async function explainGzip(error: unknown, paths: readonly string[]): Promise<unknown> {
  if (!(error instanceof InputError) || isGzipProblem(error)) return error;
  const path = paths.find((p) => p.endsWith('.gz') && basename(p) === basename(error.file));
  if (path === undefined) return error;
  return (await gzipProblem(path)) ?? error;
}

function describeReadFailure(label: string, line: number | null, error: unknown): InputError {
  const err = error as { code?: string; message?: string };
  switch (err.code) {
    case 'Z_BUF_ERROR':
      return new InputError(
        label,
        line,
        null,
        `the gzip data is truncated or corrupt (${err.message ?? err.code}); re-copy the file`,
      );
    case 'Z_DATA_ERROR':
    case 'Z_STREAM_ERROR':
    case 'Z_NEED_DICT':
      return new InputError(
        label,
        null,
        null,
        `not valid gzip (${err.message ?? err.code}): the file is damaged or not gzip-compressed; re-copy it, or name it without .gz if it is plain CSV`,
      );
    case 'ENOENT':
      return new InputError(label, null, null, 'the file does not exist');
    case 'EACCES':
    case 'EPERM':
    case 'EISDIR':
    case 'ELOOP':
    case 'EIO':
      return new InputError(
        label,
        null,
        null,
        `the file cannot be read (${describeCode(err.code)})`,
      );
    default:
      return new InputError(label, line, null, err.message ?? String(error));
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
    throw new InputError(file, row.line, column, `${shown(raw)} is not a number`);
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
      `${shown(raw)} is not a date-time (expected YYYY-MM-DD HH:MM:SS)`,
    );
  }
  return ms;
}

/** Whether a date-time names its zone. */
export type TimeConvention = 'zone-less' | 'with offset';

/**
 * The convention of a value parseTimestamp accepted, so that an import can hold a folder to
 * one: a stray offset among zone-less times would otherwise shift by hours without a word.
 * Null for Z: it names UTC, the very reading zone-less times get, so it fits either folder.
 */
export function timeConventionOf(raw: string): TimeConvention | null {
  const zone = TIMESTAMP.exec(raw.trim())?.[8];
  if (zone === 'Z') return null;
  return zone === undefined ? 'zone-less' : 'with offset';
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
