import { statSync } from 'node:fs';
import { throwIfCancelled } from '../../jobs/progress';
import type { PhiGuard } from '../../phi';
import { readCsv, type CsvReadProgress, type CsvRow } from '../csv-reader';
import type { ImportOptions } from '../import-options';
import type { ImportReportBuilder } from '../import-report';
import type { SourceFile } from './layout';

/** Rows between progress updates and cancellation checks: often enough to feel live. */
const ROWS_PER_TICK = 50_000;

/**
 * What every table reader needs besides its file: the report, progress and cancellation,
 * and the PHI guard every stored text passes.
 */
export interface ImportJob {
  report: ImportReportBuilder;
  options: ImportOptions;
  guard: PhiGuard;
}

export const IMPORT_WHAT = 'The MIMIC-IV import';

/**
 * Streams one table's rows, counting them into the report and reporting progress as bytes
 * of the file read (compressed bytes for .gz, so the total is the size on disk and the
 * fraction is honest). Checks for cancellation as it goes.
 */
export async function* streamTable(
  file: SourceFile,
  columns: readonly string[],
  phase: string,
  job: ImportJob,
): AsyncGenerator<CsvRow> {
  const total = statSync(file.path).size;
  const position: CsvReadProgress = { bytesRead: 0 };
  const progress = job.options.progress;
  throwIfCancelled(job.options.signal, IMPORT_WHAT);
  progress?.({ phase, done: 0, total, message: `Reading ${file.label}` });
  let rows = 0;
  try {
    for await (const row of readCsv(file.path, columns, position)) {
      rows++;
      if (rows % ROWS_PER_TICK === 0) {
        throwIfCancelled(job.options.signal, IMPORT_WHAT);
        progress?.({
          phase,
          done: Math.min(position.bytesRead, total),
          total,
          message: `${file.label}: ${rows.toLocaleString('en-US')} rows`,
        });
      }
      yield row;
    }
  } finally {
    job.report.countRows(file.label, rows);
  }
  progress?.({
    phase,
    done: total,
    total,
    message: `${file.label}: ${rows.toLocaleString('en-US')} rows`,
  });
}
