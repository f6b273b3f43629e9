// Import throughput: generating the demo cohort, importing a generic-format folder (the
// demo's stays written out as CSV) and a MIMIC-IV-layout export with a few million
// chartevents rows, each through the fast path and, for comparison, through the exact reader
// alone, beside what inflating chartevents.csv.gz allows at best. Each import goes into a
// fresh store; preparing its input is not timed.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoCohort } from '../src/main/core/import/demo';
import { importGeneric } from '../src/main/core/import/generic';
import { importMimicIv } from '../src/main/core/import/mimic-iv';
import type { ProgressUpdate } from '../src/main/core/jobs/progress';
import { Store } from '../src/main/core/store';
import type { BenchFixtures } from './fixtures';
import { writeGenericFolder } from './generic-folder';
import { inflateLimits } from './inflate-limits';
import { sum, timed, withPeakRss, type BenchmarkResult, type SectionBody } from './measure';
import { writeMimicFolder } from './mimic-folder';

const DEMO_STAYS = 5000;
const GENERIC_STAYS = 2000;

export async function importsBenchmark(fixtures: BenchFixtures) {
  const results: BenchmarkResult[] = [];
  const details: Record<string, unknown> = {};
  const fresh = (name: string) => new Store(join(fixtures.dir, `${name}.sqlite`));

  const demoStore = fresh('import-demo');
  const demo = await timed(() =>
    createDemoCohort(demoStore, { name: 'demo', stays: DEMO_STAYS, seed: 7, spurious: false }, {}),
  );
  const demoRows = sum(Object.values(demo.value.rowsRead));
  results.push(
    {
      name: 'demo generation',
      value: DEMO_STAYS / (demo.ms / 1000),
      unit: `stays/s (${DEMO_STAYS})`,
    },
    { name: 'demo generation: values', value: demoRows / (demo.ms / 1000), unit: 'rows/s' },
  );
  details.demo = { stays: DEMO_STAYS, seconds: demo.ms / 1000, rowsRead: demo.value.rowsRead };

  const folder = join(fixtures.dir, 'generic');
  const ids = demoStore.stayIds(demoStore.resolveCohort('demo')).slice(0, GENERIC_STAYS);
  const written = await writeGenericFolder(folder, demoStore.loadStays(ids));
  demoStore.close();
  const genericDetails: Record<string, unknown> = { stays: ids.length, rowsWritten: written };
  const genericHashes: string[] = [];
  for (const exactReader of [false, true]) {
    const label = exactReader ? 'generic exact reader' : 'generic import';
    const genericStore = fresh(exactReader ? 'import-generic-exact' : 'import-generic');
    const files = new FileClock();
    const generic = await timed(() =>
      importGeneric(genericStore, folder, { progress: files.update }, { exactReader }),
    );
    genericHashes.push(genericStore.cohortContentHash(genericStore.resolveCohort('bench-generic')));
    genericStore.close();
    const genericRows = sum(Object.values(generic.value.rowsRead));
    const measurementRows = generic.value.rowsRead['measurements.csv']!;
    const measurementSeconds = files.seconds('measurements.csv');
    results.push(
      {
        name: label,
        value: ids.length / (generic.ms / 1000),
        unit: `stays/s (${ids.length})`,
      },
      {
        name: `${label}: rows`,
        value: genericRows / (generic.ms / 1000),
        unit: `rows/s (${genericRows} rows)`,
      },
      {
        name: `${label}: measurements.csv`,
        value: measurementRows / measurementSeconds,
        unit: `rows/s (${measurementRows} rows, its reading alone)`,
      },
    );
    genericDetails[exactReader ? 'exactReader' : 'fastPath'] = {
      seconds: generic.ms / 1000,
      measurementSeconds,
      rowsRead: generic.value.rowsRead,
    };
  }
  // As for MIMIC-IV below: both paths must have stored the same cohort.
  genericDetails.sameCohort = genericHashes[0] === genericHashes[1];
  details.generic = genericDetails;

  const mimicDir = join(fixtures.dir, 'mimic');
  const chartRows = await writeMimicFolder(mimicDir, fixtures.options.mimicRows);
  const limits = await inflateLimits(join(mimicDir, 'icu/chartevents.csv.gz'));
  const megabytes = (limits.inflatedBytes / 1e6).toFixed(0);
  results.push(
    {
      name: 'chartevents.csv.gz: inflate alone',
      value: chartRows / limits.inflateSeconds,
      unit: `rows/s (${megabytes} MB inflated)`,
    },
    {
      name: 'chartevents.csv.gz: inflate + line scan',
      value: chartRows / limits.lineScanSeconds,
      unit: `rows/s (${megabytes} MB inflated)`,
    },
  );
  details.chartLimits = limits;
  const mimicDetails: Record<string, unknown> = {};
  const cohortHashes: string[] = [];
  for (const exactReader of [false, true]) {
    const label = exactReader ? 'MIMIC-IV exact reader' : 'MIMIC-IV import';
    const mimicStore = fresh(exactReader ? 'import-mimic-exact' : 'import-mimic');
    const phases = new PhaseClock();
    const rssBefore = process.memoryUsage.rss() / 2 ** 20;
    const mimic = await withPeakRss(() =>
      timed(() =>
        importMimicIv(mimicStore, mimicDir, { progress: phases.update }, { exactReader }),
      ),
    );
    cohortHashes.push(mimicStore.cohortContentHash(mimicStore.resolveCohort('mimic-iv')));
    mimicStore.close();
    const { value: report, ms } = mimic.value;
    const chartSeconds = phases.seconds('Chart events');
    const mimicRows = sum(Object.values(report.rowsRead));
    results.push(
      {
        name: `${label}: chartevents`,
        value: chartRows / (ms / 1000),
        unit: `rows/s (${chartRows} rows, whole import)`,
      },
      {
        name: `${label}: chart events phase`,
        value: chartRows / chartSeconds,
        unit: `rows/s (${chartRows} rows)`,
      },
    );
    if (!exactReader) {
      results.push(
        {
          name: `${label}: all rows`,
          value: mimicRows / (ms / 1000),
          unit: `rows/s (${mimicRows} rows)`,
        },
        {
          name: `${label}: stays`,
          value: report.staysIncluded / (ms / 1000),
          unit: `stays/s (${report.staysIncluded})`,
        },
      );
    }
    mimicDetails[exactReader ? 'exactReader' : 'fastPath'] = {
      chartRows,
      seconds: ms / 1000,
      phaseSeconds: phases.all(),
      staysIncluded: report.staysIncluded,
      rowsRead: report.rowsRead,
      rssBeforeMiB: Math.round(rssBefore),
      peakRssMiB: Math.round(mimic.peakMiB),
    };
  }
  // The check that matters more than the speed: both paths stored the same cohort.
  mimicDetails.sameCohort = cohortHashes[0] === cohortHashes[1];
  details.mimic = mimicDetails;
  return { results, details };
}

