/**
 * The safe-list pass (issue 28, after Philter: Norgeot et al., npj Digital Medicine 2020):
 * rather than chase identifiers one shape at a time, treat a word as a possible identifier
 * unless a list of known-safe words holds it: common English, clinical vocabulary. It runs
 * beside the rules, which name the kind; it catches what they miss.
 *
 * Both levels read, with the lists, the shapes names and codes take (`findShapes`): HL7 and
 * registration fields, a relation or a role then a name in capitals or lower case ("husband
 * rajesh liu"), initials and a surname in lower case ("p. d'alessandro"), staff initials where
 * a signature is ("— VC LPN", "Collected by MG"), a facility's initials where a place is
 * written ("transferred from WCNR"), codes of six digits or more.
 *
 * The strict level adds the words themselves (`findUnlisted`); it refuses more clean sentences
 * than the issue allows, so it is not the default (docs/phi-guard.md):
 * - A capitalised word no list knows is a candidate (a name, a place, a facility), unless it
 *   is a known eponym or a clinical noun or a score follows it ("Lyme disease", "Katz ADL 3").
 * - A capitalised word a name list knows that is no common word ("Rose", "Hale") is a
 *   candidate unless it opens a sentence or a heading, or is an eponym.
 * - In a line written in capitals, any word of three letters or more no list knows.
 *
 * Adjacent candidates are one span ("Oluwaseun Benedetti"). The words are built by
 * scripts/build-phi-lists.ts from the sources safe-words.json records.
 */
import type { PhiKind, PhiSpan } from '../../../shared/domain';
import { EPONYM_HEAD, EPONYM_OF_BEFORE } from './names';
import { LOWER, STATE_CODES, UPPER, type CuedPattern, type Matcher } from './patterns';
import { CLINICAL, COMMON, EPONYM, factsOf, GIVEN, HAND, KNOWN, NAME } from './word-facts';

/** A word that starts with a capital (whole words only: not the "PTT" of "aPTT"). */
const CAPITALISED_WORD = new RegExp(`(?<![${UPPER}${LOWER}])[${UPPER}][${UPPER}${LOWER}]+`, 'g');

/** A word (in lower case) some list of safe words holds. */
const isKnown = (lower: string) => (factsOf(lower) & KNOWN) !== 0;
const isName = (lower: string) => (factsOf(lower) & NAME) !== 0;

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

/** A word some list knows and no names list holds ("daily", "impression"). */
const wordNoName = (word: string) => (factsOf(word.toLowerCase()) & (KNOWN | NAME)) === KNOWN;

/** A word of a name: one a names list knows, or one no list knows. */
const nameWord = (word: string) => {
  const facts = factsOf(word.toLowerCase());
  return (facts & NAME) !== 0 || (facts & KNOWN) === 0;
};

const CAPS = `[${UPPER}][${UPPER}'’-]+`;
/** HL7's person name, LAST^FIRST^MIDDLE: "CHURCH^LEILANI^T". */
const HL7_NAME = new RegExp(
  `(?<![${UPPER}${LOWER}])${CAPS}\\^[${UPPER}][${UPPER}${LOWER}'’-]+(?:\\^[${UPPER}])?(?=[\\^|]|$)`,
  'g',
);
/** Registration style, LAST, FIRST M: "MERCER, HAROLD P". */
const LAST_FIRST = new RegExp(
  `(?<![${UPPER}${LOWER}])(${CAPS}), (${CAPS})(?: [${UPPER}]\\.?)?(?![${UPPER}${LOWER}])`,
  'g',
);
/** A person's role or relation in capitals, then their name in capitals: "DAUGHTER YUKI". */
const CAPS_CUE = new RegExp(
  `\\b(?:DAUGHTER|SON|WIFE|HUSBAND|MOTHER|FATHER|SISTER|BROTHER|PARTNER|SPOUSE|FRIEND|RESIDENT|ATTENDING|INTERN|FELLOW|NURSE|DR\\.?|MR\\.?|MRS\\.?|MS\\.?)[ \\t]+((?:${CAPS})(?:[ \\t]+${CAPS}){0,2})`,
  'g',
);
/** A person named in lower case after a relation or "pt": "husband rajesh liu". */
const LOWER_CUE = new RegExp(
  `\\b(?:pt|patient|husband|wife|son|daughter|partner|poa|mother|father|sister|brother|friend|neighbou?r|caregiver|niece|nephew|aunt|uncle|spouse|boyfriend|girlfriend)[ \\t]+([${LOWER}][${LOWER}'’-]+(?:[ \\t]+[${LOWER}][${LOWER}'’-]+){0,2})`,
  'g',
);
const VERB_AFTER_RELATION = new Set([
  'will',
  'may',
  'can',
  'did',
  'does',
  'was',
  'is',
  'has',
  'had',
]);
/** Initials: dotted ("G.J.O."), or in capitals before a credential or after "by" ("KC LPN", "by VL"). */
const DOTTED_INITIALS = new RegExp(`(?<![\\w.])(?:[${UPPER}]\\.){2,3}(?![\\w])`, 'g');
const CREDENTIALS = 'RN|LPN|CNA|PCT|RT|RRT|MD|DO|NP|PA|CRNA|RD|SLP|OT|MSW|LCSW';
const CREDENTIAL_AFTER = new RegExp(`^[ \\t]+(?:${CREDENTIALS})\\b`);
/** Words only a member of staff follows: "Collected by", "read back by", "Routed to", "recorder". */
const STAFF_BEFORE =
  /\b(?:(?:collected|drawn|transcribed|dictated|routed|read back|cosigned|witnessed|relieved)(?: by| to)?|called by|reviewer|recorder|scribe)[ \t:]*$/i;
