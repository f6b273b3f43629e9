/**
 * One example trace as the report prints it: the search's steps (the leading state of each),
 * the stay's vital signs hour by hour with the evidence windows marked, what was charted in
 * each evidence window, and the evidence note chunks word for word.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { StayAuditDetail, StayReview } from '../audit/audit-types';
import { outcomeOf } from '../../../shared/audit-statistics';
import { conceptOf, inConceptOrder, SHARED_AXIS_VITALS } from '../../../shared/variable-concepts';
import type { BundleManifest } from '../models';
import { keptChunkPositions } from '../models/stay-inputs';
import type { Stay } from '../store';
import { unitLabels } from './figure-format';
import type {
  ExampleTrace,
  QuotedChunk,
  TraceStepRow,
  VitalSeries,
  WindowValues,
} from './report-data-types';

const DRAWN_VARIABLES = 4;

/** Mean of variable v in hour t; null where nothing was charted (series: hours × vars × 3). */
function hourlyMean(stay: Stay, v: number, variables: number, t: number): number | null {
  if (stay.missing[t * variables + v] !== 0) return null;
  const x = stay.series[(t * variables + v) * 3]!;
  return Number.isFinite(x) ? x : null;
}

function hourlyMeans(stay: Stay, v: number, variables: number, hours: number): (number | null)[] {
  return Array.from({ length: hours }, (_, t) => hourlyMean(stay, v, variables, t));
}

/**
 * The vital signs drawn together (SHARED_AXIS_VITALS), whatever the cohort calls them; a
 * cohort without them gets its variables with the most charted hours in this stay instead.
 */
function drawnVariables(stay: Stay, cohort: CohortDetail): number[] {
  const { variables, hours } = cohort.featureSchema;
  const concepts = variables.map((v) => conceptOf(v.name).id);
  const preferred = SHARED_AXIS_VITALS.map((id) => concepts.indexOf(id)).filter((i) => i >= 0);
  if (preferred.length > 0) return preferred;
  const charted = (v: number) =>
    hourlyMeans(stay, v, variables.length, hours).filter((x) => x !== null).length;
  // Ties in concept order, so a stay charting everything equally draws its vital signs.
  return inConceptOrder(
    variables.map((_, v) => v),
    (v) => variables[v]!.name,
  )
    .sort((a, b) => charted(b) - charted(a))
    .slice(0, DRAWN_VARIABLES);
}

/** Three significant digits at most, without exponent notation. */
function reading(x: number): string {
  const abs = Math.abs(x);
  if (abs >= 100) return x.toFixed(0);
  if (abs >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

function windowValues(stay: Stay, cohort: CohortDetail, windows: number[]): WindowValues[] {
  const { variables } = cohort.featureSchema;
  // Listed in concept order, vital signs first, as the app's flowsheet lists them.
  const order = inConceptOrder(
    variables.map((_, v) => v),
    (v) => variables[v]!.name,
  );
  return windows.map((t) => ({
    label: `W${t + 1}`,
    values: order.flatMap((v) => {
      const variable = variables[v]!;
      const mean = hourlyMean(stay, v, variables.length, t);
      return mean === null ? [] : [`${variable.name} ${reading(mean)} ${variable.unit}`];
    }),
  }));
}

/**
 * Note unit N{j+1} is slot j, which holds the j-th chunk the bundle keeps (the most recent
 * Mmax). Without a readable manifest every stored chunk is a slot: the store never holds
 * more chunks than the cohort's cap, and bundles are checked to have at least that many.
 */
function quotedChunks(
  stay: Stay,
  noteUnits: number[],
  windows: number,
  manifest: BundleManifest | null,
): QuotedChunk[] {
  const positions = manifest
    ? keptChunkPositions(stay.notes.length, manifest)
    : stay.notes.map((_, i) => i);
  return noteUnits.map((unit) => {
    const chunk = stay.notes[positions[unit - windows] ?? -1];
    return {
      label: `N${unit - windows + 1}`,
      charttime: chunk?.charttime ?? null,
      text: chunk?.text ?? '(this chunk is no longer in the store)',
    };
  });
}

function stepRows(detail: StayAuditDetail, windows: number): TraceStepRow[] {
  return detail.trace.map((step) => {
    const leader = step.kept[step.leader]!;
    return {
      step: step.step,
      units: unitLabels(leader.units, windows),
      p: leader.p,
      confidence: leader.confidence,
      stability: leader.stability,
      size: leader.size,
      score: leader.score,
      childrenScored: step.childrenScored,
    };
  });
}

export function exampleTrace(
  detail: StayAuditDetail,
  stay: Stay,
  cohort: CohortDetail,
  windows: number,
  manifest: BundleManifest | null,
  review: StayReview | null,
): ExampleTrace {
  const { trace: _trace, candidates: _candidates, ...result } = detail;
  const { variables, hours } = cohort.featureSchema;
  const evidenceWindows = detail.evidence.filter((u) => u < windows);
  const vitals: VitalSeries[] = drawnVariables(stay, cohort).map((v) => ({
    name: variables[v]!.name,
    unit: variables[v]!.unit,
    values: hourlyMeans(stay, v, variables.length, hours),
  }));
  return {
    result,
    outcome: outcomeOf(detail),
    t0: stay.t0,
    evidenceLabels: unitLabels(detail.evidence, windows),
    steps: stepRows(detail, windows),
    windows,
    vitals,
    evidenceWindows,
    windowValues: windowValues(stay, cohort, evidenceWindows),
    evidenceNotes: quotedChunks(
      stay,
      detail.evidence.filter((u) => u >= windows),
      windows,
      manifest,
    ),
    review,
  };
}
