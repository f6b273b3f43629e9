// One audit run of the audit benchmark, in a process of its own so that its peak memory
// (resident set, worker threads included) is the audit's alone:
//   node --import tsx bench/audit-run.ts STORE.sqlite WORKERS [to-limit|to-convergence|default]
// ('default': the request names no extent, as `toe audit` sends it).
// Prints one JSON line: total, embedding and worker-phase seconds, stays, peak RSS, CPU.
import { startRun } from '../src/main/core/audit/run-engine';
import type { SearchExtent } from '../src/shared/audit';
import { Store } from '../src/main/core/store';
import { E1_BUNDLE } from './fixtures';

const [path, workersArg, extentArg = 'to-limit'] = process.argv.slice(2);
const workers = Number(workersArg);
if (extentArg !== 'to-limit' && extentArg !== 'to-convergence' && extentArg !== 'default') {
  throw new Error(`search extent: to-limit, to-convergence or default, got ${extentArg}`);
}
const searchExtent: SearchExtent | null = extentArg === 'default' ? null : extentArg;
const store = new Store(path!);
let auditingStarted = 0;
const started = performance.now();
const summary = await startRun(
  store,
  {
    cohortId: store.resolveCohort('demo'),
    task: 'E1',
    bundleDir: E1_BUNDLE,
    workers,
    ...(searchExtent ? { searchExtent } : {}),
  },
  {
    executionProvider: 'cpu',
    progress: (p) => {
      if (p.phase === 'auditing' && auditingStarted === 0) auditingStarted = performance.now();
    },
  },
);
const ended = performance.now();
store.close();
console.log(
  JSON.stringify({
    totalS: (ended - started) / 1000,
    embeddingS: (auditingStarted - started) / 1000,
    auditingS: (ended - auditingStarted) / 1000,
    stays: summary.doneStays,
    status: summary.status,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    cpuS: (process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1e6,
  }),
);