const CREDENTIAL = new RegExp(`^(?:${CREDENTIALS})$`);
/** Before a signature's initials: "by", a role, or a dash opening it (not "ICD-10-PCS"). */
const BY_BEFORE = /(?:\bby|\bcollector|\bsigned|\breviewer|(?<![\w-])[—-])[ \t]*$/i;
const CAPS_INITIALS = /(?<![\w.])[A-Z]{2,3}(?![\w])/g;
/** Initials in lower case before a credential: "-ez RN" (the credential is read again by `signs`). */
const LOWER_INITIALS = new RegExp(`(?<![\\w.'’])[a-z]{2,3}(?=[ \\t]+(?:${CREDENTIALS})\\b)`, 'g');
/** Units and services a note names before a credential or after "by": "ICU RN", "placed by IR". */
const SERVICES = new Set(
  'icu micu sicu ccu cvicu nicu picu pacu pcu sdu ed er or ir gi id ct mri us ob pt ot st rt hd ep'.split(
    ' ',
  ),
);
/** Where a signature ends: the note, the line or the clause, or a slash before the next one. */
const SIGNATURE_END = /^[ \t]*(?:$|\n|\/|[.;,)](?:\s|$))/;
/** An initial and a surname in lower case: "called to p. d'alessandro", "dr. a. van wijngaarden". */
const LOWER_INITIAL_NAME = new RegExp(
  `(?<![\\w.'’])[${LOWER}]\\.[ \\t]+((?:(?:van|von|de|der|den|da|del|della|di|du|dos|le|la|bin|al)[ \\t]+)*[${LOWER}][${LOWER}'’-]+)`,
  'g',
);
const LATIN_SPECIES_END = /(?:is|us|ae|um|ii|es|ans|ens)$/;
/**
 * A word in lower case that reads as a surname: unknown to every list, or a name no common or
 * clinical word shares ("xiong", not "diff" of "c. diff" or "rose").
 */
