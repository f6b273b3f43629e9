import { lastCancelCheck, throwIfCancelled } from '../../jobs/progress';
import type { ImportOptions } from '../import-options';

const ROWS_PER_TICK = 10_000;
const STAYS_PER_TICK = 250;
export const IMPORT_WHAT = 'The YAIB import';

/**
 * Progress and cancellation for one YAIB import. A Parquet footer gives every file's row
 * count before any row is read, so reading reports rows done out of the three files' rows.
 */
export class YaibClock {
  private rowsDone = 0;

  constructor(
    private readonly options: ImportOptions,
    private readonly totalRows: number,
  ) {}

  check(): void {
    throwIfCancelled(this.options.signal, IMPORT_WHAT);
  }

  /** The job's point of no return, right before the cohort's transaction commits. */
  beginCommit(): void {
    lastCancelCheck(this.options, IMPORT_WHAT);
  }

  /** Call once per row; does real work only every ROWS_PER_TICK rows. */
  row(file: string, rowsOfFile: number): void {
    this.rowsDone++;
    if (this.rowsDone % ROWS_PER_TICK !== 0) return;
    this.check();
    this.update(`${file}: ${rowsOfFile.toLocaleString('en-US')} rows`);
  }

  fileDone(file: string, rowsOfFile: number): void {
    this.check();
    this.update(`${file}: ${rowsOfFile.toLocaleString('en-US')} rows read`);
  }

  /** True when the writer should report and yield to the event loop (so a cancel can land). */
  stayWritten(done: number, total: number): boolean {
    if (done % STAYS_PER_TICK !== 0 && done !== total) return false;
    this.options.progress?.({
      phase: 'writing',
      done,
      total,
      message: `${done} of ${total} stays written`,
    });
    return true;
  }

  private update(message: string): void {
    this.options.progress?.({
      phase: 'reading',
      done: Math.min(this.rowsDone, this.totalRows),
      total: this.totalRows,
      message,
    });
  }
}
