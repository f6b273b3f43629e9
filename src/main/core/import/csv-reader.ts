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
export async function* readCsv(path: string, requiredColumns: readonly string[]): AsyncGenerator<CsvRow> {
  const label = basename(path);
  const source = createReadStream(path);
  const parser = parse({ bom: true, skip_empty_lines: true, info: true });
  // pipeline() wires up error propagation: a truncated gzip surfaces as the parser's error.
  const streams = path.endsWith('.gz')
    ? pipeline(source, createGunzip(), parser, () => undefined)
    : pipeline(source, parser, () => undefined);
  let index: Map<string, number> | null = null;
  let line = 0;
  try {
    for await (const entry of streams as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const record = entry.record;
      line = entry.info.lines;
      if (index === null) {
        index = new Map(record.map((name, i) => [name.trim(), i]));
        const missing = requiredColumns.filter((c) => !index!.has(c));
        if (missing.length > 0) {
          throw new InputError(
            label,
            1,
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
    throw describeReadFailure(label, line, error);
  } finally {
    source.destroy();
  }
  if (index === null) throw new InputError(label, null, null, 'the file is empty (no header row)');
}

function describeReadFailure(label: string, lastGoodLine: number, error: unknown): InputError {
  const err = error as { code?: string; message?: string; lines?: number };
  const at = err.lines ?? lastGoodLine + 1;
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
      return new InputError(label, at, null, 'the row has a different number of fields than the header');
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
export function parseNumber(file: string, row: CsvRow, column: string, optional = false): number | null {
  const raw = row.get(column).trim();
  if (raw === '') {
    if (optional) return null;
    throw new InputError(file, row.line, column, 'a number is required here, the field is empty');
  }
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    throw new InputError(file, row.line, column, `"${raw}" is not a number`);
  }
  return value;
}

export function parseTimestamp(file: string, row: CsvRow, column: string, optional = false): number | null {
  const raw = row.get(column).trim();
  if (raw === '') {
    if (optional) return null;
    throw new InputError(file, row.line, column, 'a date-time is required here, the field is empty');
  }
  // MIMIC writes "YYYY-MM-DD HH:MM:SS" with no zone; every time is read as UTC so that
  // differences between times are exact whatever the machine's zone.
  const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw)
    ? `${raw.replace(' ', 'T')}Z`
    : raw;
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(ms)) {
    throw new InputError(file, row.line, column, `"${raw}" is not a date-time (expected YYYY-MM-DD HH:MM:SS)`);
  }
  return ms;
}
