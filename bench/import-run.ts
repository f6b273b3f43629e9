// One MIMIC-IV import of the large-file benchmark, in a process of its own so that its peak
// memory is the import's alone:
//   node --import tsx bench/import-run.ts FOLDER STORE.sqlite
// Prints one JSON line: seconds, chartevents rows read, stays included, peak RSS.
import { importMimicIv } from '../src/main/core/import/mimic-iv';
import { Store } from '../src/main/core/store';

const [folder, path] = process.argv.slice(2);
const store = new Store(path!);
const started = performance.now();
const report = await importMimicIv(store, folder!, {});
const seconds = (performance.now() - started) / 1000;
store.close();
console.log(
  JSON.stringify({
    seconds,
    chartRows: Object.entries(report.rowsRead).find(([file]) => file.includes('chartevents'))?.[1],
    staysIncluded: report.staysIncluded,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  }),
);
