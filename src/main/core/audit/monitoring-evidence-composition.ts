/**
 * What each period's evidence leans on (issue 27): for every variable, the share of the
 * period's searched stays whose evidence holds an hourly window in which that variable was
 * charted; for each band of the observation window's hours, the share whose evidence holds a
 * window in that band; and, where the stays have notes, the share whose evidence holds a note.
 * Each share is a count of stays over a count of stays, so it has an exact interval. The
 * latest period is then set beside the reference, as input drift is: a row has shifted when
 * its standardised difference is at least 0.1 in size (the rule drift uses) and Fisher's exact
 * p, Holm-adjusted across the rows, is below 0.05.
 */
import type { FeatureSchema } from '../../../shared/domain';
import type {
  CompositionPeriod,
  CompositionRow,
  EvidenceCompositionReport,
} from '../../../shared/monitoring';
import { clinicalVariable } from '../import/clinical-variables';
import { fisherExactTest, proportionEstimate } from '../statistics/exact-intervals';
import { holmAdjusted } from '../statistics/holm';

/** The same threshold input drift flags a standardised difference at (Austin 2009). */
const SHIFT_SMD_THRESHOLD = 0.1;
/** The family-wise error rate the rows' tests are held to, by Holm's method. */
const SHIFT_ALPHA = 0.05;
/** The observation window is cut into this many bands of hours: early to late. */
const HOUR_BANDS = 4;

/** A searched stay of a period shown: its evidence and what was charted in its windows. */
export interface CompositionStay {
  period: string;
  evidence: readonly number[];
  /** Hours × variables, 1 where nothing was charted (the store's missing mask). */
  missing: Uint8Array;
}

interface CompositionSides {
  /** The periods shown, in order; the last is the latest. */
  periods: readonly string[];
  /** The periods the latest is set beside; empty when the latest is one of them. */
  reference: readonly string[];
  referenceKind: EvidenceCompositionReport['referenceKind'];
  /** Whether the stays hold any note chunk: a notes row is shown only then. */
  notes: boolean;
}

/** [first, last] hour (0-based) of each band; bands of equal width, the last may be shorter. */
export function hourBands(hours: number): [number, number][] {
  const width = Math.ceil(hours / HOUR_BANDS);
  const bands: [number, number][] = [];
  for (let start = 0; start < hours; start += width)
    bands.push([start, Math.min(hours, start + width) - 1]);
  return bands;
}

/** (p₁ − p₀) ÷ the pooled SD of two proportions (Austin 2009); null when neither side varies. */
export function proportionStandardisedDifference(latest: number, reference: number): number | null {
  const spread = Math.sqrt((latest * (1 - latest) + reference * (1 - reference)) / 2);
  return spread === 0 ? null : (latest - reference) / spread;
}

/** A stay as the rows read it: its evidence's hourly windows, whether it holds a note, its mask. */
interface ReadStay {
  windows: number[];
  note: boolean;
  missing: Uint8Array;
}

/** What a stay's evidence holds: per row, whether it leans on that variable, band or notes. */
type Holds = (stay: ReadStay) => boolean;

export function evidenceComposition(
  stays: readonly CompositionStay[],
  schema: Pick<FeatureSchema, 'hours' | 'variables'>,
  sides: CompositionSides,
  level: number,
): EvidenceCompositionReport {
  const { hours, variables } = schema;
  const width = variables.length;
  const rows: { row: Omit<CompositionRow, 'byPeriod' | 'shift'>; holds: Holds }[] = [
    ...variables.map((variable, v) => ({
      row: {
        kind: 'variable' as const,
        label: clinicalVariable(variable.name, variable.unit)?.label ?? variable.name,
        unit: variable.unit,
      },
      holds: (s: ReadStay) => s.windows.some((t) => s.missing[t * width + v] === 0),
    })),
    ...hourBands(hours).map(([first, last]) => ({
      row: {
        kind: 'hours' as const,
        label: first === last ? `Hour ${first + 1}` : `Hours ${first + 1}–${last + 1}`,
        unit: '',
      },
      holds: (s: ReadStay) => s.windows.some((t) => t >= first && t <= last),
    })),
    ...(sides.notes
      ? [
          {
            row: { kind: 'notes' as const, label: 'Notes', unit: '' },
            holds: (s: ReadStay) => s.note,
          },
        ]
      : []),
  ];

  // Each stay's windows are read once, not once per row.
  const byPeriod = new Map(sides.periods.map((label) => [label, [] as ReadStay[]]));
  for (const stay of stays)
    byPeriod.get(stay.period)?.push({
      windows: stay.evidence.filter((unit) => unit < hours),
      note: stay.evidence.some((unit) => unit >= hours),
      missing: stay.missing,
    });
  const periods: CompositionPeriod[] = sides.periods.map((label) => ({
    label,
    stays: byPeriod.get(label)!.length,
  }));
  const last = periods.length - 1;
  const tested = last >= 0 && sides.reference.length > 0;
  // The latest period and the reference, as indexes into the periods counted.
  const referenceIndexes = sides.reference
    .map((label) => sides.periods.indexOf(label))
    .filter((k) => k >= 0);
  const sum = (values: readonly number[], indexes: readonly number[]) =>
    indexes.reduce((total, k) => total + values[k]!, 0);
  const referenceStays = sum(
    periods.map((p) => p.stays),
    referenceIndexes,
  );

  const counted = rows.map(({ row, holds }) => {
    const counts = sides.periods.map((label) => byPeriod.get(label)!.filter(holds).length);
    if (!tested) return { row, counts, test: null };
    const [inLatest, latestStays] = [counts[last]!, periods[last]!.stays];
    const inReference = sum(counts, referenceIndexes);
    return {
      row,
      counts,
      test: {
        latest: proportionEstimate(inLatest, latestStays, level),
        reference: proportionEstimate(inReference, referenceStays, level),
        p: fisherExactTest(
          inLatest,
          latestStays - inLatest,
          inReference,
          referenceStays - inReference,
        ),
      },
    };
  });
  const adjusted = holmAdjusted(counted.map((c) => c.test?.p ?? null));

  return {
    referenceKind: sides.referenceKind,
    referencePeriods: tested ? [...sides.reference] : [],
    latestPeriod: tested ? periods[last]!.label : null,
    referenceStays: tested ? referenceStays : 0,
    hours,
    smdThreshold: SHIFT_SMD_THRESHOLD,
    alpha: SHIFT_ALPHA,
    periods,
    rows: counted.map(({ row, counts, test }, i) => {
      const latestShare = test?.latest.estimate ?? 0;
      const referenceShare = test?.reference.estimate ?? 0;
      const difference =
        test === null ? null : proportionStandardisedDifference(latestShare, referenceShare);
      // All on one side and none on the other: no spread to divide by, the largest shift there is.
      const sizeable =
        difference === null
          ? latestShare !== referenceShare
          : Math.abs(difference) >= SHIFT_SMD_THRESHOLD;
      const p = adjusted[i] ?? null;
      const shifted = test !== null && sizeable && p !== null && p < SHIFT_ALPHA;
      return {
        ...row,
        byPeriod: counts.map((count, k) => ({
          count,
          share: proportionEstimate(count, periods[k]!.stays, level),
        })),
        shift:
          test === null
            ? null
            : {
                referenceShare: test.reference,
                latestShare: test.latest,
                standardisedDifference: difference,
                adjustedPValue: p,
                direction: shifted ? (latestShare > referenceShare ? 'more' : 'less') : null,
              },
      };
    }),
  };
}
