/**
 * Finds the HIPAA Safe Harbor identifiers that free text can carry, each with its kind and
 * character span [start, end) in the text, so a caller can refuse, redact or mark one
 * finding a false alarm. Rules plus dictionaries (as Philter does), no model, no network.
 */
import type { PhiSpan } from '../../../shared/domain';
import { findNames, NAME_PATTERNS } from './names';
import { CueIndex, PATTERN_RULES, type Matcher } from './patterns';

/** MIMIC's de-identification placeholders: "___" and "[** … **]". */
const DEIDENTIFIED = /\[\*\*[\s\S]*?\*\*\]|_{2,}/g;

/** Blanks already de-identified stretches with spaces, so offsets stay those of the text. */
function blankDeidentified(text: string): string {
  return text.replace(DEIDENTIFIED, (placeholder) => ' '.repeat(placeholder.length));
}

/** The rules' and the names' patterns: one scan finds the cue words of all of them. */
const CUES = new CueIndex([...PATTERN_RULES, ...NAME_PATTERNS]);

const contains = (text: string, needs: string | RegExp) =>
  typeof needs === 'string' ? text.includes(needs) : needs.test(text);

function findPatterns(text: string, matches: Matcher, spans: PhiSpan[]): void {
  for (const rule of PATTERN_RULES) {
    if (rule.needs !== undefined && !contains(text, rule.needs)) continue;
    matches(rule.pattern, (match) => {
      const range =
        rule.group === undefined
          ? ([match.index, match.index + match[0].length] as const)
          : match.indices?.[rule.group];
      if (range === undefined) return;
      const [start, end] = range;
      if (rule.accept && !rule.accept(text.slice(start, end), text, start, end)) return;
      spans.push({ kind: rule.kind, start, end });
    });
  }
}

/**
 * Every identifier found, in text order. A span inside another (the domain inside an
 * e-mail, a city that is also a given name) is dropped; partly overlapping spans are kept.
 */
export function detectPhi(text: string): PhiSpan[] {
  const scanned = blankDeidentified(text);
  const matches = CUES.matcher(scanned);
  // Patterns first: on equal spans the more specific kind wins the stable sort.
  const found: PhiSpan[] = [];
  findPatterns(scanned, matches, found);
  found.push(...findNames(scanned, matches));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: PhiSpan[] = [];
  let reach = -1;
  for (const span of found) {
    if (span.end <= reach) continue;
    kept.push(span);
    reach = span.end;
  }
  return kept;
}
