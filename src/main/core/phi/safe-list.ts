/**
 * The safe-list pass (issue 28, after Philter: Norgeot et al., npj Digital Medicine 2020):
 * rather than chase identifiers one shape at a time, treat a word as a possible identifier
 * unless a list of known-safe words holds it: common English, clinical vocabulary. It runs
 * beside the rules and the shapes (shapes.ts), which name the kind; it catches what they
 * miss.
 *
 * - A capitalised word no safe list knows is a candidate (a name, a place, a facility), unless
 *   it is a known eponym or a clinical noun or a score follows it ("Lyme disease", "Katz ADL 3").
 * - A capitalised word a name list knows that is no common word ("Rose", "Hale") is a
 *   candidate unless it opens a sentence or a heading, or is an eponym.
 * - In a line written in capitals, any word of three letters or more no list knows.
 *
 * Adjacent candidates are one span ("Oluwaseun Benedetti"); a month's name is a date's word.
 * The default level reads every candidate but one kind: a lone capitalised word that no list
 * knows at all, neither a safe list nor a names list of any language ("Sensipar",
 * "Prismaflex"), since most such words in clean notes are a drug's or a device's brand and the
 * default level must refuse few clean notes (docs/phi-guard.md). It still reads one after a
 * preposition a place or a person follows ("from Chillicothe"), right beside a name the rules
 * found ("Oluwaseun" of "Oluwaseun Adeyemi-Bankole"), or beside a capitalised word a names
 * list holds, even a common one, which its span then takes in ("Baraka Banks"), so redaction
 * leaves no part of the name behind; the strict level reads them all. The words are built by
 * scripts/build-phi-lists.ts from the sources safe-words.json records.
 */
import type { PhiKind, PhiLevel, PhiSpan } from '../../../shared/domain';
import { EPONYM_HEAD, EPONYM_OF_BEFORE, inLongNameLists } from './names';
import { LOWER, regionAt, STATE_CODES, UPPER } from './patterns';
import {
  CLINICAL,
  COMMON,
  EPONYM,
  factsOf,
  GIVEN,
  HAND,
  inNamesList,
  KNOWN,
  NAME,
  ROMAN_NUMERAL,
} from './word-facts';

/** A word that starts with a capital (whole words only: not the "PTT" of "aPTT"). */
const CAPITALISED_WORD = new RegExp(`(?<![${UPPER}${LOWER}])[${UPPER}][${UPPER}${LOWER}]+`, 'g');

/**
 * Before a sentence's first word: nothing, or the end of a sentence, a line, a field, a list
 * mark or a blanked placeholder (detect.ts).
 */
