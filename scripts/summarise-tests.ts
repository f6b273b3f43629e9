// Sums every suite's results into the one closing line CI reads: "N passed, N failed".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: unknown[] }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

const dir = process.argv[2] ?? 'test-results/summary';
const tallies: Record<string, Tally> = {};

for (const file of readdirSync(dir).filter((f) => f.startsWith('check-'))) {
  const ok = readFileSync(join(dir, file), 'utf8').trim() === 'pass';
  tallies[file.replace(/^check-|\.txt$/g, '')] = {
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
  };
}

const vitestPath = join(dir, 'vitest.json');
if (existsSync(vitestPath)) {
  const report = JSON.parse(readFileSync(vitestPath, 'utf8')) as VitestReport;
  // A test file that fails to load has no assertion results: count it as a failure.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  tallies.vitest = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
} else {
  tallies.vitest = { passed: 0, failed: 1, skipped: 0 };
}

const pythonPath = join(dir, 'python.txt');
if (existsSync(pythonPath)) {
  const text = readFileSync(pythonPath, 'utf8');
  const ran = Number(/Ran (\d+) tests?/.exec(text)?.[1] ?? 0);
  const failures = Number(/failures=(\d+)/.exec(text)?.[1] ?? 0);
  const errors = Number(/errors=(\d+)/.exec(text)?.[1] ?? 0);
  const skipped = Number(/skipped=(\d+)/.exec(text)?.[1] ?? 0);
  const ok = /^OK\b/m.test(text);
  tallies.python = {
    passed: ran - failures - errors - skipped,
    failed: ok ? 0 : Math.max(1, failures + errors),
    skipped,
  };
}

const playwrightPath = join(dir, 'playwright.json');
if (existsSync(playwrightPath)) {
  const report = JSON.parse(readFileSync(playwrightPath, 'utf8')) as PlaywrightReport;
  tallies.playwright = {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    skipped: report.stats.skipped,
  };
} else {
  tallies.playwright = { passed: 0, failed: 1, skipped: 0 };
}

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
for (const [suite, tally] of Object.entries(tallies)) {
  console.log(
    `  ${suite.padEnd(12)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
  );
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 ? 1 : 0;
