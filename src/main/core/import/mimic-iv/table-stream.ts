import { statSync } from 'node:fs';
import type { PhiGuard } from '../../phi';
import { readCsv, type CsvReadProgress, type CsvRow } from '../csv-reader';
import { readCsvFields, type CsvFields } from '../csv-scanner';
import type { ImportClock } from '../import-clock';
import type { ImportSummaryBuilder } from '../import-summary';
import type { SourceFile } from './layout';
import { writtenCount } from '../../../../shared/counted';

/** Rows between progress updates and cancellation checks: often enough to feel live. */
const ROWS_PER_TICK = 50_000;

/**
 * What every table reader needs besides its file: the report, progress and cancellation,
 * and the PHI guard every stored text passes.
 */
export interface ImportJob {
  report: ImportSummaryBuilder;
  clock: ImportClock;
  guard: PhiGuard;
  /**
   * Read the event tables with the exact reader only, never the fast path (csv-scanner.ts):
   * for the tests and the benchmark that hold the two to the same result.
   */
  exactReader?: boolean;
}

/**
 * Progress of reading one table, as bytes of the file read (compressed bytes for .gz, so the
 * total is the size on disk and the fraction is honest), with a cancellation check at every
 * tick.
 */
class TableProgress {
  readonly position: CsvReadProgress = { bytesRead: 0 };
  private readonly total: number;

  constructor(
    private readonly file: SourceFile,
    private readonly phase: string,
    private readonly job: ImportJob,
  ) {
    this.total = statSync(file.path).size;
    job.clock.check();
    job.clock.report({ phase, done: 0, total: this.total, message: `Reading ${file.label}` });
  }

  /** After every ROWS_PER_TICK rows. */
  rows(rows: number): void {
    if (rows % ROWS_PER_TICK !== 0) return;
    this.job.clock.check();
    this.report(Math.min(this.position.bytesRead, this.total), rows);
  }

  done(rows: number): void {
    this.report(this.total, rows);
  }

  private report(done: number, rows: number): void {
    this.job.clock.report({
      phase: this.phase,
      done,
      total: this.total,
      message: `${this.file.label}: ${writtenCount(rows)} rows`,
    });
  }
}

/**
 * Streams one table's rows, counting them into the report and reporting progress. Checks
 * for cancellation as it goes.
 */
export async function* streamTable(
  file: SourceFile,
  columns: readonly string[],
  phase: string,
  job: ImportJob,
): AsyncGenerator<CsvRow> {
  const progress = new TableProgress(file, phase, job);
  let rows = 0;
  try {
    for await (const row of readCsv(file.path, columns, progress.position)) {
      progress.rows(++rows);
      yield row;
    }
  } finally {
    job.report.countRows(file.label, rows);
  }
  progress.done(rows);
}

/**
 * Hands every row of a big event table to `handle`, through the fast path (csv-scanner.ts)
 * while it holds, else the exact reader (readCsvFields). Progress, cancellation and the row
 * count in the report are as streamTable's.
 */
export async function scanTable(
  file: SourceFile,
  columns: readonly string[],
  phase: string,
  job: ImportJob,
  handle: (row: CsvFields) => void,
): Promise<void> {
  const progress = new TableProgress(file, phase, job);
  const rows = await readCsvFields(
    file.path,
    file.name,
    columns,
    handle,
    (n) => progress.rows(n),
    progress.position,
    job.exactReader === true,
  );
  job.report.countRows(file.label, rows);
  progress.done(rows);
}