const SENTENCE_OPENS = new RegExp(`(?:^|[.!?:;\\n•*>(\u0000-]|\\d[.)])[\\s"'“‘(]*$`);
/** A state after a town: "Tulsa, OK". */
const STATE_AFTER = new RegExp(`^,?[ \\t]+(?:${STATE_CODES})\\b`);
/** Words that make the candidates before them a facility's name. */
const FACILITY_AFTER =
  /^[ \t]+(?:(?:General|Memorial|Regional|Community|University|Medical|Children's|Health|Care|Nursing|Rehabilitation|Rehab|Dialysis|Surgical|Specialty|Behavioral|County|Veterans)[ \t]+)*(?:Hospital|Medical Center|Centre|Center|Clinic|Health|Healthcare|Health System|Hospice|Pharmacy|Infirmary|Institute|Manor|Home|Village|Rehab|Rehabilitation)\b/;

/**
 * A capitalised word: neither all lower case nor all capitals, and no abbreviation ("iCa",
 * "aPTT", "CrCl", "ADLs": capitals inside a short word, or after a lower-case start; names with
 * inner capitals are longer, "McKenzie", "LaFleur").
 */
function capitalised(word: string): boolean {
  if (word === word.toLowerCase() || word === word.toUpperCase()) return false;
  const abbreviated = /^[a-z]/.test(word) || /^[A-Z]{2,}s$/.test(word) || word.length <= 4;
  return !(abbreviated && /[A-Z]/.test(word.slice(1)));
}

/** "Bishop 9", "Braden 14", "Apgars 7/7": a score after a word, not a person's number. */
const SCORE_AFTER =
  /^[ \t]+(?:[A-Z]{2,}[ \t]+)?(?:[<>≤≥]=?[ \t]*)?\d{1,3}(?:\/\d{1,3})?(?![\d/:-]|\.\d)/;
/** A hyphen and a lower-case word after a capitalised one: a compound, no name. */
const COMPOUND_AFTER = new RegExp(`^-[${LOWER}]`);
const NUMBER_BEFORE = /\d[ \t]?$/;
/** The endings of drugs' international names (USAN stems): "Remdesivir", "Pembrolizumab". */
const DRUG_STEM =
  /(?:mab|tinib|ciclovir|vir|pril|olol|sartan|statin|mycin|cillin|cycline|floxacin|conazole|prazole|dipine|parin|tidine|lukast|gliptin|gliflozin|semide|thiazide|oxetine|triptan|setron|curium|profen|coxib|dronate|zepam|zolam|barbital|platin|taxel|rubicin|fosfamide|trexate)$/i;
/** A dose after a word: "Florinef 0.1 mg", "Pitocin at 4 mU/min". */
const DOSE_AFTER =
  /^[ \t]+(?:at[ \t]+|@[ \t]*)?\d+(?:\.\d+)?[ \t]*(?:mg|mcg|g|mL|units?|mU|mEq|mmol)\b/;
/**
 * A model's code after a maker's or a product's name: "Carescape B650", "IntelliVue MX800" (not
 * bare digits: "Haugland 2009" is a name and a year).
 */
const MODEL_AFTER = /^[ \t]+(?:[A-Z][A-Za-z]+[ \t]+)?[A-Z]{1,3}\d{2,4}\b(?![/:.-]\d)/;
/** A maker's second word: "Boston Scientific", "Thermo Scientific" (a company, no person). */
const MAKER_AFTER = /^[ \t]+Scientific\b/;
const WEEKDAYS = /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days$/;
const SEASON = /^(?:Winter|Spring|Summer|Autumn|Fall)$/;
const SEASON_BEFORE =
  /\b(?:in|last|this|next|the|during|since|until|by|every|each|early|late|mid|of)[ \t-]+$/i;
/** The lower-case word after a capitalised one. */
const WORD_AFTER = new RegExp(`^[ \\t]+([${LOWER}]+)`);
/**
 * Whether a word of the clinical vocabulary beyond English follows: a clinical noun the
 * capitalised word names ("Waldenström macroglobulinemia", "Strongyloides serology").
 */
function clinicalWordAfter(after: string): boolean {
  const word = WORD_AFTER.exec(after)?.[1];
  if (word === undefined) return false;
  const facts = factsOf(word);
  return (facts & CLINICAL) !== 0 && (facts & NAME) === 0;
}
/** Whether an eponym's head noun or a clinical word follows: the word before names a condition. */
const clinicalNounAfter = (after: string) => EPONYM_HEAD.test(after) || clinicalWordAfter(after);
/** A capitalised word after another: an eponym's second name, when the lists say so. */
const EPONYM_PARTNER = new RegExp(`^[ \\t]+([${UPPER}][${LOWER}]+)`);
/** The rest of a hyphenated eponym: "-Baker" of "Wong-Baker FACES 4". */
const HYPHENED = /^(?:-[A-Z][a-z]+)+/;

/**
 * A preposition a place or a person follows: a lone word no list knows after it is read at
 * the default level too ("flew in from Chillicothe", "implanted at Wrenfield", "born in Cebu").
 */
const PREPOSITION_BEFORE = /\b(?:from|by|with|at|to|in|of)[ \t]+$/i;
/**
 * A relation, a role or a title a person's name follows: a lone word no list knows after it is
 * read at the default level too ("driver Wojciech", "son Eero", "Fr. Okonkwo").
 */
const PERSON_BEFORE =
  /\b(?:son|daughter|wife|husband|mother|father|sister|brother|niece|nephew|grandson|granddaughter|friend|neighbou?r|caregiver|partner|spouse|driver|interpreter|technologist|chaplain|pastor|officer|nurse|aide|manager|worker|rep|representative|visitor|(?:dr|mr|mrs|ms|fr|rev)\.?)[ \t]+$/i;

/** A capitalised word right before or after another, one space between. */
const NAME_WORD_BEFORE = new RegExp(`(?<![\\w'’.-])([${UPPER}][${LOWER}]+) $`);
const NAME_WORD_AFTER = new RegExp(`^ ([${UPPER}][${LOWER}]+)(?![\\w'’-])`);

/** A title makes the next word a name, though its full stop reads as a sentence's end. */
const TITLE_BEFORE = /\b(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.[ \t]*$/i;

/**
 * What a word alone says, before its context is read: safe wherever it stands (a word the
 * lists know, an eponym, an abbreviation); unknown to every list, a candidate unless its
 * context is clinical; or a name-word ("Rose", "Hale"), a candidate unless it also opens a
 * sentence or a heading.
 */
type WordVerdict = 'safe' | 'unknown' | 'name-word';

/**
 * The verdict on a capitalised word alone, which depends only on the word: notes repeat their
 * words, so each verdict is remembered (up to a bound, so a huge import cannot grow it forever).
 */
const verdicts = new Map<string, WordVerdict>();
const VERDICTS_KEPT = 200_000;
function wordVerdict(word: string): WordVerdict {
  const remembered = verdicts.get(word);
  if (remembered !== undefined) return remembered;
  if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
  const verdict = judgeWord(word);
  verdicts.set(word, verdict);
  return verdict;
}
function judgeWord(word: string): WordVerdict {
  if (!capitalised(word)) return 'safe';
  const lower = word.toLowerCase();
  const facts = factsOf(lower);
  if ((facts & KNOWN) === 0) return listedAsSafe(lower, facts) ? 'safe' : 'unknown';
  // A known word is a name-word when it is a given name ("Rose", "Will"), or a surname that is
  // no common word ("Hale", not "White" or "Center"), and no eponym. Most words end here,
  // before any context.
  const readsAsName = (facts & GIVEN) !== 0 || (facts & (NAME | COMMON)) === NAME;
  if (!readsAsName || (facts & HAND) !== 0 || eponymOrItsPlural(lower, facts)) return 'safe';
  return 'name-word';
}

/** An eponym or its plural ("Apgars"). */
function eponymOrItsPlural(lower: string, facts: number): boolean {
  if ((facts & EPONYM) !== 0) return true;
  return lower.endsWith('s') && (factsOf(lower.slice(0, -1)) & EPONYM) !== 0;
}

/**
 * Whether the lists alone read a word as safe: a word they know, an eponym or its plural, or a
 * form made from a safe word ("renally").
 */
function listedAsSafe(lower: string, facts: number): boolean {
  if ((facts & KNOWN) !== 0 || eponymOrItsPlural(lower, facts)) return true;
  return facts === 0 && derivedFromKnown(lower);
}

/** Prefixes clinical words are made with: "Premedicate", "Nonrebreather", "Subglottic". */
const PREFIX =
  /^(?:pre|post|non|anti|hyper|hypo|intra|inter|trans|peri|sub|semi|micro|macro|pseudo|poly|multi|over|under|dis|re|un|de|co|bi)/;
/** Endings that make a word of another: "Renally", "Orthostatics", "Diuresed", "Dialyzing". */
const ENDINGS: ReadonlyArray<readonly [ending: string, stem: string]> = [
  ['ally', 'al'],
  ['ly', ''],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
];
/**
 * Whether a word no list holds is made from one a list knows as safe, by a prefix or an
 * ending ("renally" of "renal"): the lists hold few derived forms. The stem must be a safe
 * word of five letters or more and no name, so a rare surname is not read as a form of a
 * short word.
 */
function derivedFromKnown(lower: string): boolean {
  const safeStem = (stem: string) => stem.length >= 5 && (factsOf(stem) & (KNOWN | NAME)) === KNOWN;
  const prefix = PREFIX.exec(lower)?.[0];
  if (prefix !== undefined && safeStem(lower.slice(prefix.length))) return true;
  return ENDINGS.some(
    ([ending, stem]) => lower.endsWith(ending) && safeStem(lower.slice(0, -ending.length) + stem),
  );
}

/** Whether the capitalised word at [start, end) of `text` is a candidate identifier. */
function isCandidate(text: string, word: string, start: number, end: number) {
  const verdict = wordVerdict(word);
  if (verdict === 'safe') return false;
  // Part of a compound: "Faith-based", "Pleur-evac" (not a short part of a name, "Ji-woo").
  if (word.length >= 4 && COMPOUND_AFTER.test(text.slice(end, end + 2))) return false;
  // A season ("worse in Winter", "last Spring"): no date element, though given names hold them.
  if (SEASON.test(word) && SEASON_BEFORE.test(text.slice(Math.max(0, start - 12), start)))
    return false;
  // A unit after a number ("46 Gy", "12 Fr"), a lead or a stage in Roman numerals ("II, III"),
  // a weekday in the plural ("on Fridays"): no name.
  if (word.length <= 3 && NUMBER_BEFORE.test(text.slice(Math.max(0, start - 8), start)))
    return false;
  if (ROMAN_NUMERAL.test(word) || WEEKDAYS.test(word)) return false;
  // A drug by its stem ("Remdesivir", "Sensipar" no) or by the dose after it ("Florinef 0.1 mg").
  if (word.length >= 7 && DRUG_STEM.test(word)) return false;
  if (DOSE_AFTER.test(text.slice(end, end + 20))) return false;
  if (MODEL_AFTER.test(text.slice(end, end + 24)) || MAKER_AFTER.test(text.slice(end, end + 12)))
    return false;
  // A state or a country after a place's preposition: "from Puerto Rico", "in New England".
  if (regionAt(text, start, end)) return false;
  // An eponym a clinical noun or a score follows: "Kerley B", "Lyme disease", "Katz ADL 3/6",
  // "Waldenström macroglobulinemia".
  let tail = end + (HYPHENED.exec(text.slice(end, end + 40))?.[0].length ?? 0);
  // The first of two names an eponym takes: "Grey Turner's sign", "Lou Gehrig's disease".
  const partner = EPONYM_PARTNER.exec(text.slice(tail, tail + 30));
  if (partner && (factsOf(partner[1]!.toLowerCase()) & EPONYM) !== 0) tail += partner[0].length;
  const after = text.slice(tail, tail + 40);
  if (clinicalNounAfter(after)) return false;
  if (SCORE_AFTER.test(text.slice(tail, tail + 16))) return false;
  // Anatomy named after a person: "pouch of Douglas", "circle of Willis".
  if (EPONYM_OF_BEFORE.test(text.slice(Math.max(0, start - 40), start))) return false;
  if (verdict === 'unknown') return true;
  // A heading ("Lung:", "Heart:") is a word, wherever it stands.
  if (/^[ \t]*:/.test(text.slice(end, end + 3))) return false;
  const before = text.slice(Math.max(0, start - 12), start);
  return TITLE_BEFORE.test(before) || !SENTENCE_OPENS.test(before);
}

/** A month's name: a date's word, though some are given names ("April", "June"). */
const MONTH_NAME =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * A run's kind: a month's name is a date's; else what follows it says, a facility's noun or a
 * state, and a person's name where nothing does.
 */
function kindOf(text: string, start: number, end: number): { kind: PhiKind; end: number } {
  if (MONTH_NAME.test(text.slice(start, end))) return { kind: 'date', end };
  const after = text.slice(end, end + 60);
  const facility = FACILITY_AFTER.exec(after);
  if (facility) return { kind: 'facility', end: end + facility[0].length };
  if (STATE_AFTER.test(after)) return { kind: 'city', end };
  return { kind: 'name', end };
}

const CAPITALS_WORD = new RegExp(
  `(?<![${UPPER}${LOWER}])[${UPPER}][${UPPER}'’]{2,}(?![${UPPER}${LOWER}])`,
  'g',
);
/**
 * The lines written in capitals, as [start, end): a face sheet, a triage line, an export
 * field. Counted in place: most notes' lines are in mixed case and are never copied, and a
 * line is left as soon as its small letters are too many for the capitals left to outweigh.
 */
function linesInCapitals(text: string): Array<[number, number]> {
  const lines: Array<[number, number]> = [];
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    let upper = 0;
    let lower = 0;
    for (let i = start; i < end && lower * 10 <= upper + (end - i); i++) {
      const code = text.charCodeAt(i);
      if (code >= 65 && code <= 90) upper++;
      else if (code >= 97 && code <= 122) lower++;
    }
    if (upper >= 20 && lower * 10 <= upper) lines.push([start, end]);
    start = end + 1;
  }
  return lines;
}
/** A word and where it starts in the text. */
type WordAt = readonly [start: number, word: string];

/** The words a global pattern matches in `text`, placed at `offset` on. */
function wordsMatching(text: string, pattern: RegExp, offset = 0): WordAt[] {
  const words: WordAt[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text))
    words.push([offset + m.index, m[0]]);
  return words;
}

/** A run of candidate words, [start, end), and how many words it holds. */
type CandidateRun = [start: number, end: number, words: number];

/**
 * The runs of candidate words among `words` (in the text's order): one space, a hyphen or an
 * apostrophe between two candidates makes one name ("Mary-Kate O'Neil"). A word inside a span
 * the rules found (`found`, sorted by start) is not read again, and ends a run.
 */
function candidateRuns(
  text: string,
  words: readonly WordAt[],
  found: readonly PhiSpan[],
  isCandidateAt: (start: number, word: string) => boolean,
): CandidateRun[] {
  const runs: CandidateRun[] = [];
  let run: CandidateRun | null = null;
  let next = 0;
  for (const [start, word] of words) {
    const end = start + word.length;
    while (next < found.length && found[next]!.end <= start) next++;
    const inside = next < found.length && found[next]!.start < end;
    if (inside || !isCandidateAt(start, word)) run = null;
    else if (run !== null && /^[ \t'’-]?$/.test(text.slice(run[1], start))) {
      run[1] = end;
      run[2]++;
    } else runs.push((run = [start, end, 1]));
  }
  return runs;
}

/**
 * In a line written in capitals a name cannot show by its capital: there, a word of three
 * letters or more that no list knows is a candidate ("PCP CUAUHTÉMOC BIN YUSOF").
 */
function findInCapitals(text: string, found: readonly PhiSpan[]): PhiSpan[] {
  const wordsInCapitals = linesInCapitals(text).flatMap(([lineStart, lineEnd]) =>
    wordsMatching(text.slice(lineStart, lineEnd), CAPITALS_WORD, lineStart),
  );
  const unknown = (start: number, word: string) => {
    const end = start + word.length;
    // An eponym's clinical noun after it, as in "LEGIONNAIRES' DISEASE".
    const after = text
      .slice(end, end + 40)
      .toLowerCase()
      .replace(/^['’]/, '');
    const lower = word.toLowerCase();
    return !listedAsSafe(lower, factsOf(lower)) && !clinicalNounAfter(after);
  };
  return candidateRuns(text, wordsInCapitals, found, unknown).map(([start, end]) => ({
    kind: MONTH_NAME.test(text.slice(start, end)) ? 'date' : 'name',
    start,
    end,
  }));
}

/**
 * The safe-list pass's candidates at a level: the capitalised words no list reads as safe (at
 * the default level, a lone word no list knows at all only after a preposition or beside a
 * name found), and in a line written in capitals every word none knows. `found` are the rules'
 * spans (sorted by start), whose words are not read again.
 */
export function findUnlisted(text: string, found: readonly PhiSpan[], level: PhiLevel): PhiSpan[] {
  // Only capitalised words can be candidates: the scan skips the rest.
  const capitalisedWords = wordsMatching(text, CAPITALISED_WORD);
  const candidate = (start: number, word: string) =>
    isCandidate(text, word, start, start + word.length);
  const loneUnknown = ([start, end, words]: CandidateRun) => {
    const word = text.slice(start, end);
    return (
      words === 1 && wordVerdict(word) === 'unknown' && !inNamesList(word) && !inLongNameLists(word)
    );
  };
  const besideName = ([start, end]: CandidateRun) =>
    found.some(
      (f) =>
        f.kind === 'name' &&
        ((f.end <= start && /^[ \t-]$/.test(text.slice(f.end, start))) ||
          (end <= f.start && /^[ \t-]$/.test(text.slice(end, f.start)))),
    );
  const afterCueWord = ([start]: CandidateRun) => {
    const before = text.slice(Math.max(0, start - 16), start);
    return PREPOSITION_BEFORE.test(before) || PERSON_BEFORE.test(before);
  };
  /** The lone word and a capitalised word a names list holds beside it: "Baraka Banks". */
  const withNameWordBeside = ([start, end]: CandidateRun): [number, number] | null => {
    const isNameWord = (word: string | undefined) => word !== undefined && inNamesList(word);
    const before = NAME_WORD_BEFORE.exec(text.slice(Math.max(0, start - 24), start))?.[1];
    if (isNameWord(before)) return [start - before!.length - 1, end];
    const after = NAME_WORD_AFTER.exec(text.slice(end, end + 24))?.[1];
    return isNameWord(after) ? [start, end + 1 + after!.length] : null;
  };
  const spans: PhiSpan[] = [];
  for (const run of candidateRuns(text, capitalisedWords, found, candidate)) {
    const lone = loneUnknown(run);
    const pair = lone ? withNameWordBeside(run) : null;
    const leftToStrict = lone && pair === null && !afterCueWord(run) && !besideName(run);
    if (level === 'default' && leftToStrict) continue;
    const [start, runEnd] = pair ?? run;
    const { kind, end } = kindOf(text, start, runEnd);
    spans.push({ kind, start, end });
  }
  spans.push(...findInCapitals(text, found));
  return spans;
}
