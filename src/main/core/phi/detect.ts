/**
 * Finds the HIPAA Safe Harbor identifiers that free text can carry, each with its kind and
 * character span [start, end) in the text, so a caller can refuse, redact or mark one
 * finding a false alarm. Rules plus dictionaries (as Philter does), no model, no network.
 */
import type { PhiLevel, PhiSpan } from '../../../shared/domain';
import { findLabelledFields } from './fields';
import { findHl7Fields } from './hl7';
import { findNames, NAME_PATTERNS } from './names';
import { findUnlisted } from './safe-list';
import { findShapes, SHAPE_PATTERNS } from './shapes';
import { findSpelled, SPELLED_PATTERNS } from './spelled';
import {
  CAPS_TOWN,
  capsCityValid,
  CueIndex,
  isAcronymOf,
  isCityInLowerCase,
  LOWER,
  PATTERN_RULES,
  STATE_CODES,
  STATE_NAMES_CAPS,
  townBeforeLowerState,
  UPPER,
  type Matcher,
  type PatternRule,
} from './patterns';

/**
 * De-identification placeholders: MIMIC's "___" and "[** … **]", and masks all of X
 * ("XXX-XX-XXXX"; not "XXX-XX-0519", which keeps four digits).
 */
const DEIDENTIFIED = /\[\*\*[\s\S]*?\*\*\]|_{2,}|(?<![\w-])[Xx]{3,}(?:-[Xx]{2,})*(?![\w-])/g;

/**
 * Blanks already de-identified stretches, so offsets stay those of the text. The blank is no
 * space: a cue's trailing spaces must not reach past a placeholder to the words after it
 * ("Attending: [**First Name3 (LF) 1112**]  Chief Complaint:" names nobody).
 */
const BLANK = '\u0000';
function blankDeidentified(text: string): string {
  return text.replace(DEIDENTIFIED, (placeholder) => BLANK.repeat(placeholder.length));
}

/** Every cued pattern: one scan finds the cue words of all of them. */
const CUES = new CueIndex([
  ...PATTERN_RULES,
  ...NAME_PATTERNS,
  ...SPELLED_PATTERNS,
  ...SHAPE_PATTERNS,
]);

const contains = (text: string, needs: string | RegExp) =>
  typeof needs === 'string' ? text.includes(needs) : needs.test(text);

function findPatterns(text: string, matches: Matcher, spans: PhiSpan[]): void {
  // One callback for every rule, reading the rule in hand: a closure per rule and text costs
  // more than most rules' scans.
  let rule: PatternRule;
  const onMatch = (match: RegExpExecArray) => {
    const range =
      rule.group === undefined
        ? ([match.index, match.index + match[0].length] as const)
        : match.indices?.[rule.group];
    if (range === undefined) return;
    const [start, matchEnd] = range;
    const found = text.slice(start, matchEnd);
    if (rule.accept && !rule.accept(found, text, start, matchEnd)) return;
    const end = rule.measure ? start + rule.measure(found, text, start, matchEnd) : matchEnd;
    if (rule.reach) {
      const reach = rule.reach(found, text, start);
      if (reach > 0) spans.push({ kind: rule.kind, start: start - reach, end });
    } else if (end > start) spans.push({ kind: rule.kind, start, end });
  };
  for (rule of PATTERN_RULES) {
    if (rule.needs !== undefined && !contains(text, rule.needs)) continue;
    matches(rule.pattern, onMatch);
  }
}

/** "Northshore Regional Hospital (NRH)": the acronym a facility is then called by. */
const ACRONYM_AFTER = /^[ \t]*\(([A-Z]{2,6})\)/;
/**
 * "…Family Clinic, Pittsfield.", "…Oak Road, Yonkers.", "…Apt 1R, Hagerstown - tel", "…Col.
 * Centro, Oaxaca de Juárez, Oax.": a town right after a facility or a street, then the end of
 * the line or of the clause, a dash, a ZIP code or the state.
 */
