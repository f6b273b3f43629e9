/**
 * Which three stays the report shows as example traces. Fixed, documented rules (printed
 * with each example and in the methods appendix) rather than a hand pick, so that a report
 * cannot be made to show a flattering case, and two reports of one run show the same stays.
 */
import type { StayAuditResult } from '../audit/audit-types';
import type { ExampleKind } from './report-data-types';
import { HOURLY_WINDOWS_ONLY } from '../../../shared/evidence-units';

export interface ExampleChoice {
  kind: ExampleKind;
  title: string;
  rule: string;
  stayId: number | null;
  absentReason: string | null;
}

export const EXAMPLE_RULES: Record<ExampleKind, { title: string; rule: string }> = {
  'quick-convergence': {
    title: 'A quick convergence',
    rule:
      'The converged search with the fewest steps; ties go to the highest p_full, then the ' +
      'lowest stay id.',
  },
  multimodal: {
    title: 'A multimodal case',
    rule:
      'A converged search whose evidence holds both vital-sign windows and note chunks, with ' +
      'the most note units; ties go to the highest p_full, then the lowest stay id. The stay ' +
      'shown as the quick convergence is not shown twice.',
  },
  'exhausted-false-positive': {
    title: 'An exhausted false positive',
    rule:
      'A search that exhausted on a positive prediction (ŷ = 1) whose true label is 0, with the ' +
      'highest p_full; ties go to the lowest stay id.',
  },
};

/** Sorts by the given keys (each ascending), then by stay id; returns the first. */
function first(
  candidates: readonly StayAuditResult[],
  keys: readonly ((r: StayAuditResult) => number)[],
): StayAuditResult | undefined {
  return [...candidates].sort((a, b) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return a.stayId - b.stayId;
  })[0];
}

const isMultimodal = (r: StayAuditResult) => r.noteUnits > 0 && r.noteUnits < r.evidence.length;

function choice(
  kind: ExampleKind,
  picked: StayAuditResult | undefined,
  absentReason: string,
): ExampleChoice {
  return {
    kind,
    ...EXAMPLE_RULES[kind],
    stayId: picked?.stayId ?? null,
    absentReason: picked ? null : absentReason,
  };
}

export function chooseExamples(
  results: readonly StayAuditResult[],
  windowsOnly = false,
): ExampleChoice[] {
  const converged = results.filter((r) => r.status === 'converged');
  const quick = first(converged, [(r) => r.steps, (r) => -r.pFull]);
  const multimodal = first(
    converged.filter((r) => isMultimodal(r) && r.stayId !== quick?.stayId),
    [(r) => -r.noteUnits, (r) => -r.pFull],
  );
  const falsePositives = results.filter((r) => r.yFull === 1 && r.label === 0);
  const exhaustedFp = first(
    falsePositives.filter((r) => r.status === 'exhausted'),
    [(r) => -r.pFull],
  );
  const onlyWindows = converged.filter((r) => r.noteUnits === 0).length;
  const onlyNotes = converged.filter((r) => r.noteUnits === r.evidence.length).length;
  return [
    choice(
      'quick-convergence',
      quick,
      `No search converged in this run: all ${results.length} stays exhausted their budget.`,
    ),
    choice(
      'multimodal',
      multimodal,
      windowsOnly
        ? `No evidence can mix modalities: ${HOURLY_WINDOWS_ONLY} (the model has no note stream).`
        : converged.length === 0
          ? 'No search converged in this run, so no converged evidence mixes modalities.'
          : `No converged search kept both vital-sign windows and note chunks (of ${converged.length} ` +
            `converged searches, ${onlyWindows} kept windows only and ${onlyNotes} note chunks only` +
            `${quick && isMultimodal(quick) ? '; the only mixed one is shown as the quick convergence' : ''}).`,
    ),
    choice(
      'exhausted-false-positive',
      exhaustedFp,
      falsePositives.length === 0
        ? 'The model made no false positive prediction in this run.'
        : `None of the ${falsePositives.length} false positive predictions exhausted its search: all converged.`,
    ),
  ];
}
