/**
 * Identifiers written in words, as people read them aloud or write them past a filter: a
 * holiday for the day of an event ("fell around Easter"), an address spelled "name at gmail
 * dot com", a number read out digit by digit ("nine four nine, five five five, …", "843 eight
 * nine zero 3779"). Their shapes are as sure as the rules' own, so both levels read them.
 */
import type { PhiKind, PhiSpan } from '../../../shared/domain';
import { EPONYM_HEAD } from './names';
import { LOWER, type CuedPattern, type Matcher } from './patterns';

/** Holidays name a day ("on Thanksgiving", "Christmas Eve"): an element of a date. */
const HOLIDAY = new RegExp(
  `\\b(?:(?:Christmas|New Year['’]s) (?:Day|Eve)|Christmas|Thanksgiving(?: Day)?|Easter(?: Sunday)?|Good Friday|Halloween|Juneteenth|(?:Labor|Memorial|Independence|Veterans['’]?|Presidents['’]?|Columbus|MLK|Boxing) Day|(?:Valentine|Mother|Father|St\\.? Patrick)['’]s Day|Diwali|Hanukkah|Chanukah|Ramadan|Eid(?: al-(?:Fitr|Adha))?|Passover|Yom Kippur|Rosh Hashanah|Lunar New Year|Chinese New Year|Kwanzaa|Cinco de Mayo|D[ií]a de (?:los )?Muertos|Fourth of July|July 4th)(?: \\d{4})?(?![${LOWER}-])`,
  'g',
);
/** A festival kept, not a day: "observe Ramadan fasting", "celebrates Diwali". */
const PRACTICE_BEFORE =
  /\b(?:observ(?:e|es|ed|ing)|celebrat(?:e|es|ed|ing)|keep(?:s|ing)?)[ \t]+$/i;
const PRACTICE_AFTER = /^[ \t]+(?:fast(?:s|ing)?|diet|observance|traditions?|customs?)\b/i;
/**
 * An address written to dodge a filter: "name at gmail dot com", "name[at]mail[dot]org"; a
 * written full stop joins labels only with no space around it, so a sentence's end is no part.
 * Its last label is a domain's ending, so "her at bogdan.winter" of "email her at bogdan.winter
 * at icloud dot com" is no address and the scan goes on to the one there.
 */
const DOT = '(?:[ \\t]*(?:\\(dot\\)|\\[dot\\]|[ \\t]dot[ \\t]|[ \\t]DOT[ \\t])[ \\t]*|\\.)';
const SPELLED_EMAIL = new RegExp(
  `\\b[\\w.+-]+[ \\t]*(?:\\(at\\)|\\[at\\]|[ \\t]at[ \\t]|[ \\t]AT[ \\t])[ \\t]*[\\w-]+(?:${DOT}[\\w-]+)*${DOT}(?:com|org|net|edu|gov|us|io|co|COM|ORG|NET|EDU|GOV|US|IO|CO)\\b`,
  'g',
);
/** Cheap tests first: most notes spell out no address and no number. */
const SPELLED_EMAIL_HINT = /\(at\)|\[at\]|\bdot\b/i;

