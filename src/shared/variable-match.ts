// How a bundle's variables met an audited cohort's: matched by name, so a bundle trained at
// one site can audit another site's cohort. Recorded with every run and evaluation, and said
// in the same plain words by the report, the app and the CLI.
import { counted } from './counted';

export interface VariableMatch {
  /** Variables the bundle reads per hour. */
  bundleVariables: number;
  /** The bundle's variables this cohort lacks: read as never charted in every hour. */
  variablesMissingInCohort: string[];
  /** The cohort's variables the bundle does not know, so does not read. */
  variablesIgnored: string[];
  /**
   * The bundle's static inputs this cohort does not declare: "not recorded" for every stay.
   * Absent when there are none (and in runs recorded before static inputs existed).
   */
  staticInputsMissingInCohort?: string[];
}

/** One sentence per non-empty list; none when the cohort has exactly the bundle's variables. */
export function variableMatchSentences(match: VariableMatch | undefined): string[] {
  if (!match) return [];
  const missing = match.variablesMissingInCohort;
  const ignored = match.variablesIgnored;
  const sentences: string[] = [];
  if (missing.length > 0) {
    const are = missing.length === 1 ? 'is' : 'are';
    sentences.push(
      `${missing.length} of the bundle's ${counted(match.bundleVariables, 'variable')} ${are} never charted in this cohort and ${are} read as missing: ${missing.join(', ')}.`,
    );
  }
  if (ignored.length > 0) {
    sentences.push(
      `${counted(ignored.length, 'variable')} of this cohort ${ignored.length === 1 ? 'is' : 'are'} unknown to the bundle and not read: ${ignored.join(', ')}.`,
    );
  }
  const staticMissing = match.staticInputsMissingInCohort ?? [];
  if (staticMissing.length > 0) {
    sentences.push(
      `${counted(staticMissing.length, 'static input')} of the bundle ${staticMissing.length === 1 ? 'is' : 'are'} not recorded in this cohort and ${staticMissing.length === 1 ? 'is' : 'are'} read as not recorded for every stay: ${staticMissing.join(', ')}.`,
    );
  }
  return sentences;
}
