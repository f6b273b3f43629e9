import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export interface BenchmarkResult {
  name: string;
  value: number;
  unit: string;
}

/** One section's figures, with when and under what load they were taken. */
export interface SectionResult {
  section: string;
  date: string;
  /** os.loadavg() (1, 5, 15 min) when the section started and ended: others share this machine. */
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  results: BenchmarkResult[];
  /**
   * CPU time (core-seconds) the machine spent on other processes during the section: busy
   * time from /proc/stat minus this process's (and its benchmark children's); null where
   * /proc/stat is missing. The load average counts this benchmark's own threads too.
   */
  othersCpuSeconds: number | null;
  /** othersCpuSeconds as a share of all cores over the section's wall time. */
  othersCpuShare: number | null;
  /** Core-seconds the hypervisor gave to other guests while this guest wanted them. */
  stealCpuSeconds: number | null;
  /** Anything worth keeping beside the table (per-configuration figures, checks). */
  details?: Record<string, unknown>;
}

/**
 * Core-seconds since boot (Linux /proc/stat, USER_HZ 100) the machine was busy and that the
 * hypervisor gave to other guests (steal), or null off Linux.
 */
export function machineCpuSeconds(): { busy: number; steal: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: (user! + nice! + system! + irq! + softirq!) / 100, steal: (steal ?? 0) / 100 };
  } catch {
    return null;
  }
}

const ownCpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (q in 0..1) of the values. */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);

/** Runs one section, recording its date, load and duration around it. */
export interface SectionBody {
  results: BenchmarkResult[];
  details?: Record<string, unknown>;
  /** CPU seconds of child processes the section ran (they are not this process's). */
  childCpuSeconds?: number;
}

export async function section(
  name: string,
  body: () => Promise<SectionBody>,
): Promise<SectionResult> {
  const date = new Date().toISOString();
  const loadBefore = round(loadavg());
  const busyBefore = machineCpuSeconds();
  const ownBefore = ownCpuSeconds();
  const started = performance.now();
  const { results, details, childCpuSeconds } = await body();
  const seconds = (performance.now() - started) / 1000;
  const busyAfter = machineCpuSeconds();
  const others =
    busyBefore === null || busyAfter === null
      ? null
      : Math.max(
          0,
          busyAfter.busy - busyBefore.busy - (ownCpuSeconds() - ownBefore) - (childCpuSeconds ?? 0),
        );
  const steal = busyBefore && busyAfter ? busyAfter.steal - busyBefore.steal : null;
  return {
    section: name,
    date,
    loadBefore,
    loadAfter: round(loadavg()),
    seconds: Math.round(seconds * 10) / 10,
    othersCpuSeconds: others === null ? null : Math.round(others * 10) / 10,
    othersCpuShare:
      others === null
        ? null
        : Math.round((1000 * others) / (seconds * availableParallelism())) / 1000,
    stealCpuSeconds: steal === null ? null : Math.round(steal * 10) / 10,
    results,
    ...(details ? { details } : {}),
  };
}

/** Wall and CPU milliseconds of one call (CPU of the whole process: ONNX runs on this thread). */
export async function timed<T>(
  body: () => Promise<T>,
): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await body();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Peak resident memory of this process (worker threads included) while `body` runs. */
export async function withPeakRss<T>(
  body: () => Promise<T>,
): Promise<{ value: T; peakMiB: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const value = await body();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakMiB: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}
