// npm run bench: every benchmark measured in one run on this machine, written to
// bench/results.json and printed as a table. Goals live here, never in timed tests.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { BenchmarkResult } from './measure';
import { storeLoadBenchmark } from './store-load';

const results: BenchmarkResult[] = [...(await storeLoadBenchmark())];

const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
};
writeFileSync(
  new URL('./results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`,
);
console.log(
  `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}`,
);
for (const r of results)
  console.log(`${r.name.padEnd(32)} ${r.value.toFixed(2).padStart(10)} ${r.unit}`);
