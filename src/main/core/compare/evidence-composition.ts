/**
 * What two runs' evidence sets are made of, compared (docs/audit-metrics.md, "Comparing two
 * runs"): for each hour t, the share of evidence sets that hold window t; for each variable
 * (matched by name across the cohorts, which may come from different sites), the share of
 * the evidence's hourly windows in which it was charted. Each run is resampled with the
 * same seed as its run figures, so every composition draw is of the same stays as the
 * figure draws, and each difference follows the run figures' rule (figure-difference.ts).
 * An hour's share, a count of stays, is shown with its exact (Clopper–Pearson) interval; a
 * variable's share pools windows within stays and keeps its bootstrap interval.
 */
import type {
  EvidenceComposition,
  EvidenceUnitCounts,
  FigureDifference,
  HourComposition,
  VariableComposition,
} from '../../../shared/run-comparison';
import type { VariableSpec } from '../../../shared/domain';
import type { StayAuditResult } from '../audit/audit-types';
import type { Estimate } from '../../../shared/estimate';
import { jointBootstrap, jointIntervals, proportionEstimate, type JointDraws } from '../statistics';
import {
  difference,
  flagFamily,
  readFamily,
  LEVEL,
  oneSided,
  sideOf,
  type Side,
} from './figure-difference';

/** A run's cohort layout and what was charted in each of its stays. */
export interface ChartedMasks {
  /** Hourly windows per stay: evidence units 0..hours-1 are windows, later ones notes. */
  hours: number;
  variables: readonly VariableSpec[];
  /** Per stay: hours × variables, 1 where nothing was charted (the store's missing mask). */
  missing: ReadonlyMap<number, Uint8Array>;
}

export interface CompositionSide {
  results: readonly StayAuditResult[];
  charted: ChartedMasks;
  seed: number;
}

/** One run's per-stay rows: which hours its evidence holds and how often each variable was charted in them. */
interface StayRows {
  n: number;
  hours: number;
  variables: number;
  /** n × hours: 1 where the stay's evidence holds window t. */
  inEvidence: Uint8Array;
  /** n: evidence windows of each stay. */
  windows: Float64Array;
  /** n × variables: evidence windows of each stay in which the variable was charted. */
  charted: Float64Array;
}

function stayRows({ results, charted }: CompositionSide): StayRows {
  const n = results.length;
  const hours = charted.hours;
  const variables = charted.variables.length;
  const rows: StayRows = {
    n,
    hours,
    variables,
    inEvidence: new Uint8Array(n * hours),
    windows: new Float64Array(n),
    charted: new Float64Array(n * variables),
  };
  results.forEach((r, i) => {
    const missing = charted.missing.get(r.stayId);
    if (!missing) throw new RangeError(`stay ${r.stayKey}: its charted mask was not given`);
    for (const t of r.evidence) {
      if (t >= hours) continue;
      rows.inEvidence[i * hours + t] = 1;
      rows.windows[i]!++;
      for (let v = 0; v < variables; v++) {
        if (missing[t * variables + v] === 0) rows.charted[i * variables + v]!++;
      }
    }
  });
  return rows;
}

/** Every hour's share, then every variable's, over the stays at `indices`. */
function compositionValues(rows: StayRows, indices: ArrayLike<number>): Float64Array {
  const { hours, variables } = rows;
  const out = new Float64Array(hours + variables);
  let windows = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    windows += rows.windows[i]!;
    for (let t = 0; t < hours; t++) out[t]! += rows.inEvidence[i * hours + t]!;
    for (let v = 0; v < variables; v++) out[hours + v]! += rows.charted[i * variables + v]!;
  }
  for (let t = 0; t < hours; t++) out[t] = out[t]! / indices.length;
  for (let v = 0; v < variables; v++) out[hours + v] = out[hours + v]! / windows;
  return out;
}

