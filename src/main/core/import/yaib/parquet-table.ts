import { existsSync, statSync } from 'node:fs';
import {
  asyncBufferFromFile,
  parquetMetadataAsync,
  parquetSchema,
  parquetScan,
  type AsyncBuffer,
  type DecodedArray,
  type FileMetaData,
  type SchemaElement,
} from 'hyparquet';
import { InputError } from '../../errors/input-error';
import { counted } from '../../../../shared/counted';

/**
 * An InputError located by Parquet row and column rather than CSV line and field. Rows are
 * counted from 1 over the whole file (a Parquet file has no header row), so `line` holds the
 * row number and `field` the column name.
 */
export class ParquetInputError extends InputError {
  constructor(file: string, row: number | null, column: string | null, problem: string) {
    super(file, row, column, problem);
    this.message = `${file}${row === null ? '' : `, row ${row}`}${column === null ? '' : `, column "${column}"`}: ${problem}`;
  }
}

/** What a column holds, as far as the importer cares. */
export type ColumnKind = 'integer' | 'number' | 'boolean' | 'text' | 'temporal' | 'other';

const KIND_WORDS: Record<ColumnKind, string> = {
  integer: 'whole numbers',
  number: 'numbers',
  boolean: 'true/false values',
  text: 'text',
  temporal: 'dates or times',
  other: 'nested or binary data',
};

/** One Parquet file opened for reading: its footer, read and checked, and nothing else yet. */
export interface ParquetTable {
  /** The file's name, as reports and errors name it. */
  file: string;
  path: string;
  buffer: AsyncBuffer;
  metadata: FileMetaData;
  rows: number;
  /** Top-level columns in file order, with what each holds. */
  columns: Map<string, ColumnKind>;
}

/**
 * Opens a Parquet file and reads its footer (schema, row groups). A file that is not Parquet,
 * is truncated (the footer is at the end, so a cut copy loses it) or whose footer is corrupt
 * is refused here, before any row is read.
 */
export async function openParquet(path: string, file: string): Promise<ParquetTable> {
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new ParquetInputError(file, null, null, 'the file is missing or is not a file');
  }
  let buffer: AsyncBuffer;
  let metadata: FileMetaData;
  try {
    buffer = await asyncBufferFromFile(path);
    metadata = await parquetMetadataAsync(buffer);
  } catch (error) {
    throw new ParquetInputError(
      file,
      null,
      null,
      `not a readable Parquet file (${messageOf(error)}); it may be truncated or damaged: copy it again`,
    );
  }
  const columns = new Map<string, ColumnKind>();
  try {
    for (const child of parquetSchema(metadata).children) {
      columns.set(child.element.name, kindOf(child.element, child.children.length));
    }
  } catch (error) {
    throw new ParquetInputError(
      file,
      null,
      null,
      `the file's schema cannot be read (${messageOf(error)})`,
    );
  }
  return { file, path, buffer, metadata, rows: Number(metadata.num_rows), columns };
}

function kindOf(element: SchemaElement, children: number): ColumnKind {
  if (children > 0) return 'other';
  const logical = element.logical_type?.type;
  const converted = element.converted_type;
  if (
    logical === 'DATE' ||
    logical === 'TIME' ||
    logical === 'TIMESTAMP' ||
    logical === 'INTERVAL' ||
    converted === 'DATE' ||
    converted?.startsWith('TIME') === true ||
    converted === 'INTERVAL'
  ) {
    return 'temporal';
  }
  switch (element.type) {
    case 'BOOLEAN':
      return 'boolean';
    case 'INT32':
    case 'INT64':
      return logical === 'DECIMAL' || converted === 'DECIMAL' ? 'number' : 'integer';
    case 'FLOAT':
    case 'DOUBLE':
      return 'number';
    case 'BYTE_ARRAY':
      return logical === 'STRING' || converted === 'UTF8' || logical === 'ENUM' ? 'text' : 'other';
    case 'FIXED_LEN_BYTE_ARRAY':
      return logical === 'DECIMAL' || logical === 'FLOAT16' ? 'number' : 'other';
    default:
      return 'other';
  }
}

/**
 * Checks that a required column is there and holds one of the expected kinds; the error
 * names the file and column (no row: the whole column is at fault).
 */
export function requireColumn(
  table: ParquetTable,
  column: string,
  kinds: readonly ColumnKind[],
  meaning: string,
): ColumnKind {
  const kind = table.columns.get(column);
  if (kind === undefined) {
    throw new ParquetInputError(
      table.file,
      null,
      column,
      `missing column "${column}" (${meaning}); the file has ${[...table.columns.keys()].join(', ') || 'no columns'}`,
    );
  }
  checkKind(table, column, kind, kinds, meaning);
  return kind;
}

export function checkKind(
  table: ParquetTable,
  column: string,
  kind: ColumnKind,
  kinds: readonly ColumnKind[],
  meaning: string,
): void {
  if (kinds.includes(kind)) return;
  throw new ParquetInputError(
    table.file,
    null,
    column,
    `expected ${kinds.map((k) => KIND_WORDS[k]).join(' or ')} (${meaning}), the column holds ${KIND_WORDS[kind]}`,
  );
}

/** The `key_value_metadata` entry of that key, or null. */
export function fileMetadataValue(table: ParquetTable, key: string): string | null {
  return table.metadata.key_value_metadata?.find((entry) => entry.key === key)?.value ?? null;
}

/** One row group's worth of rows: `rowStart` is 0-based in the file; columns by name. */
export interface RowBatch {
  rowStart: number;
  rows: number;
  columns: Record<string, DecodedArray>;
}

/**
 * Reads the asked columns one row group at a time, so memory holds one row group, never
 * the whole file. A page that cannot be decoded (a damaged file whose footer survived) is
 * refused naming the rows of its row group and the column.
 */
export async function* rowBatches(
  table: ParquetTable,
  columns: readonly string[],
  beforeBatch: () => void,
): AsyncGenerator<RowBatch> {
  let scan: Awaited<ReturnType<typeof parquetScan>>;
  try {
    scan = await parquetScan({
      file: table.buffer,
      metadata: table.metadata,
      columns: [...columns],
    });
  } catch (error) {
    throw new ParquetInputError(
      table.file,
      null,
      null,
      `the file cannot be read (${messageOf(error)})`,
    );
  }
  for (const { rowStart, rowEnd } of scan.ranges) {
    beforeBatch();
    const data: Record<string, DecodedArray> = {};
    for (const column of columns) {
      try {
        data[column] = await scan.readColumn({ column, rowStart, rowEnd });
      } catch (error) {
        throw new ParquetInputError(
          table.file,
          null,
          column,
          `rows ${rowStart + 1}–${rowEnd} cannot be decoded (${messageOf(error)}); the file is damaged: copy it again`,
        );
      }
      if (data[column].length !== rowEnd - rowStart) {
        throw new ParquetInputError(
          table.file,
          null,
          column,
          `rows ${rowStart + 1}–${rowEnd}: the column has ${counted(data[column].length, 'value')} for ${counted(rowEnd - rowStart, 'row')}; the file is damaged: copy it again`,
        );
      }
    }
    yield { rowStart, rows: rowEnd - rowStart, columns: data };
  }
}

/** A cell as a finite or non-finite number, or null where the file holds none. */
export function numberAt(column: DecodedArray, index: number): number | null {
  const value: unknown = column[index];
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return Number.NaN;
}

/** An id cell (whole number or text) as the text key it is stored under, or null. */
export function idAt(column: DecodedArray, index: number): string | null {
  const value: unknown = column[index];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : null;
  return null;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
