// Throughput of the PHI detector over note text, in MB/s: the import's guard scans every note
// an import keeps, so it must not dominate the import. The notes are the labelled evaluation
// set's snippets and clean sentences (test/fixtures/phi-eval), about a third with identifiers.
// Each level is measured: the strict one adds the safe-list pass (issue 28: at least 5 MB/s).
import { PHI_LEVELS } from '../src/shared/domain';
import { detectPhi } from '../src/main/core/phi/detect';
import { loadEvalSet } from '../test/fixtures/phi-eval/score';
import { median, type BenchmarkResult } from './measure';

const TARGET_BYTES = 4 * 2 ** 20;
const RUNS = 5;

export function phiGuardBenchmark(): BenchmarkResult[] {
  const set = loadEvalSet();
  const snippets = [...set.identified, ...set.clean].map((s) => s.text);
  // Notes of about 1 kB, as a radiology report chunk or a nursing note is.
  const notes: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < TARGET_BYTES; i++) {
    const note = Array.from(
      { length: 12 },
      (_, j) => snippets[(i * 12 + j * 7) % snippets.length],
    ).join(' ');
    notes.push(note);
    bytes += Buffer.byteLength(note);
  }
  return PHI_LEVELS.map((level) => {
    const rates: number[] = [];
    let findings = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      findings = notes.reduce((n, note) => n + detectPhi(note, level).length, 0);
      rates.push(bytes / 1e6 / ((performance.now() - started) / 1000));
    }
    return {
      name: `phi guard, ${level} level: note text scanned`,
      value: median(rates),
      unit: `MB/s (median of ${RUNS}; ${notes.length} notes, ${(bytes / 1e6).toFixed(1)} MB, ${findings} findings)`,
    };
  });
}