function unitCounts(results: readonly StayAuditResult[], hours: number): EvidenceUnitCounts {
  let evidenceUnits = 0;
  let windowUnits = 0;
  for (const r of results) {
    evidenceUnits += r.evidence.length;
    windowUnits += r.evidence.filter((u) => u < hours).length;
  }
  return {
    stays: results.length,
    evidenceUnits,
    windowUnits,
    noteUnits: evidenceUnits - windowUnits,
  };
}

interface Drawn {
  draws: JointDraws;
  side: (f: number) => Side;
  /** Figure f as shown: an hour's share of stays with its exact interval; else undefined. */
  shown: (f: number) => Estimate | undefined;
}

function drawn(side: CompositionSide, resamples: number): Drawn {
  const rows = stayRows(side);
  const draws = jointBootstrap(rows.n, { seed: side.seed, resamples, level: LEVEL }, (indices) =>
    compositionValues(rows, indices),
  );
  const intervals = jointIntervals(draws, LEVEL);
  // Stays whose evidence holds each hour: a count of stays, so an exact interval is shown.
  const holding = new Array<number>(rows.hours).fill(0);
  for (let i = 0; i < rows.n; i++)
    for (let t = 0; t < rows.hours; t++) holding[t]! += rows.inEvidence[i * rows.hours + t]!;
  return {
    draws,
    side: (f) => sideOf(draws, intervals, f),
    shown: (f) => (f < rows.hours ? proportionEstimate(holding[f]!, rows.n, LEVEL) : undefined),
  };
}

/** A figure both, one or neither run has (f: its index in each run, or -1). */
function compared(a: Drawn, fa: number, b: Drawn, fb: number, absent: string): FigureDifference {
  if (fa >= 0 && fb >= 0) {
    const shownA = a.shown(fa);
    const shownB = b.shown(fb);
    const shown = shownA && shownB ? { a: shownA, b: shownB } : undefined;
    return difference(a.side(fa), b.side(fb), null, shown);
  }
  if (fa >= 0) return oneSided(a.side(fa), 'a', `${absent} in run B's cohort`, a.shown(fa));
  return oneSided(b.side(fb), 'b', `${absent} in run A's cohort`, b.shown(fb));
}

export function evidenceComposition(
  a: CompositionSide,
  b: CompositionSide,
  options: { resamples: number; fdrLevel: number },
): EvidenceComposition {
  const da = drawn(a, options.resamples);
  const db = drawn(b, options.resamples);
  const hoursA = a.charted.hours;
  const hoursB = b.charted.hours;
  const byHour: HourComposition[] = Array.from({ length: Math.max(hoursA, hoursB) }, (_, t) => ({
    hour: t,
    ...compared(da, t < hoursA ? t : -1, db, t < hoursB ? t : -1, `no hour ${t + 1}`),
  }));
  const namesA = a.charted.variables.map((v) => v.name);
  const namesB = b.charted.variables.map((v) => v.name);
  const names = [...namesA, ...namesB.filter((name) => !namesA.includes(name))];
  const byVariable: VariableComposition[] = names.map((name) => {
    const va = namesA.indexOf(name);
    const vb = namesB.indexOf(name);
    return {
      variable: name,
      unitA: a.charted.variables[va]?.unit ?? null,
      unitB: b.charted.variables[vb]?.unit ?? null,
      ...compared(da, va < 0 ? -1 : hoursA + va, db, vb < 0 ? -1 : hoursB + vb, 'no such variable'),
    };
  });
  // Their own family: dozens of hours and variables would otherwise dilute the run figures' flags.
  const family = [...byHour, ...byVariable];
  const { tested, flagged } = flagFamily(family, options.fdrLevel);
  // What the evidence holds is neither better nor worse: a flag reads higher or lower in B.
  readFamily(family, () => null);
  return {
    units: { a: unitCounts(a.results, hoursA), b: unitCounts(b.results, hoursB) },
    hours: { a: hoursA, b: hoursB },
    byHour,
    byVariable,
    tested,
    flagged,
  };
}