/** Seconds of each phase of an import, from its first progress update to the next phase's. */
class PhaseClock {
  private readonly starts: { phase: string; at: number }[] = [];

  readonly update = (update: ProgressUpdate): void => {
    if (this.starts.at(-1)?.phase !== update.phase) {
      this.starts.push({ phase: update.phase, at: performance.now() });
    }
  };

  seconds(phase: string): number {
    const i = this.starts.findIndex((s) => s.phase === phase);
    const end = this.starts[i + 1]?.at ?? performance.now();
    return (end - this.starts[i]!.at) / 1000;
  }

  all(): Record<string, number> {
    return Object.fromEntries(
      this.starts.map(({ phase }) => [phase, Math.round(this.seconds(phase) * 1000) / 1000]),
    );
  }
}

/**
 * When each file of a generic import was read: its "N rows read" update. A file's seconds
 * run from the previous file's to its own (the files are read one after another).
 */
class FileClock {
  private readonly done: { file: string; at: number }[] = [];

  readonly update = (update: ProgressUpdate): void => {
    const file = /^(.+): [\d,]+ rows read$/.exec(update.message ?? '')?.[1];
    if (file !== undefined) this.done.push({ file, at: performance.now() });
  };

  seconds(file: string): number {
    const i = this.done.findIndex((d) => d.file === file);
    if (i < 1) throw new Error(`no reading time for ${file}`);
    return (this.done[i]!.at - this.done[i - 1]!.at) / 1000;
  }
}

/**
 * A MIMIC-IV-sized chartevents through the fast path (issue 17, item 2): the same cohort (the
 * demo's 100 patients) with a tenth of the rows and with all of them (default 100,000,000),
 * each imported in a process of its own, so that time and peak memory are the import's and
 * memory can be seen not to grow with the file.
 */
export async function bigImportBenchmark(fixtures: BenchFixtures): Promise<SectionBody> {
  const script = fileURLToPath(new URL('./import-run.ts', import.meta.url));
  const results: BenchmarkResult[] = [];
  const runs: Record<string, unknown>[] = [];
  const full = fixtures.options.bigMimicRows;
  for (const rows of [Math.ceil(full / 10), full]) {
    const folder = join(fixtures.dir, `mimic-big-${rows}`);
    const writing = performance.now();
    await writeMimicFolder(folder, rows, { sameStays: true });
    const writeS = (performance.now() - writing) / 1000;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', script, folder, join(fixtures.dir, `mimic-big-${rows}.sqlite`)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const run = JSON.parse(output.trim().split('\n').pop()!) as {
      seconds: number;
      chartRows: number;
      staysIncluded: number;
      peakMiB: number;
    };
    rmSync(folder, { recursive: true, force: true });
    runs.push({ rows, writeS, ...run });
    const label = `MIMIC-IV import, ${rows.toLocaleString('en-US')} chartevents rows`;
    results.push(
      { name: `${label}: total`, value: run.seconds, unit: `s (${run.staysIncluded} stays)` },
      { name: `${label}: rows/s`, value: run.chartRows / run.seconds, unit: 'chartevents rows/s' },
      { name: `${label}: peak memory`, value: run.peakMiB, unit: 'MiB RSS' },
    );
  }
  return { results, details: { runs } };
}
