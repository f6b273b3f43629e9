// npm run bench [-- --only ceiling,toe] [--quick] [--stays N] [--audit-stays N]
//                [--mimic-rows N] [--scaling-stays N] [--gc-stays N] [--open-stays N]
//                [--scale-stays N] [--evaluate-stays N] [--big-mimic-rows N]
//                [--leader-path-stays N]
// Every benchmark measured in one run on this machine, merged into bench/results.json (each
// section with its own date and load; sections not run keep their last figures) and printed
// as a table. Goals live here and in docs/performance.md, never in timed tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { auditBenchmark, gcBenchmark, scaleBenchmark } from './audit';
import { baselinesBenchmark } from './baselines';
import { ceilingBenchmark } from './ceiling';
import { evaluateBenchmark } from './evaluate';
import { BenchFixtures, type BenchOptions } from './fixtures';
import { bigImportBenchmark, importsBenchmark } from './imports';
import { leaderPathBenchmark } from './leader-path';
import { openRunBenchmark } from './open-run';
import { section, type SectionBody, type SectionResult } from './measure';
import { phiGuardBenchmark } from './phi-guard';
import { scalingBenchmark } from './scaling';
import { storeLoadBenchmark } from './store-load';
import { toeBenchmark } from './toe';

type Body = (f: BenchFixtures) => Promise<SectionBody>;

/** In the order they run: the long audit last, so a quick look at the rest comes first. */
const SECTIONS: Record<string, Body> = {
  store: async () => ({ results: await storeLoadBenchmark() }),
  ceiling: ceilingBenchmark,
  toe: toeBenchmark,
  baselines: baselinesBenchmark,
  scaling: scalingBenchmark,
  'leader-path': leaderPathBenchmark,
  imports: importsBenchmark,
  // Minutes: a MIMIC-IV-sized chartevents written and imported (--only big-import).
  'big-import': bigImportBenchmark,
  phi: async () => ({ results: phiGuardBenchmark() }),
  open: openRunBenchmark,
  evaluate: evaluateBenchmark,
  audit: auditBenchmark,
  gc: gcBenchmark,
  // Half an hour on this machine: run it on its own (--only scale).
  scale: scaleBenchmark('default'),
  // The same audit with each search on to S_max (toe audit --search-to-limit): most of an hour.
  'scale-to-limit': scaleBenchmark('to-limit'),
};

function parseArgs(argv: readonly string[]): { only: string[]; options: BenchOptions } {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const count = (flag: string, normal: number, small: number) => {
    const raw = value(flag);
    const n = raw === undefined ? (quick ? small : normal) : Number(raw);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${flag} takes a whole number >= 1, got ${raw}`);
    return n;
  };
  const only =
    value('--only')
      ?.split(',')
      .map((s) => s.trim()) ?? Object.keys(SECTIONS);
  const unknown = only.filter((s) => !(s in SECTIONS));
  if (unknown.length > 0) {
    throw new Error(
      `unknown section(s) ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}`,
    );
  }
  return {
    only,
    options: {
      stays: count('--stays', 200, 20),
      auditStays: count('--audit-stays', 10_000, 300),
      mimicRows: count('--mimic-rows', 3_000_000, 200_000),
      scalingStays: count('--scaling-stays', 50, 8),
      gcStays: count('--gc-stays', 2000, 300),
      openStays: count('--open-stays', 10_000, 1000),
      scaleStays: count('--scale-stays', 100_000, 2000),
      evaluateStays: count('--evaluate-stays', 60, 6),
      bigMimicRows: count('--big-mimic-rows', 100_000_000, 1_000_000),
      leaderPathStays: count('--leader-path-stays', 300, 30),
    },
  };
}

const { only, options } = parseArgs(process.argv.slice(2));
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
console.log(
  `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; sections: ${only.join(', ')}`,
);

const fixtures = new BenchFixtures(options);
const measured: SectionResult[] = [];
try {
  for (const name of Object.keys(SECTIONS).filter((s) => only.includes(s))) {
    const result = await section(name, () => SECTIONS[name]!(fixtures));
    measured.push(result);
    printSection(result);
  }
} finally {
  await fixtures.dispose();
}

const file = new URL('./results.json', import.meta.url);
const previous = existsSync(file)
  ? (JSON.parse(readFileSync(file, 'utf8')) as { sections?: Record<string, SectionResult> })
  : {};
const sections = {
  ...(previous.sections ?? {}),
  ...Object.fromEntries(measured.map((s) => [s.section, s])),
};
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
writeFileSync(
  file,
  `${JSON.stringify({ machine, lastCommand: command, options, sections }, null, 2)}\n`,
);

/** Whole numbers from 100, one decimal from 10, two below; tiny differences in exponent form. */
function formatValue(value: number): string {
  const size = Math.abs(value);
  if (size > 0 && size < 0.01) return value.toExponential(1);
  return value.toFixed(size >= 100 ? 0 : size >= 10 ? 1 : 2);
}

function printSection(s: SectionResult): void {
  const others =
    s.othersCpuShare === null
      ? ''
      : `; other processes took ${(100 * s.othersCpuShare).toFixed(1)}% of the cores`;
  console.log(
    `\n[${s.section}] ${s.seconds} s; load ${s.loadBefore.join(' ')} -> ${s.loadAfter.join(' ')}${others}`,
  );
  for (const r of s.results) {
    console.log(`  ${r.name.padEnd(42)} ${formatValue(r.value).padStart(10)} ${r.unit}`);
  }
}
