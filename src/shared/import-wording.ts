import { counted } from './counted';
import type { ImportSummary, PhiLevel, PhiMode, PhiScreening } from './domain';
import { figureCell, type WrittenFigure } from './figure-text';
import { PHI_LEVEL_FIGURES } from './phi-level-figures';

/**
 * The words an import summary is read in, shared by the CLI and the app: clinical for
 * patient data, domain-neutral for a generic cohort whose cohort.json says `"clinical":
 * false` (a service's metrics are not "physiologically impossible", and have no X-rays).
 */
export interface ImportSummaryWords {
  /** What the inclusion rule was, after "included". */
  inclusion: string;
  droppedValues: string;
  droppedValuesHint: string;
  notes: string;
  /** Chest X-ray and ECG context exist only for clinical cohorts. */
  imagingContext: boolean;
}

export function importSummaryWords(report: ImportSummary): ImportSummaryWords {
  const inclusion =
    report.format === 'generic'
      ? 'stays with a label for every task'
      : report.format === 'yaib'
        ? `YAIB's stays with a label and values charted in the first ${report.windowHours} h`
        : `adult ICU stays of at least ${report.windowHours} h`;
  return report.clinical
    ? {
        inclusion,
        droppedValues: 'values dropped as physiologically impossible',
        droppedValuesHint: 'outside physiological limits',
        notes: 'radiology notes',
        imagingContext: true,
      }
    : {
        inclusion,
        droppedValues: 'values dropped as out of range',
        droppedValuesHint: 'outside the ranges variables.csv gives',
        notes: 'notes',
        imagingContext: false,
      };
}

const PHI_MODE_WORDS: Record<PhiMode, { label: string; found: string }> = {
  refuse: { label: 'refuse', found: 'found' },
  redact: { label: 'redact', found: 'replaced by a placeholder of their kind' },
  allow: { label: 'allow (identified data permitted)', found: 'kept as written' },
};

/** One sentence on what the PHI guard did in an import, for the CLI and the app alike. */
export function phiScreeningSummary(screening: PhiScreening): string {
  const words = PHI_MODE_WORDS[screening.mode];
  const total = screening.found.reduce((n, k) => n + k.count, 0);
  const found =
    total === 0
      ? 'no possible identifier found'
      : `${counted(total, 'possible identifier')} ${words.found} (${screening.found.map((k) => `${k.kind} ${k.count}`).join(', ')})`;
  const alarms =
    screening.falseAlarms.length > 0
      ? `; ${counted(screening.falseAlarms.length, 'finding')} marked a false alarm and kept`
      : '';
  return `PHI guard (${words.label}): ${found}${alarms}; scanned ${screening.scanned.join(', ')}.`;
}

/**
 * What a level was measured to find and to refuse, with exact 95% intervals, on the labelled
 * notes no rule was drawn from (phi-level-figures.ts, written by `npm run phi-figures`;
 * docs/phi-guard.md has every set and round).
 */
function measuredWords(level: PhiLevel): string {
  const f = PHI_LEVEL_FIGURES.levels[level];
  const share = (figure: WrittenFigure) => figureCell(figure, 'percent');
  return `Tested on synthetic notes written blind to it and never tuned on (${counted(f.spans, 'identifier')}, ${counted(f.cleanNotes, 'clean note')}) it found ${share(f.recall)} of identifiers and ${share(f.namesRecall)} of names, and would refuse ${share(f.cleanRefusedShare)} of clean notes.`;
}

/**
 * The guard's levels in words, for the import form and `--phi-level`: what each looks for,
 * and what it was measured to find and to cost.
 */
export const PHI_LEVEL_WORDS: Record<PhiLevel, { label: string; hint: string }> = {
  default: {
    label: 'Default',
    hint: `Its rules and word lists: identifiers in the shapes they take (with a title, a label or a cue; a name in a registration line, after a relation or as a signature's initials; a long code), those written in words (a holiday, a number read out, an address spelled "at … dot com"), and capitalised words no list of English or clinical words knows where a list of names holds them, two stand together, a preposition goes before them or the line is written in capitals. ${measuredWords('default')}`,
  },
  strict: {
    label: 'Strict',
    hint: `Also a capitalised word that stands alone, with no preposition before it, and that no list of words or names knows at all: finds more identifiers, and refuses or redacts more clean text (rare drug and device brands, eponyms). ${measuredWords('strict')}`,
  },
};

/**
 * What the PHI guard does not do, said wherever a user chooses its mode (the import form,
 * docs/phi-guard.md): it is a safety net, not a de-identification pipeline.
 */
export const PHI_GUARD_LIMITS: readonly string[] = [
  'It finds identifiers by rules and name lists, not by understanding the text: an unusual name with no title or cue before it, a misspelt date or a number with no label beside it can pass.',
  'A bare number used as an id (stay_id, subject_id) cannot be told from a medical record number; choose ids that are not record numbers.',
  'It does not read labels that structure the data: variable names and units, task names, attribute names, static-input names and categories.',
  'It does not look at photographs, scans or signals; only the text the store keeps.',
  'Redaction replaces what it finds; what it misses stays. Review a sample of the redacted notes before sharing anything.',
];