const DIGIT_WORD = '(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)';
/** A number read out in words: seven digits or more ("nine four nine, five five five, …"). */
const SPELLED_DIGITS = new RegExp(`\\b${DIGIT_WORD}(?:[ \\t,-]+${DIGIT_WORD}){6,}\\b`, 'gi');
/** A ZIP code read out after its label: "zip code given verbally as eight four eight oh eight". */
const SPELLED_ZIP = new RegExp(
  `\\b(?:zip(?:[ \\t]*code)?)\\b[^.\\n\\d]{0,32}?\\b(${DIGIT_WORD}(?:[ \\t,-]+${DIGIT_WORD}){4})\\b(?![ \\t,-]+${DIGIT_WORD}\\b)`,
  'dgi',
);
/** Digits and digit words in one number: "843 eight nine zero 3779". */
const MIXED_DIGITS = new RegExp(
  `(?<![\\w.-])(?:\\d{1,4}|${DIGIT_WORD})(?:[ \\t,-]+(?:\\d{1,4}|${DIGIT_WORD})){2,}(?![\\w-]|\\.\\d)`,
  'gi',
);
/** Where a digit meets a digit word: a text without it holds no mixed number. */
const MIXED_HINT = new RegExp(`\\d[ \\t,-]+${DIGIT_WORD}\\b|\\b${DIGIT_WORD}[ \\t,-]+\\d`, 'i');
const DIGIT_GROUP = /^\d+$/;
/** "SSN is", "social security number": nine digits read out after it are an SSN. */
const SSN_BEFORE = /\b(?:ssn|social(?: security)?(?: number| no\.?| #)?)\b[^.\n\d]{0,16}$/i;

/** The patterns led by cue words, for the detector's cue index (detect.ts). */
export const SPELLED_PATTERNS: readonly CuedPattern[] = [
  {
    pattern: HOLIDAY,
    cues: 'christmas|new|thanksgiving|easter|good|halloween|juneteenth|labor|memorial|independence|veterans|presidents|columbus|mlk|boxing|valentine|mother|father|st|diwali|hanukkah|chanukah|ramadan|eid|passover|yom|rosh|lunar|chinese|kwanzaa|cinco|día|dia|fourth|july',
  },
  { pattern: SPELLED_DIGITS, cues: 'zero|oh|one|two|three|four|five|six|seven|eight|nine' },
  { pattern: SPELLED_ZIP, cues: 'zip' },
];

/** The words and digit groups a number read out is written in. */
function numberParts(written: string): string[] {
  return written.split(/[ \t,-]+/);
}

/** How many digits a number read out holds: each digit word one, each group its digits. */
function digitCount(parts: readonly string[]): number {
  return parts.reduce((count, part) => count + (DIGIT_GROUP.test(part) ? part.length : 1), 0);
}

/** An SSN when nine digits follow its label, else a phone number. */
function numberKind(text: string, start: number, digits: number): PhiKind {
  const ssn = digits === 9 && SSN_BEFORE.test(text.slice(Math.max(0, start - 40), start));
  return ssn ? 'ssn' : 'phone';
}

/** Identifiers written in words, with their kinds. */
export function findSpelled(text: string, matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  matches(HOLIDAY, (m) => {
    const end = m.index + m[0].length;
    const after = text.slice(end, end + 40);
    // "Christmas disease" (haemophilia B) is an eponym, no day.
    if (EPONYM_HEAD.test(after) || PRACTICE_AFTER.test(after)) return;
    if (PRACTICE_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index))) return;
    spans.push({ kind: 'date', start: m.index, end });
  });
  if (SPELLED_EMAIL_HINT.test(text))
    for (const m of text.matchAll(SPELLED_EMAIL))
      spans.push({ kind: 'email', start: m.index, end: m.index + m[0].length });
  matches(SPELLED_ZIP, (m) => {
    spans.push({ kind: 'zip code', start: m.indices![1]![0], end: m.indices![1]![1] });
  });
  matches(SPELLED_DIGITS, (m) => {
    const kind = numberKind(text, m.index, digitCount(numberParts(m[0])));
    spans.push({ kind, start: m.index, end: m.index + m[0].length });
  });
  if (MIXED_HINT.test(text))
    for (const m of text.matchAll(MIXED_DIGITS)) {
      const parts = numberParts(m[0]);
      const words = parts.filter((part) => !DIGIT_GROUP.test(part)).length;
      if (words === 0 || words === parts.length) continue;
      const digits = digitCount(parts);
      const kind = numberKind(text, m.index, digits);
      // A North American number, with or without its country code, or an SSN.
      if (digits === 10 || (digits === 11 && /^(?:1|one)\b/i.test(m[0])) || kind === 'ssn')
        spans.push({ kind, start: m.index, end: m.index + m[0].length });
    }
  return spans;
}
