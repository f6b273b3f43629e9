/**
 * How screens, reports and the CLI name a run's evidence units. A run with a TS-only bundle
 * (no note stream, p = sigmoid(l_ts)) searched hourly windows only: its stays' note chunks,
 * if the cohort has any, were not units.
 */
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly, type RunProvenance } from './audit';

export { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly };

/** One sentence for a TS-only run, said wherever units or modalities are described. */
export const TS_ONLY_SENTENCE =
  'Hourly windows only: the model is TS-only (no note stream, p = sigmoid(l_ts)), so its evidence units are the hourly windows; the stays’ note chunks, if any, are not units.';

/** The units of a run, as a parenthesis or list item: "hourly windows only" or both kinds. */
export function evidenceUnitsPhrase(provenance: Pick<RunProvenance, 'evidenceUnits'>): string {
  return hourlyWindowsOnly(provenance)
    ? HOURLY_WINDOWS_ONLY
    : 'hourly vital-sign windows, radiology-note chunks';
}
