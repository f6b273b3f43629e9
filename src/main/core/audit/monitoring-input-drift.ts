/**
 * Input drift for the monitoring report (issue 27): whether each model input moved between a
 * reference period and the latest one, and how many of the latest stays' evidence rests on an
 * input that moved. An hourly input is summarised per stay by the mean of its hourly means
 * over the observation window; a numeric static input by its value. The statistics are
 * variableDrift's (standardised difference and Kolmogorov–Smirnov distance); the rule that
 * flags an input is this file's, stated in docs/monitoring.md.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { InputDrift, InputDriftReport } from '../../../shared/monitoring';
import { clinicalVariable } from '../import/clinical-variables';
import { proportionEstimate } from '../statistics/exact-intervals';
import { holmAdjusted } from '../statistics/holm';
import { variableDrift } from '../statistics/unlabelled-performance';
import type { Store } from '../store';
import { seriesOfStays } from '../store/stay-records';

/** The conventional threshold of a meaningful standardised difference (Austin 2009). */
const DRIFT_SMD_THRESHOLD = 0.1;
/** The family-wise error rate the KS tests are held to, across the inputs, by Holm's method. */
const DRIFT_ALPHA = 0.05;

/** One input's values on both sides, before any test. */
interface InputValues {
  name: string;
  label: string;
  unit: string;
  kind: 'hourly' | 'static';
  reference: number[];
  latest: number[];
}

/** The mean of a stay's hourly means of variable v over the hours it was charted; NaN if never. */
function stayMean(
  stay: { series: Float32Array; missing: Uint8Array },
  v: number,
  hours: number,
  variables: number,
): number {
  let sum = 0;
  let charted = 0;
  for (let t = 0; t < hours; t++) {
    if (stay.missing[t * variables + v] !== 0) continue;
    const x = stay.series[(t * variables + v) * 3]!;
    if (!Number.isFinite(x)) continue;
    sum += x;
    charted++;
  }
  return charted === 0 ? NaN : sum / charted;
}

/** Why an input's figures are withheld: a side with fewer values than the smallest group shown. */
function shortfall(reference: number, latest: number, minimum: number): string | null {
  const short = [
    reference < minimum ? `${reference} reference stays with a value` : null,
    latest < minimum ? `${latest} latest stays with a value` : null,
  ].filter((part): part is string => part !== null);
  return short.length === 0 ? null : `${short.join(', ')} (min ${minimum})`;
}

/** A stay on either side: audited (with its evidence), or awaiting its outcome (not searched). */
export interface DriftStay {
  stayId: number;
  evidence: readonly number[] | null;
}

interface DriftSides {
  referenceKind: InputDriftReport['referenceKind'];
  referencePeriods: string[];
  latestPeriod: string;
  reference: readonly DriftStay[];
  latest: readonly DriftStay[];
}

/**
 * Each input's drift from the reference stays to the latest ones. An input is drifted when
 * |standardised difference| ≥ 0.1 and its KS p, Holm-adjusted across the inputs tested, is
 * below 0.05: the difference must be large enough to matter and too large for chance. An
 * input with fewer values than `minimum` on either side is withheld and left out of the
 * family. Then the share of the latest stays whose evidence holds an hourly window in which a
 * drifted input was charted: that window carries the drifted value to the model.
 */
export function inputDrift(
  store: Store,
  cohort: CohortDetail,
  sides: DriftSides,
  minimum: number,
  level: number,
): InputDriftReport {
  const { hours, variables } = cohort.featureSchema;
  const ids = [...new Set([...sides.reference, ...sides.latest].map((r) => r.stayId))];
  const series = seriesOfStays(store, ids);
  const hourly = (results: readonly DriftStay[], v: number): number[] =>
    results.flatMap((r) => {
      const stay = series.get(r.stayId);
      return stay === undefined ? [] : [stayMean(stay, v, hours, variables.length)];
    });
  const numericStatics = (cohort.contextSchema.staticInputs ?? []).filter(
    (input) => input.kind === 'numeric',
  );
  const statics = numericStatics.length === 0 ? null : store.staticInputsOf(ids);
  const staticValues = (results: readonly DriftStay[], name: string): number[] =>
    results.map((r) => {
      const value = statics?.get(r.stayId)?.get(name);
      return typeof value === 'number' ? value : NaN;
    });
  const inputs: InputValues[] = [
    ...variables.map((variable, v) => ({
      name: variable.name,
      label: clinicalVariable(variable.name, variable.unit)?.label ?? variable.name,
      unit: variable.unit,
      kind: 'hourly' as const,
      reference: hourly(sides.reference, v),
      latest: hourly(sides.latest, v),
    })),
    ...numericStatics.map((input) => ({
      name: input.name,
      label: input.name,
      unit: input.unit,
      kind: 'static' as const,
      reference: staticValues(sides.reference, input.name),
      latest: staticValues(sides.latest, input.name),
    })),
  ];

  const tested = inputs.map((input) => {
    const reference = input.reference.filter(Number.isFinite);
    const latest = input.latest.filter(Number.isFinite);
    const withheld = shortfall(reference.length, latest.length, minimum);
    // ksAlpha 0: variableDrift flags on the standardised difference alone; the test joins below.
    const drift =
      withheld === null
        ? variableDrift(input.name, reference, latest, {
            smdThreshold: DRIFT_SMD_THRESHOLD,
            ksAlpha: 0,
          })
        : null;
    return { input, reference, latest, withheld, drift, pValue: drift?.pValue ?? null };
  });
  const adjusted = holmAdjusted(tested.map((t) => t.pValue));
  const drifts: InputDrift[] = tested.map((t, i) => ({
    variable: t.input.name,
    label: t.input.label,
    unit: t.input.unit,
    kind: t.input.kind,
    referenceValues: t.reference.length,
    latestValues: t.latest.length,
    standardisedDifference: t.drift?.standardisedDifference ?? null,
    distance: t.drift?.distance ?? null,
    pValue: t.pValue,
    adjustedPValue: adjusted[i] ?? null,
    drifted: t.drift !== null && t.drift.drifted && (adjusted[i] ?? 1) < DRIFT_ALPHA,
    withheld: t.withheld,
  }));

  const driftedHourly = variables.map((_, v) => v).filter((v) => drifts[v]!.drifted);
  const restsOnDrift = (evidence: readonly number[], stayId: number): boolean => {
    const stay = series.get(stayId);
    if (stay === undefined) return false;
    // Units below `hours` are hourly windows (docs/method.md, "Units and ids"); notes never drift here.
    return evidence.some(
      (unit) =>
        unit < hours && driftedHourly.some((v) => stay.missing[unit * variables.length + v] === 0),
    );
  };
  // Only searched stays have evidence; stays awaiting an outcome count in the drift itself.
  const searched = sides.latest.flatMap((s) =>
    s.evidence === null ? [] : [{ stayId: s.stayId, evidence: s.evidence }],
  );
  const count = searched.filter((s) => restsOnDrift(s.evidence, s.stayId)).length;
  return {
    referenceKind: sides.referenceKind,
    referencePeriods: sides.referencePeriods,
    latestPeriod: sides.latestPeriod,
    referenceStays: sides.reference.length,
    latestStays: sides.latest.length,
    latestAwaiting: sides.latest.length - searched.length,
    smdThreshold: DRIFT_SMD_THRESHOLD,
    alpha: DRIFT_ALPHA,
    inputs: drifts,
    evidenceOnDrifted: {
      stays: searched.length,
      count,
      share: proportionEstimate(count, searched.length, level),
    },
  };
}