const TOWN_AFTER = new RegExp(
  `^(?:[ \\t]+\\d{1,4})?,[ \\t]+([${UPPER}][${LOWER}]+(?:[${UPPER}][${LOWER}]+)?(?:[ -](?:(?:de|del|la) )?[${UPPER}][${LOWER}]+){0,2})(?=[ \\t]*(?:[.,;)\\n]|-[ \\t]|\\d|$))`,
);
const LOWER_TOWN_AFTER = new RegExp(
  `^,[ \\t]+([${LOWER}]+(?:[ -][${LOWER}]+){0,2})(?=[ \\t]*(?:[.,;)\\n]|\\d|$))`,
);
const ZIP_AFTER = /^,?[ \t]+(\d{5}(?:-\d{4})?)(?![\w-]|\.\d)/;
/** The town before a postcode: "Oxford OX16 6PC", not the street's "Cowley Gardens". */
const TOWN_BEFORE = new RegExp(
  `(?<![\\w'’-])([${UPPER}][${LOWER}]+(?:[ -][${UPPER}][${LOWER}]+){0,2}),?[ \\t]+$`,
);
const CAPS_TOWN_BEFORE = new RegExp(
  `(?<![\\w'’.-])(${CAPS_TOWN}),?[ \\t]+(?:${STATE_CODES}|${STATE_NAMES_CAPS})[ \\t]+$`,
);
const STREET_END = /(?:Road|Street|Lane|Avenue|Close|Gardens|Way|Drive|Court|Place|Crescent|Mews)$/;
/** Words that end a facility's or a street's line without being a town. */
const NOT_A_TOWN =
  /^(?:Inc|LLC|Suite|Apt|Unit|Floor|Room|Building|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/;

/**
 * The town before a postcode: a British one's, "Glasgow G19 3PU"; a ZIP code's, in capitals
 * before its state as face sheets write it, "SPOKANE WA  99236", or before a state in lower
 * case as patients type it, "Gallup, nm 08533".
 */
function townBeforePostcode(text: string, postcode: PhiSpan): PhiSpan | null {
  const before = text.slice(Math.max(0, postcode.start - 40), postcode.start);
  const british = /[A-Z]/.test(text.slice(postcode.start, postcode.end));
  let town: RegExpExecArray | null;
  if (british) {
    town = TOWN_BEFORE.exec(before);
    if (town && STREET_END.test(town[1]!)) town = null;
  } else {
    town = CAPS_TOWN_BEFORE.exec(before);
    if (town && !capsCityValid(town[1]!)) town = null;
    town ??= townBeforeLowerState(before);
  }
  if (town === null) return null;
  // In capitals the words before the town may be the clause's: "PT FROM HIALEAH, TEXAS".
  const clause = CAPS_CLAUSE_BEFORE_TOWN.exec(town[1]!)?.[0].length ?? 0;
  const start = postcode.start - town[0].length + clause;
  return { kind: 'city', start, end: start + town[1]!.length - clause };
}
const CAPS_CLAUSE_BEFORE_TOWN = /^(?:[A-Z'’.-]+ )*?(?:FROM|IN|TO|AT|NEAR|OUTSIDE) /;

/** "Yonkers 10701": a ZIP code right after a town, with no state between. */
function pushZipAfter(text: string, town: PhiSpan, found: PhiSpan[]): void {
  const zip = ZIP_AFTER.exec(text.slice(town.end, town.end + 16));
  if (zip) {
    const start = town.end + zip[0].length - zip[1]!.length;
    found.push({ kind: 'zip code', start, end: start + zip[1]!.length });
  }
}

/**
 * What a place found tells about the text around it: the ZIP code after a town, the town
 * before a postcode, the town after a facility's or a street's name, and the acronym a
 * facility goes by from then on (each use of it is the facility). Adds those spans to `found`.
 */
function findPlacesAfter(text: string, found: PhiSpan[]): void {
  const acronyms = new Set<string>();
  // Only the spans the rules found: the towns added here lead nowhere.
  const count = found.length;
  for (let i = 0; i < count; i++) {
    const span = found[i]!;
    if (span.kind === 'city') {
      pushZipAfter(text, span, found);
      continue;
    }
    if (span.kind === 'zip code') {
      const town = townBeforePostcode(text, span);
      if (town) found.push(town);
      continue;
    }
    if (span.kind !== 'facility' && span.kind !== 'street address') continue;
    const after = text.slice(span.end, span.end + 48);
    let town = TOWN_AFTER.exec(after);
    if (town && NOT_A_TOWN.test(town[1]!)) town = null;
    // In lower case only a town the lists know: "5559 S Broadway Pl, tulsa."
    if (town === null && span.kind === 'street address') {
      town = LOWER_TOWN_AFTER.exec(after);
      if (town && !isCityInLowerCase(town[1]!)) town = null;
    }
    if (town) {
      const start = span.end + town[0].length - town[1]!.length;
      const city: PhiSpan = { kind: 'city', start, end: start + town[1]!.length };
      found.push(city);
      pushZipAfter(text, city, found);
    }
    const acronym = span.kind === 'facility' ? ACRONYM_AFTER.exec(after) : null;
    if (acronym && isAcronymOf(acronym[1]!, text.slice(span.start, span.end))) {
      acronyms.add(acronym[1]!);
    }
  }
  for (const acronym of acronyms) {
    for (const use of text.matchAll(new RegExp(`\\b${acronym}\\b`, 'g'))) {
      found.push({ kind: 'facility', start: use.index, end: use.index + acronym.length });
    }
  }
}

/**
 * Every identifier found, in text order: the rules' findings, those written in words
 * (spelled.ts), the shapes names and codes take where the rules found nothing (shapes.ts),
 * and the safe-list pass's candidates among the words they left (safe-list.ts), which the
 * strict level widens to lone words no list knows. A span inside another (the domain inside
 * an e-mail, a city that is also a given name) is dropped; partly overlapping spans are kept.
 */
export function detectPhi(text: string, level: PhiLevel = 'default'): PhiSpan[] {
  const scanned = blankDeidentified(text);
  const matches = CUES.matcher(scanned);
  // On equal spans the more specific kind, found first, wins the stable sort.
  // HL7 fields and labelled fields first: a field's place or label names its kind more surely
  // than its shape does.
  const found: PhiSpan[] = [...findHl7Fields(scanned), ...findLabelledFields(scanned)];
  findPatterns(scanned, matches, found);
  found.push(...findSpelled(scanned, matches));
  findPlacesAfter(scanned, found);
  found.push(...findNames(scanned, matches));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Shapes first: on equal spans the surer kind wins the stable sort ("Easter" a date, no name).
  const read = findShapes(scanned, found, matches);
  read.push(...findUnlisted(scanned, found, level));
  if (read.length > 0) {
    found.push(...read);
    found.sort((a, b) => a.start - b.start || b.end - a.end);
  }
  const kept: PhiSpan[] = [];
  let reach = -1;
  for (const span of found) {
    if (span.end <= reach) continue;
    kept.push(span);
    reach = span.end;
  }
  return kept;
}