function lowerSurname(word: string): boolean {
  // A species after its genus's initial: "s. epidermidis", "l. monocytogenes".
  if (word.length >= 7 && LATIN_SPECIES_END.test(word)) return false;
  const facts = factsOf(word.replace(/^[a-z]+['’]/, ''));
  return (
    (facts & KNOWN) === 0 || ((facts & NAME) !== 0 && (facts & (COMMON | HAND | CLINICAL)) === 0)
  );
}
/** Dotted abbreviations that are no one's initials. */
const DOTTED_WORDS = new Set([
  'U.S.',
  'A.M.',
  'P.M.',
  'I.V.',
  'P.O.',
  'E.G.',
  'I.E.',
  'N.B.',
  'D.O.',
  'M.D.',
  'R.N.',
  'U.K.',
]);

/**
 * The pass's patterns that start with a cue word, so that one scan for their cue words finds
 * where to try them (detect.ts, a cue index of their own): a cue missing here is a shape
 * missed, which test/core/phi/detect-equivalence.test.ts checks.
 */
export const SHAPE_PATTERNS: readonly CuedPattern[] = [
  {
    pattern: CAPS_CUE,
    cues: 'daughter|son|wife|husband|mother|father|sister|brother|partner|spouse|friend|resident|attending|intern|fellow|nurse|dr|mr|mrs|ms',
  },
  {
    pattern: LOWER_CUE,
    cues: 'pt|patient|husband|wife|son|daughter|partner|poa|mother|father|sister|brother|friend|neighbo|caregiver|niece|nephew|aunt|uncle|spouse|boyfriend|girlfriend',
  },
];
/** A number or code with six digits or more: a record, account or device number. */
const LONG_NUMBER = /(?<![\w.,/:#-])[A-Za-z]{0,4}[#-]?\d[\dA-Za-z-]*(?![\w.,/:-]?\d)/g;
/** Six digits with only letters and hyphens between them: where a long number may be. */
const SIX_DIGITS = /\d(?:[-A-Za-z]*\d){5}/g;
const TOKEN_CHAR = /[\w#-]/;

/**
 * LONG_NUMBER's matches in the tokens that hold six digits: most of a note's numbers are
 * short, so the scan starts only at those tokens (no match crosses a token's start, so each
 * is found as a scan of the whole text would find it).
 */
function* longNumbers(text: string): Generator<RegExpExecArray> {
  let scanned = 0;
  for (const hint of text.matchAll(SIX_DIGITS)) {
    let start = hint.index;
    while (start > scanned && TOKEN_CHAR.test(text[start - 1]!)) start--;
    LONG_NUMBER.lastIndex = Math.max(start, scanned);
    const hintEnd = hint.index + hint[0].length;
    for (let m = LONG_NUMBER.exec(text); m !== null; m = LONG_NUMBER.exec(text)) {
      scanned = LONG_NUMBER.lastIndex;
      yield m;
      if (scanned >= hintEnd) break;
    }
    scanned = Math.max(scanned, hintEnd);
  }
}
/** What a count of six digits or more is in a clinical note: colonies, copies, cells. */
const COUNT_UNIT_AFTER = /^[ \t]*(?:cfu|col|colonies|copies|cells|units|iu|\/u?l|\/mm|\/ml)/i;

/** A model's, a catalogue's or a drug product's (NDC) label (not "ref": a reference number is an authorisation's). */
const MODEL_BEFORE =
  /\b(?:model|cat|catalog(?:ue)?|ndc)\.?(?:[ \t]*(?:no|num|number|#))?\.?[ \t:#]*$/i;

/** "20250120", "12-sep-2022": a date written as one token. */
const TOKEN_DATE =
  /^(?:(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|\d{1,2}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)-\d{4})$/i;

/** A value's trend, groups of one length: "118-121-124" (a record's groups differ: "169-12-04"). */
function isTrend(token: string): boolean {
  const groups = token.split('-');
  return (
    groups.length >= 3 && groups.every((g) => /^\d{2,3}$/.test(g) && g.length === groups[0]!.length)
  );
}

/** Long numbers: a shape no word list reads. */
function findLongNumbers(text: string): PhiSpan[] {
  const spans: PhiSpan[] = [];
  for (const m of longNumbers(text)) {
    const token = m[0];
    if (token.length < 6 || token.replace(/\D/g, '').length < 6) continue;
    // Ranges ("500-1000", "0800-1600", "2019-2020") are no identifiers.
    if (/^\d{1,4}-\d{1,4}[a-z]*$/.test(token) || isTrend(token)) continue;
    const end = m.index + token.length;
    if (COUNT_UNIT_AFTER.test(text.slice(end, end + 8))) continue;
    // A round count ("150000") is a measure; identifiers seldom end in three zeros.
    if (/^\d+000$/.test(token)) continue;
    // A model or catalogue number is every unit's ("model no. 1000096", "cat. # 5076-52").
    if (MODEL_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
    const kind = TOKEN_DATE.test(token) ? 'date' : 'mrn';
    spans.push({ kind, start: m.index, end });
  }
  return spans;
}

/**
 * Names in the shapes exports and staff write them, read with the lists: HL7 and registration
 * fields, a role or relation then a name (in capitals, or in lower case), staff initials.
 */
function findNameShapes(text: string, matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  const add = (start: number, end: number) => spans.push({ kind: 'name', start, end });
  if (text.includes('^'))
    for (const m of text.matchAll(HL7_NAME)) {
      // "IMP^Impression", "WBC^LN": a coded field, a word and no given name after it.
      const [last, first] = m[0].split('^') as [string, string];
      const given = (factsOf(first.toLowerCase()) & GIVEN) !== 0;
      if (!given && wordNoName(last)) continue;
      add(m.index, m.index + m[0].length);
    }
  for (const m of text.matchAll(LAST_FIRST)) {
    const [last, first] = [m[1]!, m[2]!];
    // Names have vowels; lists of abbreviations ("AI, RVSP") seldom do throughout.
    if (![last, first].every((w) => w.length >= 2 && /[AEIOUYÀ-Ý]/.test(w))) continue;
    // "DAILY, MAC", "TID, ALARIS": a word no names list holds is no part of a name.
    if (wordNoName(last) || wordNoName(first)) continue;
    // "HEART, LUNG" names no one: a name has a word no list knows, or a surname and a given name.
    const unknown = [last, first].some((w) => nameWord(w) && !isName(w.toLowerCase()));
    const givenFirst = (factsOf(first.toLowerCase()) & GIVEN) !== 0;
    if (unknown || (isName(last.toLowerCase()) && givenFirst)) add(m.index, m.index + m[0].length);
  }
  for (const cue of [CAPS_CUE, LOWER_CUE])
    matches(cue, (m) => {
      const words = [...m[1]!.matchAll(/\S+/g)];
      let taken = 0;
      // "daughter will call back": a verb after the relation, no name.
      if (cue === LOWER_CUE && VERB_AFTER_RELATION.has(words[0]![0])) return;
      while (taken < words.length && nameWord(words[taken]![0])) taken++;
      // One known word alone is no name ("pt will"): a lone word must be unknown to every list.
      const lone = taken === 1 && isName(words[0]![0].toLowerCase());
      if (taken === 0 || (lone && cue === LOWER_CUE)) return;
      const start = m.index + m[0].length - m[1]!.length;
      const last = words[taken - 1]!;
      const end = start + last.index + last[0].length;
      // "sister mary joseph node": an eponym, its clinical noun after it.
      if (EPONYM_HEAD.test(text.slice(end, end + 40))) return;
      add(start + words[0]!.index, end);
    });
  for (const m of text.matchAll(LOWER_INITIAL_NAME)) {
    const surname = m[1]!.split(/[ \t]+/).pop()!;
    if (lowerSurname(surname)) add(m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(DOTTED_INITIALS))
    if (!DOTTED_WORDS.has(m[0])) add(m.index, m.index + m[0].length);
  // Initials a list knows ("VC", "ca"; no common word, no unit) are a signature's only where a
  // credential follows and the signature ends: "— VC LPN", "VC PCT / PP PCT", "-ez RN".
  /** Where a credential after `end` ends ("KC| LPN|"), or -1 where none follows. */
  const credentialEnd = (end: number) => {
    const credential = CREDENTIAL_AFTER.exec(text.slice(end, end + 8));
    return credential === null ? -1 : end + credential[0].length;
  };
  const signs = (word: string, end: number) => {
    // The credential first: most short words have none after them.
    const after = credentialEnd(end);
    if (after < 0 || !SIGNATURE_END.test(text.slice(after))) return false;
    const lower = word.toLowerCase();
    return (factsOf(lower) & COMMON) === 0 && !SERVICES.has(lower);
  };
  for (const m of text.matchAll(CAPS_INITIALS)) {
    const lower = m[0].toLowerCase();
    const end = m.index + m[0].length;
    const before = () => text.slice(Math.max(0, m.index - 24), m.index);
    if (!isKnown(lower)) {
      if (credentialEnd(end) >= 0 || BY_BEFORE.test(before()) || STAFF_BEFORE.test(before()))
        add(m.index, end);
    } else if (signs(m[0], end)) add(m.index, end);
    // Initials a list knows ("MG", "SP") after a word only staff are: "Collected by MG".
    else if (STAFF_BEFORE.test(before()) && !SERVICES.has(lower) && !CREDENTIAL.test(m[0]))
      add(m.index, end);
  }
  for (const m of text.matchAll(LOWER_INITIALS)) {
    const end = m.index + m[0].length;
    if (signs(m[0], end)) add(m.index, end);
  }
  return spans;
}

/**
 * A facility by its initials: three to five capitals no list knows, where a place is written,
 * after "from", "at" or "to", or before a unit ("transferred from WCNR", "CHO ICU").
 */
const ACRONYM_PLACE = new RegExp(
  `\\b(?:from|at|to)[ \\t]+([A-Z]{3,5})(?![\\w-])|(?<![\\w-])([A-Z]{3,5})[ \\t]+(?:ICU|MICU|SICU|CCU|CVICU|NICU|PICU|ED|ER|OR)\\b`,
  'g',
);
const STATE_CODE = new RegExp(`^(?:${STATE_CODES})$`);
function findFacilityAcronyms(text: string): PhiSpan[] {
  const spans: PhiSpan[] = [];
  for (const m of text.matchAll(ACRONYM_PLACE)) {
    const acronym = m[1] ?? m[2]!;
    if (isKnown(acronym.toLowerCase()) || STATE_CODE.test(acronym)) continue;
    const start = m.index + m[0].indexOf(acronym);
    spans.push({ kind: 'facility', start, end: start + acronym.length });
  }
  return spans;
}

/** A run's kind from what follows it: a facility's noun, a state, else a person. */
function kindAfter(text: string, end: number): { kind: PhiKind; end: number } {
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
 * field. Counted in place: most notes' lines are in mixed case and are never copied.
 */
function* linesInCapitals(text: string): Generator<[number, number]> {
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    let upper = 0;
    let lower = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code >= 65 && code <= 90) upper++;
      else if (code >= 97 && code <= 122) lower++;
    }
    if (upper >= 20 && lower * 10 <= upper) yield [start, end];
    start = end + 1;
  }
}
/** A word and where it starts in the text. */
type WordAt = readonly [start: number, word: string];

/** The words a global pattern matches in `text`, placed at `offset` on. */
function* wordsMatching(text: string, pattern: RegExp, offset = 0): Generator<WordAt> {
  for (const m of text.matchAll(pattern)) yield [offset + m.index, m[0]];
}

/**
 * The runs of candidate words among `words` (in the text's order), as [start, end): one space,
 * a hyphen or an apostrophe between two candidates makes one name ("Mary-Kate O'Neil"). A word
 * inside a span the rules found (`found`, sorted by start) is not read again, and ends a run.
 */
function candidateRuns(
  text: string,
  words: Iterable<WordAt>,
  found: readonly PhiSpan[],
  isCandidateAt: (start: number, word: string) => boolean,
): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let run: [number, number] | null = null;
  let next = 0;
  for (const [start, word] of words) {
    const end = start + word.length;
    while (next < found.length && found[next]!.end <= start) next++;
    const inside = next < found.length && found[next]!.start < end;
    if (inside || !isCandidateAt(start, word)) run = null;
    else if (run !== null && /^[ \t'’-]?$/.test(text.slice(run[1], start))) run[1] = end;
    else runs.push((run = [start, end]));
  }
  return runs;
}

/**
 * In a line written in capitals a name cannot show by its capital: there, a word of three
 * letters or more that no list knows is a candidate ("PCP CUAUHTÉMOC BIN YUSOF").
 */
function findInCapitals(text: string, found: readonly PhiSpan[]): PhiSpan[] {
  function* wordsInCapitals(): Generator<WordAt> {
    for (const [lineStart, lineEnd] of linesInCapitals(text))
      yield* wordsMatching(text.slice(lineStart, lineEnd), CAPITALS_WORD, lineStart);
  }
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
  return candidateRuns(text, wordsInCapitals(), found, unknown).map(([start, end]) => ({
    kind: 'name',
    start,
    end,
  }));
}

/**
 * Identifiers in the shapes names and codes take, read with the word lists: HL7 and
 * registration names, a relation or a role then a name, initials and surnames, staff
 * initials, long numbers, a facility's initials. Both levels read them. `found` are the
 * rules' spans: a shape's span is kept only where the rules found nothing, since the rules
 * name a kind more surely.
 */
export function findShapes(text: string, found: readonly PhiSpan[], matches: Matcher): PhiSpan[] {
  const clear = (span: PhiSpan) => !found.some((f) => f.start < span.end && span.start < f.end);
  return [
    ...findNameShapes(text, matches),
    ...findLongNumbers(text),
    ...findFacilityAcronyms(text),
  ].filter(clear);
}

/**
 * The strict level's candidates: the capitalised words no list reads as safe, and in a line
 * written in capitals every word none knows. `found` are the rules' spans (sorted by start),
 * whose words are not read again.
 */
export function findUnlisted(text: string, found: readonly PhiSpan[]): PhiSpan[] {
  // Only capitalised words can be candidates: the scan skips the rest.
  const capitalisedWords = wordsMatching(text, CAPITALISED_WORD);
  const candidate = (start: number, word: string) =>
    isCandidate(text, word, start, start + word.length);
  const spans: PhiSpan[] = candidateRuns(text, capitalisedWords, found, candidate).map(
    ([start, runEnd]) => {
      const { kind, end } = kindAfter(text, runEnd);
      return { kind, start, end };
    },
  );
  spans.push(...findInCapitals(text, found));
  return spans;
}
