/**
 * The PDF reports the app previews and saves, written once per state of their run and kept
 * in memory (the last few), so opening a run's Report page again, or paging through its
 * preview, costs milliseconds rather than the seconds a report takes to write. A report is
 * written again when what it says can have changed: the run (status, stays audited, review
 * policy and budget) or its reviews (any verdict added, changed or removed).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunStore } from '../audit/run-store';
import { runFiguresOffThread } from '../audit/stored-figures';
import { ReviewRecords, type Store } from '../store';
import { writeAuditReport } from './audit-report';
import { reportFigureRequests } from './audit-report-data';
import { findReportFonts } from './report-fonts';
import { SECTIONS } from './report-sections';

export interface PreparedReport {
  fileName: string;
  pages: number;
  pdf: Buffer;
  sections: string[];
  /** Stays the report's statistics cover, and whether its cohort is SYNTHETIC. */
  stays: number;
  synthetic: boolean;
}

/** How the report's intervals and bias audit are computed (`toe report --resamples …`). */
export interface PreparedReportOptions {
  resamples?: number | undefined;
  minGroupSize?: number | undefined;
}

/** Reports kept: one per run a user is likely to flip between. */
const KEPT = 4;

export class PreparedReports {
  private readonly reports = new Map<string, Promise<PreparedReport>>();

  constructor(
    private readonly store: Store,
    private readonly fontsDir: string,
  ) {}

  get(runId: number, seed: number, options: PreparedReportOptions = {}): Promise<PreparedReport> {
    // Missing fonts are an installation problem: said first, whatever the run.
    findReportFonts(this.fontsDir);
    const key = JSON.stringify([
      this.stateOf(runId, seed),
      options.resamples,
      options.minGroupSize,
    ]);
    const kept = this.reports.get(key);
    if (kept) {
      // Most recently used last, so the oldest is the one dropped.
      this.reports.delete(key);
      this.reports.set(key, kept);
      return kept;
    }
    const written = this.write(runId, seed, options);
    this.reports.set(key, written);
    // A failed write is not kept: the next visit tries again.
    written.catch(() => this.reports.delete(key));
    while (this.reports.size > KEPT) this.reports.delete(this.reports.keys().next().value!);
    return written;
  }

  /** Everything the report's content depends on that can change after the run finished. */
  private stateOf(runId: number, seed: number): string {
    const run = new RunStore(this.store).getRun(runId);
    const reviews = new ReviewRecords(this.store).tally(runId);
    return JSON.stringify([runId, seed, run, reviews]);
  }

  /**
   * A settled run's figures, stored or computed on the figures worker, so writing the report
   * reads them rather than running their bootstrap on the thread that answers the app.
   */
  private async figuresOffThread(
    runId: number,
    seed: number,
    options: PreparedReportOptions,
  ): Promise<void> {
    const run = new RunStore(this.store).getRun(runId);
    if (run.status === 'running' || run.doneStays === 0) return;
    const requests = Object.values(reportFigureRequests(runId, { seed, ...defined(options) }));
    await Promise.all(requests.map((request) => runFiguresOffThread(this.store, run, request)));
  }

  private async write(
    runId: number,
    seed: number,
    options: PreparedReportOptions,
  ): Promise<PreparedReport> {
    // A private folder per report (mkdtemp is mode 0700), removed whatever happens.
    const folder = await mkdtemp(join(tmpdir(), 'toe-report-'));
    try {
      await this.figuresOffThread(runId, seed, options);
      const fileName = `toe-audit-run-${runId}.pdf`;
      const path = join(folder, fileName);
      const { pages, data } = await writeAuditReport(this.store, runId, path, {
        seed,
        ...defined(options),
        fontsDir: this.fontsDir,
      });
      return {
        fileName,
        pages,
        pdf: await readFile(path),
        sections: Object.values(SECTIONS),
        stays: data.statistics.stays,
        synthetic: data.cohort.synthetic,
      };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/** The options given, without the unset ones (exact optional properties). */
function defined(options: PreparedReportOptions): { resamples?: number; minGroupSize?: number } {
  return {
    ...(options.resamples !== undefined ? { resamples: options.resamples } : {}),
    ...(options.minGroupSize !== undefined ? { minGroupSize: options.minGroupSize } : {}),
  };
}
