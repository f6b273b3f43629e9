/**
 * Identifiers read by the shapes names and codes take, with the word lists' help (issue 28):
 * HL7 and registration names ("LAST^FIRST^M", "MERCER, HAROLD P"), a relation or a role then
 * a name in capitals or lower case ("DAUGHTER SVETLANA", "husband rajesh liu"), an initial and
 * a surname in lower case ("p. d'alessandro"), staff initials where a signature is ("— VC
 * LPN", "Collected by MG"), long codes, a facility's initials where a place is written
 * ("transferred from WCNR"). Both levels read them, and the safe-list pass after them
 * (safe-list.ts).
 */
import type { PhiSpan } from '../../../shared/domain';
import { EPONYM_HEAD } from './names';
import { foldAccents, LOWER, STATE_CODES, UPPER, type CuedPattern, type Matcher } from './patterns';
import {
  CLINICAL,
  COMMON,
  couldBeName,
  factsOf,
  GIVEN,
  HAND,
  isKnownWord,
  KNOWN,
  NAME,
} from './word-facts';

/** A word (in lower case) some list of safe words holds. */
const isName = (lower: string) => (factsOf(lower) & NAME) !== 0;

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
/**
 * A list's or a header's line that opens with a name, LAST, FIRST in mixed case: "Wells, Cody -
 * readmit within 30d", "Rahimi, Giuseppe R., 104 yo woman", a CSV row's first field "\"Quill, Ada\",…".
 */
const LINE_LAST_FIRST = new RegExp(
  `^"?([${UPPER}][${LOWER}'’]+(?:-[${UPPER}][${LOWER}'’]+)?), ([${UPPER}][${LOWER}]+)(?: [${UPPER}]\\.)?(?=,|"|[ \\t]+-|[ \\t]*\\(|[ \\t]*$)`,
  'gm',
);
/**
 * Last, First in mixed case after a word that a person follows: "subscriber Whitfield, DeShawn,
 * DOB …", "accessed by Park, Ji-hoon from", "Pt Ó Súilleabháin, Amber.", "merged in error with
 * Church, Aigerim X.;", "REG: Whitcombe, Nadezhda U. |".
 */
const CUED_LAST_FIRST = new RegExp(
  `\\b(?:[Ss]ubscriber|[Ii]nsured|[Gg]uarantor|[Mm]ember|[Bb]y|[Ww]ith|REG|P[Tt]|pt|[Pp]atient)[ \\t:]+((?:Ó |O['’])?[${UPPER}][${LOWER}'’]+(?:-[${UPPER}][${LOWER}'’]+)?), ([${UPPER}][${LOWER}]+(?:[${UPPER}][${LOWER}]+)?)(?:-[${LOWER}]+)?(?: [${UPPER}]\\.?)?(?=[ \\t]*(?:[,.;)|]|$)|[ \\t]+(?:DOB|from|at|on)\\b)`,
  'dg',
);
/** A registration line's last field, last, first in lower case: "dob 19450828 / green, alejandro". */
const SLASHED_LAST_FIRST = new RegExp(
  `/[ \\t]*([${LOWER}]+), ([${LOWER}]+)(?=[ \\t]*(?:/|$))`,
  'dgm',
);
/**
 * Last, first in lower case anywhere, where the given name is no word: "called by gray, zoë",
 * "sandhu, guadalupe l" (a word as given name needs a registration line: "green, alejandro").
 * The surname is read back from each ", " and the given name forward from it, so a text is not
 * tried at every word.
 */
const LOWER_SURNAME_BEFORE = new RegExp(`(?<![\\w'’-])[${LOWER}]+(?:[-'’][${LOWER}]+)?$`);
const LOWER_GIVEN_AFTER = new RegExp(
  `, ([${LOWER}]{3,})(?: [${LOWER}]\\.?)?(?=[ \\t]*(?:[,/|;:()]|$|[ \\t]-[ \\t]))`,
  'my',
);
/** A name in capitals opening a line, then its record's label: "HAMID HORVATH visit #V465…". */
const CAPS_NAME_BEFORE_RECORD = new RegExp(
  `^(?:${CAPS})(?: ${CAPS}){1,2}(?= (?:visit|hosp|mrn|dob|acct|csn)\\b)`,
  'gim',
);
/**
 * A name in lower case before a credential in lower case: "surgeon: itziar pryce, md". The
 * credentials are found first and the words read back from each: most text has none.
 */
const LOWER_CREDENTIAL =
  /,? (?:md|rn|np|do|lpn|pharmd|pa-c|cna|cwocn|crna|rph|msw|lcsw)\b(?![-/])/g;
const LOWER_WORDS_BEFORE = new RegExp(
  `(?<![\\w'’-])[${LOWER}][${LOWER}'’-]+(?: [${LOWER}][${LOWER}'’-]+){0,2}$`,
);
/** A name in quotation marks: 'asking for "Alejandro"', 'labelled with pt name "Huong Rahimi"'. */
const QUOTED_NAME = new RegExp(`"([${UPPER}][${LOWER}]+(?:[ -][${UPPER}][${LOWER}'’]+)?)"`, 'g');

/** A text that is a name alone, an export's attribute value: "Tyrone Tadesse". */
const NAME_ALONE = new RegExp(
  `^[ \\t]*([${UPPER}][${LOWER}'’]+) [${UPPER}][${LOWER}'’]+(?:-[${UPPER}][${LOWER}'’]+)?[ \\t]*$`,
);
/** A research group by its lead: "Study: Szabó lab frailty cohort" (not "Sleep Lab"). */
const LAB_OF = new RegExp(
  `\\b(?:Study|Registry|Cohort):?[ \\t]+([${UPPER}][${LOWER}'’-]+(?:[${UPPER}][${LOWER}]+)?)[ \\t]+[Ll]ab\\b`,
  'dg',
);
/** A person asked by name: "Keisha please confirm before we close". */
const ADDRESSED = new RegExp(`\\b([${UPPER}][${LOWER}]+),? please\\b`, 'g');

/** A person's role or relation in capitals, then their name in capitals: "DAUGHTER YUKI". */
const CAPS_CUE = new RegExp(
  `\\b(?:DAUGHTER|SON|WIFE|HUSBAND|MOTHER|FATHER|SISTER|BROTHER|PARTNER|SPOUSE|FRIEND|NIECE|NEPHEW|GRANDSON|GRANDDAUGHTER|GRANDCHILDREN|COUSIN|NEIGHBOU?R|INTERPRETER|OFFICER|GUARANTOR|RESIDENT|ATTENDING|INTERN|FELLOW|NURSE|RN|PT|DR\\.?|MR\\.?|MRS\\.?|MS\\.?)[ \\t]+((?:${CAPS})(?:[ \\t]+${CAPS}){0,2})`,
  'g',
);
/**
 * Relations and the roles like them that a name follows in lower case ("dtr" and "dgtr" as
 * notes shorten "daughter", "hcpoa", "pastor dale").
 */
const LOWER_RELATION =
  'husband|wife|son|daughter|dtr|dgtr|partner|poa|hcpoa|pastor|chaplain|mother|father|sister|brother|friend|neighbou?r|caregiver|niece|nephew|aunt|uncle|spouse|boyfriend|girlfriend';
/** Staff a name follows in lower case: "cna josé tanaka", "case manager marguerite". */
const LOWER_STAFF =
  'cna|tech|technologist|driver|director|manager|worker|chief|pharmacist|interpreter|therapist|aide|sitter|midwife|doula|officer|nurse|np|rep|visitor|caller|counsel|courier';
/** Up to three words in lower case after a cue, stopping at a relation ("wife faith and son"). */
const LOWER_NAME_AFTER_CUE = `[ \\t]+((?!(?:pt|patient|${LOWER_RELATION})\\b)[${LOWER}][${LOWER}'’-]+(?:[ \\t]+(?!(?:and|or|${LOWER_RELATION})\\b)[${LOWER}][${LOWER}'’-]+){0,2})`;
/**
 * A person named in lower case after a relation, "pt", a member of staff or "dr": "husband
 * rajesh liu", "dr. haugland"; a relation after one is the cue ("pt dgtr amina"), and a name's
 * words stop at the next relation ("wife faith and son hunter").
 */
const LOWER_CUE = new RegExp(
  `\\b(?:pt|patient|rn|dr\\.?|${LOWER_RELATION})${LOWER_NAME_AFTER_CUE}`,
  'g',
);
/**
 * The same after the other staff, a colon between or not ("caller: ingeborg saltonstall"), apart
 * so that a cue inside another's words is still tried: "manager marguerite" of "rn case manager
 * marguerite".
 */
const LOWER_STAFF_CUE = new RegExp(`\\b(?:${LOWER_STAFF}):?${LOWER_NAME_AFTER_CUE}`, 'g');
/**
 * Staff, after whom one word no list knows is no name ("rn inservice"): a names list must hold
 * one of the words, or two or more words must be unknown to every list ("cna aigerim al-haddad").
 */
const STAFF_LOWER_CUE = new RegExp(`^(?:rn|${LOWER_STAFF})\\b`, 'i');
/** What ends the clause a name in lower case closes: "son hunter at bedside", "dtr amina says". */
const CLAUSE_AFTER_NAME =
  /^(?:[ \t]*[,.;:()]|[ \t]+(?:and|at|says|said|states|reports|requests|asks|called|visited|present|who|cell|mobile|phone|number)\b|[ \t]*$)/;

/** A lone given name after a relation or a title (not after "pt"), ending its clause. */
function givenAfterRelation(cue: string, word: string, text: string, end: number): boolean {
  return (
    !/^(?:pt|patient)\b/i.test(cue) &&
    (factsOf(word) & GIVEN) !== 0 &&
    CLAUSE_AFTER_NAME.test(text.slice(end, end + 12))
  );
}

/** A phone's label and its number after a name: " cell (628)881-7996". */
const PHONE_LABEL_AFTER = /^[ \t]+(?:cell|mobile|phone)\b[ \t:#]*[+(]?\d/i;
/** Verbs a relation is the subject of, in lower case: "daughter will call back" names no one. */
const VERB_AFTER_RELATION = new Set('will may can did does was is has had'.split(' '));

/** A word of a name in lower case, hyphens and apostrophes inside: "yamamoto-kerr". */
const LOWER_NAME_WORD = `[${LOWER}][${LOWER}'’-]+`;
/** A word of a name in lower case or capitalised: "eero", "Rosalind". */
const NAME_WORD = `(?:${LOWER_NAME_WORD}|[${UPPER}][${LOWER}'’-]+)`;
/**
 * Two words in lower case that close a clause after "by", "with" or "md:": "review note by
 * chase hale:", "dictated by may yamamoto-kerr, md", "with desmond sandoval, cwocn".
 */
const LOWER_PAIR_AFTER_WORD = new RegExp(
  `\\b(?:by|with|md:)[ \\t]+(${LOWER_NAME_WORD}[ \\t]+${LOWER_NAME_WORD})(?=[ \\t]*(?:[:;,.)]|$))`,
  'dg',
);
/** Whom a message came from, before where they work: "per desmond at lakeshore kidney center". */
const PER_AT = new RegExp(`\\b(?:per)[ \\t]+(${NAME_WORD})[ \\t]+at\\b`, 'dg');
/** Whom a caller is to ask for, or a patient asks for, closing the clause: "ask for eero.", 'asks for "Chuy" (her husband)'. */
const ASK_FOR = new RegExp(
  `\\b(?:ask(?:s|ed|ing)?)[ \\t]+for[ \\t]+["“]?(${NAME_WORD})(?=["”]?[ \\t]*(?:[.,;:()]|$))`,
  'dg',
);
/** A user name built from a person's name in an audit line: "user=grant.fennimore". */
const LOGIN = new RegExp(
  `\\b(?:user(?:name|id)?|login)[ \\t]*[=:][ \\t]*([${LOWER}]+[._][${LOWER}]+)\\b`,
  'dgi',
);
/** A newborn by the family's name: "baby girl Delacroix", "Infant Boy Okafor". */
const BABY_NAME = new RegExp(
  `\\b(?:[Bb]aby|BABY|[Ii]nfant|INFANT)[ \\t]+(?:[Gg]irl|GIRL|[Bb]oy|BOY)[ \\t]+(${NAME_WORD}(?:-${NAME_WORD})?)`,
  'dg',
);
/** The name a patient goes by, capitalised in quotation marks: 'goes by "Peaches"', 'known as "Bud"'. */
const GOES_BY = new RegExp(
  `\\b(?:[Gg]oes|[Gg]o|[Ww]ent|[Kk]nown|[Pp]refers)(?:[ \\t]+(?:by|as|to be called))?[ \\t]+["“]([${UPPER}][${LOWER}'’-]+(?:[ \\t]+[${UPPER}][${LOWER}'’-]+)?)["”]`,
  'dg',
);
/** Who a call came from, before where they work: "CALL FROM GRANT AT WUH TRANSFER LINE". */
const CALL_FROM = new RegExp(
  `\\b(?:call(?:ed)?)[ \\t]+from[ \\t]+([${UPPER}${LOWER}][${UPPER}${LOWER}'’-]+)[ \\t]+at\\b`,
  'dgi',
);
/** A name and an age after it: "chidinma eckhardt, 96 y.o.", "hazel kamau, 96F", "ángel müller, aged 94". */
const AGE_AFTER_COMMA =
  /,[ \t]*(?:aged[ \t]+)?\d{1,3}[ \t]*(?:y\.?o\b|yo\b|y\/o|y\b|-?years?[ -]old|yrs?\b|[mf]\b|,)/g;
const LOWER_PAIR_BEFORE = new RegExp(`(?<![\\w'’.-])${LOWER_NAME_WORD}[ \\t]+${LOWER_NAME_WORD}$`);
/** Initials in lower case, dotted, before a credential: "skin check per t.u. rn:". */
const LOWER_DOTTED_INITIALS =
  /(?<![\w.])(?:[a-z]\.){2,3}(?=,?[ \t]+(?:rn|lpn|cna|md|np|pa|rd|rt|pct)\b)/g;
/** A name in lower case alone in a record's field between slashes or bars: "/ maría washington /". */
const FIELD_NAME = new RegExp(
  `[/|][ \\t]*(${LOWER_NAME_WORD}[ \\t]+${LOWER_NAME_WORD})(?=[ \\t]*[/|])`,
  'dg',
);
/** An initial and a surname in capitals: "BY B. GLASS", "ORDERED BY S. NGUYEN NP". */
const INITIAL_CAPS_SURNAME = new RegExp(`(?<![\\w.])[A-Z]\\.[ \\t]+(${CAPS})(?![\\w'’-])`, 'dg');
/** Where a name is expected before an initial: "by", "with", "to", "from", "per". */
const PERSON_PREPOSITION_BEFORE = /\b(?:by|with|to|from|per)[ \t]+$/i;
/** A name then a relation: "Grant Frank (pt's son)", "Hope Cook is the patient's daughter". */
const NAME_BEFORE_RELATION = new RegExp(
  `\\b([${UPPER}][${LOWER}'’-]+(?: [${UPPER}]\\.)? [${UPPER}][${LOWER}'’-]+)(?= \\((?:pt|patient|her|his)(?:['’]s)? (?:${LOWER_RELATION})\\)| is the (?:pt|patient)['’]s (?:${LOWER_RELATION})\\b)`,
  'g',
);
/** Who called from where: "fyi obadiah from bramble street pharmacy", "spoke w/ chase ward from". */
const NAME_FROM_PLACE = new RegExp(
  `\\b(?:fyi|spoke (?:w\\/|with)|FYI|SPOKE (?:W\\/|WITH))[ \\t]+(${NAME_WORD}(?:[ \\t]+${NAME_WORD})?)[ \\t]+(?:from|FROM)\\b`,
  'dg',
);
/** A relation's nickname in quotation marks: 'friend "Red"'. */
const RELATION_NICKNAME = new RegExp(
  `\\b(?:${LOWER_RELATION})[ \\t]+["“]([${UPPER}][${LOWER}'’-]+)["”]`,
  'dgi',
);
/** A name in capitals opening a sign-out line's entry: "FOX - bed 14", "HERNÁNDEZ - bed 22". */
const CAPS_BEFORE_BED = new RegExp(`(?<![\\w'’-])(${CAPS}) - (?:bed|rm|room) \\d`, 'g');
/**
 * A login after "user": an initial and a surname run together ("user=sboudreaux"), with digits
 * ("user pnunez4"), any word no list knows.
 */
const RUN_TOGETHER_LOGIN = new RegExp(
  `\\b(?:user(?:name|id)?)[ \\t]*[=:]?[ \\t]*([a-z][a-z0-9]{3,23})(?![\\w.@])`,
  'dg',
);
/** A login signing a comment at its end after a dash: "… please redact. — xchurch3". */
const LOGIN_AFTER_DASH = /(?<![\w-])[—–-][ \t]*([a-z][a-z0-9_]{2,23}(?:\.[a-z0-9_]+)?)\.?[ \t]*$/d;
/** A relation in brackets after the person's name: "CALLED JUNE (SON)", "will chaudhry (son)". */
const RELATION_IN_BRACKETS = new RegExp(`[ \\t]+\\((?:${LOWER_RELATION}|hcp|guardian)\\)`, 'gi');
const WORDS_BEFORE_BRACKETS = new RegExp(
  `(?<![\\w'’-])[${UPPER}${LOWER}][${UPPER}${LOWER}'’-]+(?:[ \\t]+[${UPPER}${LOWER}][${UPPER}${LOWER}'’-]+)?$`,
);
/** A name in capitals before a credential: "REPORT GIVEN TO PRIYANKA RN". */
const CAPS_CREDENTIAL = /,? (?:RN|LPN|CNA|NP)\b(?![-/])/g;
const CAPS_WORDS_BEFORE = new RegExp(`(?<![\\w'’-])${CAPS}(?: ${CAPS})?$`);

/** A word alone that reads as a name where a name is expected: a given name, or no list's word. */
function loneName(word: string): boolean {
  const facts = factsOf(foldAccents(word.toLowerCase()));
  return facts === 0 || (facts & GIVEN) !== 0;
}
/**
 * What the lists say of a word of a name, a hyphenated one read by its parts where the lists
 * hold it not whole ("yamamoto-kerr"; "third-degree" is words).
 */
function nameFacts(word: string): number {
  const facts = factsOf(word);
  if (facts !== 0 || !word.includes('-')) return facts;
  return word.split('-').every((part) => couldBeName(part)) ? 0 : KNOWN;
}
/**
 * Words that read as a name where a name is expected: each could be a name's, and one is a name
 * no word shares or no list's word ("oskar esposito", "giorgos arceneaux"), or a given name
 * leads a name ("hunter baker"; not "anastomotic leak").
 */
function nameWords(words: readonly string[]): boolean {
  const facts = words.map((w) => {
    const folded = foldAccents(w.toLowerCase());
    return NOT_A_NAME_AFTER_CUE.test(folded) ? KNOWN : nameFacts(folded);
  });
  const could = (f: number) => (f & NAME) !== 0 || (f & KNOWN) === 0;
  // A word no list knows that ends as clinical words do is no name's ("anastomotic").
  const strong = (f: number, i: number) =>
    (f & KNOWN) === 0 && (f !== 0 || !CLINICAL_ENDING.test(words[i]!.toLowerCase()));
  return (
    facts.every(could) &&
    (facts.some(strong) || ((facts[0]! & GIVEN) !== 0 && (facts.at(-1)! & NAME) !== 0))
  );
}
/** How clinical words no list holds end: "anastomotic", "pleuritic". */
const CLINICAL_ENDING = /(?:ic|al|ous|itis|osis|emia|ive|ular|oid|tomy|plasty|scopy|graphy)$/;
/**
 * Words a cue is followed by that are no one's name: the patient, a relation, staff, "dr", an
 * article, a pronoun or a preposition ("with an exudate", "GIVEN TO PRIYANKA RN").
 */
const NOT_A_NAME_AFTER_CUE = new RegExp(
  `^(?:pt|patient|dr|rn|${LOWER_RELATION}|${LOWER_STAFF}|an?|the|his|her|their|my|our|this|that|to|at|by|for|from|with|of|in|on|and|or)$`,
);
const couldBeNameAfterCue = (word: string) =>
  couldBeName(word) && !NOT_A_NAME_AFTER_CUE.test(word.toLowerCase());
/**
 * The words `before` reads back from `end`, the leading ones no name could hold dropped
 * ("called to june" of "CALLED TO JUNE (SON)"), or null where none is left.
 */
function nameWordsBefore(
  text: string,
  end: number,
  before: RegExp,
  leading: (word: string) => boolean = couldBeNameAfterCue,
) {
  const from = Math.max(0, end - 60);
  const run = before.exec(text.slice(from, end));
  // A run at the slice's start may be a word cut in two.
  if (run === null || (run.index === 0 && from > 0)) return null;
  const words = [...run[0].matchAll(/\S+/g)];
  while (words.length > 0 && !leading(words[0]![0])) words.shift();
  if (words.length === 0) return null;
  return { start: from + run.index + words[0]!.index, words: words.map((w) => w[0]) };
}
/** Whether the words where a name is expected read as one (a lone word, or two or three). */
function readsAsName(words: readonly string[]): boolean {
  if (words.length > 1) return nameWords(words);
  const word = words[0]!;
  return loneName(word) && !NOT_A_NAME_AFTER_CUE.test(word.toLowerCase());
}
/** Initials: dotted ("G.J.O."), or in capitals before a credential or after "by" ("KC LPN", "by VL"). */
const DOTTED_INITIALS = new RegExp(`(?<![\\w.])(?:[${UPPER}]\\.){2,3}(?![\\w])`, 'g');
const CREDENTIALS = 'RN|LPN|CNA|PCT|RT|RRT|MD|DO|NP|PA|CRNA|RD|SLP|OT|MSW|LCSW|PharmD|RPh|MT|MLS';
/** A credential after initials, a comma between at most: "KC LPN", "(KBM, PharmD)". */
const CREDENTIAL_AFTER = new RegExp(`^,?[ \\t]+(?:${CREDENTIALS})\\b`);
/**
 * Words only a member of staff follows: "Collected by", "read back by", "Routed to", "received
 * by", "Reviewer (RP)".
 */
const STAFF_BEFORE =
  /\b(?:(?:collected|drawn|transcribed|dictated|routed|read back|cosigned|witnessed|relieved)(?: by| to)?|(?:called|received|signed|scanned|resubmitted|entered|verified|released|faxed|completed|filed) by|reviewer|recorder|scribe|technologist|sonographer|phlebotomist|nurse|pharmd|np)[ \t:(]*$/i;
const CREDENTIAL = new RegExp(`^(?:${CREDENTIALS})$`);
/** The words a signature's initials follow: "by KT", "Reviewer (te)", "signed JL". */
const SIGNATURE_WORDS = ['by', 'collector', 'signed', 'reviewer'];
/** A dash that opens a signature (not one inside "ICD-10-PCS"). */
const SIGNATURE_DASH = '(?<![\\w-])[—-]';
/** Before a signature's initials: one of its words or its dash, in any case. */
const BY_BEFORE = new RegExp(
  `(?:\\b(?:${SIGNATURE_WORDS.join('|')})|${SIGNATURE_DASH})[ \\t]*$`,
  'i',
);
const DASH_BEFORE = new RegExp(`${SIGNATURE_DASH}[ \\t]*$`);
/** A sentence's end before initials that close a note: "Redirected x3. NVW". */
const SENTENCE_BEFORE = /[a-z0-9)][.!][ \t]+$/;
/** Nothing but a full stop after a signature to the note's end. */
const NOTE_END = /^\.?[ \t]*$/;
/** Initials in brackets closing a note after its last sentence: "… death expected. (JV)". */
const BRACKET_AFTER_SENTENCE = /[.;!][ \t]+\($/;
const BRACKET_AT_NOTE_END = /^\)\.?[ \t]*$/;
const CAPS_INITIALS = /(?<![\w.])[A-Z]{2,3}(?![\w])/g;
/** Initials in lower case before a credential: "-ez RN" (the credential is read again by `signs`). */
const LOWER_INITIALS = new RegExp(`(?<![\\w.'’])[a-z]{2,3}(?=,?[ \\t]+(?:${CREDENTIALS})\\b)`, 'g');
/** A signature's word, its first letter in either case ("By", "by"), as a pattern. */
const eitherCaseFirst = (word: string) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`;
/** Lower-case initials and where they may stop; a signature's word or dash goes before them. */
const LOWER_SIGNATURE = `[ \\t:(]*([a-z]{2,3})(?![\\w'’.-])`;
const LOWER_INITIALS_AFTER_WORD = new RegExp(
  `\\b(?:${SIGNATURE_WORDS.map(eitherCaseFirst).join('|')})${LOWER_SIGNATURE}`,
  'dg',
);
const LOWER_INITIALS_AFTER_DASH = new RegExp(`${SIGNATURE_DASH}${LOWER_SIGNATURE}`, 'dg');
/** Units and services a note names before a credential or after "by": "ICU RN", "placed by IR". */
const SERVICES = new Set(
  'icu micu sicu ccu cvicu nicu picu pacu pcu sdu ed er or ir gi id ct mri us ob pt ot st rt hd ep'.split(
    ' ',
  ),
);
/**
 * Where a signature ends: the note, the line, the clause or its brackets, or a slash before the
 * next one.
 */
const SIGNATURE_END = /^[ \t]*(?:$|\n|\/|\)|[.;,](?:\s|$))/;
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

/** A code in capitals right after a device's or an armband's word: "transmitter RSNDFF". */
const CODE_AFTER_DEVICE =
  /\b(?:transmitter|sensor|serial(?: #| no\.?)?|s\/n|sn|armband|wristband)[ \t:#]+((?=[A-Z0-9-]{5,16}(?![\w-]))[A-Z0-9]{2,10}(?:-[A-Z0-9]{2,6})*)(?![\w-])/dg;
/**
 * The shapes' patterns that start with a cue word, so that the detector's one scan for cue
 * words finds where to try them (detect.ts): a cue missing here is a shape missed, which
 * test/core/phi/detect-equivalence.test.ts checks.
 */
export const SHAPE_PATTERNS: readonly CuedPattern[] = [
  {
    pattern: CAPS_CUE,
    cues: 'daughter|son|wife|husband|mother|father|sister|brother|partner|spouse|friend|niece|nephew|grandson|granddaughter|grandchildren|cousin|neighbo|interpreter|officer|guarantor|resident|attending|intern|fellow|nurse|rn|pt|dr|mr|mrs|ms',
  },
  {
    pattern: LOWER_CUE,
    cues: 'pt|patient|rn|dr|husband|wife|son|daughter|dtr|dgtr|partner|poa|hcpoa|pastor|chaplain|mother|father|sister|brother|friend|neighbo|caregiver|niece|nephew|aunt|uncle|spouse|boyfriend|girlfriend',
  },
  { pattern: LOWER_STAFF_CUE, cues: LOWER_STAFF },
  { pattern: LOWER_PAIR_AFTER_WORD, cues: 'by|with|md' },
  { pattern: PER_AT, cues: 'per' },
  { pattern: ASK_FOR, cues: 'ask' },
  { pattern: LOGIN, cues: 'user|login' },
  { pattern: CUED_LAST_FIRST, cues: 'subscriber|insured|guarantor|member|by|with|reg|pt|patient' },
  { pattern: BABY_NAME, cues: 'baby|infant' },
  { pattern: GOES_BY, cues: 'goes|go|went|known|prefers' },
  { pattern: CALL_FROM, cues: 'call' },
  { pattern: NAME_FROM_PLACE, cues: 'fyi|spoke' },
  { pattern: RUN_TOGETHER_LOGIN, cues: 'user' },
  { pattern: CODE_AFTER_DEVICE, cues: 'transmitter|sensor|serial|s/n|sn|armband|wristband' },
  { pattern: LOWER_INITIALS_AFTER_WORD, cues: SIGNATURE_WORDS.join('|') },
];
/** A number or code with six digits or more (a CSV field after its comma too): a record, account or device number. */
const LONG_NUMBER = /(?<![\w./:#-])[A-Za-z]{0,4}[#-]?\d[\dA-Za-z-]*(?![\w.,/:-]?\d)/g;
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

/**
 * A model's, a catalogue's or a drug product's (NDC) label: every unit's number (not "ref": a
 * reference number is an authorisation's).
 */
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

/**
 * A code of letters and digits, five characters to twelve, two digits at least: a transmitter's,
 * an armband's or a plate's ("B9NT6W", "XQG8238", "5raa053"), read where no rule named it.
 */
const ALNUM_RUN = /\b[A-Za-z]*\d[A-Za-z0-9]*/g;
const MIXED_CODE = /^(?=[A-Za-z]*\d[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{5,12}$/;
/**
 * A word and a number run together, a task's or a count's name: "mortality24", "sepsis3",
 * "day14", "24hours" (a code's letters are no word, or come with more digits: "AUTH94698177").
 */
function wordAndNumber(token: string): boolean {
  const parts = /^([A-Za-z]+)\d{1,3}$|^\d{1,3}([A-Za-z]+)$/.exec(token);
  const word = parts?.[1] ?? parts?.[2];
  return word !== undefined && word.length >= 3 && isKnownWord(word);
}
/** What a code stands apart by: no word, path, address or range joins it on either side. */
const JOINED_BEFORE = /[\w./:#@-]/;
const JOINED_AFTER = /^(?:[\w@]|[./:-]\w)/;
/** A dose, a size, a time or a count written as one token: "100mg", "14Fr", "0800h", "q12hr". */
const MEASURE_TOKEN =
  /^(?:q?\d+(?:mg|mcg|ug|g|kg|ml|cc|l|mm|cm|m|fr|f|ga|hr|hrs|h|min|mins|d|days|wk|wks|mo|yo|y|st|nd|rd|th|x|am|pm|u|iu|units|meq|mmol|bpm|lb|lbs|oz|ft|sec|s|mmhg|k|mb|gb|kb)|[a-z]{1,2}\d+x\d+)$/i;
/**
 * Clinical codes with a code's shape: a GCS's or a TNM stage's letters and digits in turn
 * ("E3V4M6", "T2N1M0", "L3B2p"), a gravida and para ("G3P2012"), a gestation ("37w4d"), a
 * ventilator's volume and rate ("450x18"), a mutation ("V617F", "G12C"), a room ("1207B"), a
 * vaccine's, a test's or a model's name ("PCV20", "CA125", "MX800").
 */
const CLINICAL_CODE =
  /^(?:p?(?:[A-Za-z]{1,2}\d[a-z]?){2,}|G\d{1,2}P\d{1,4}|\d{1,2}w\d{1,2}d|\d{2,4}x\d{1,3}|[A-Z]\d{2,4}[A-Z]|\d{3,4}[A-Z]|[A-Za-z]{2,6}\d{2,3})$/;
/** A model named earlier in the clause: the code after it is the model's. */
const MODEL_IN_CLAUSE = /\bmodel\b[^.;:\n]*$/i;
/** A coding system's label before a code: "ICD-10-PCS 0BH17EZ", "CPT 31500". */
const CODE_SYSTEM_BEFORE =
  /\b(?:icd(?:-?\d+)?(?:-?(?:cm|pcs))?|cpt|hcpcs|loinc|snomed|drg)[ \t:#]*$/i;
/**
 * Digit groups apart by spaces as identifiers group them: a social security number's 3-2-4, or
 * three digits thrice, or fours ("989 322 229", "608 81 5901", "6837 9884 900").
 */
const SPACED_DIGITS =
  /(?<![\w.,/:-])(?:\d{3} \d{2} \d{4}|\d{3} \d{3} \d{3}|\d{4} \d{4} \d{3,4}(?: \d{3,4})?)(?![\w.,/:-]?\d)/g;
const SPACED_SSN = /^\d{3} \d{2} \d{4}$/;
const SPACED_HINT = /\d{3} \d{2}/;
/**
 * A code of letters and digits in two parts, three digits at least: "FS21-738", "DAFJ-8TJC",
 * "mkz-5024" (not "COVID-19", "L4-L5", "CA19-9"). The letters and digits either side of a
 * hyphen are read from the hyphen: most words have none.
 */
const ALNUM_BEFORE_HYPHEN = /[A-Za-z0-9]{2,8}$/;
const ALNUM_AFTER_HYPHEN = /^[A-Za-z0-9]{3,8}/;
const HYPHENED_CODE = /^(?=[A-Za-z-]*\d[A-Za-z-]*\d[A-Za-z-]*\d)(?=[\d-]*[A-Za-z])/;
const HYPHENED_JOINED_AFTER = /^(?:[\w@-]|[./:]\w)/;
/**
 * Two parts that are a range ("100-120s", "48-72h"), spinal levels ("T9-T10") or a marker with
 * three digits ("CA-125"): a code's second part after letters alone has four digits.
 */
const NOT_A_HYPHENED_CODE =
  /^(?:\d+[a-z]{0,2}-\d+[a-z]{0,2}|[CTLS]\d{1,2}-[CTLS]?\d{1,2}|[A-Za-z]+-(?:[A-Za-z]*\d){1,3}[A-Za-z]*)$/i;
/** A token after a number sign, four digits or more or letters and three digits: "#P381461". */
const AFTER_NUMBER_SIGN =
  /#[ \t]?((?=[A-Za-z-]*\d[A-Za-z-]*\d[A-Za-z-]*\d)[A-Za-z0-9][A-Za-z0-9-]{3,15})(?![\w-])/dg;
/** Words a device's code follows: "transmitter B9NT6W", "plate 5raa053". */
const DEVICE_CODE_BEFORE =
  /\b(?:transmitter|sensor|serial|s\/n|sn|plate|tag|imei|pump|receiver|device)\b[^.;\n]{0,12}$/i;
/** Words a person's or a specimen's code follows: "donor HQZP318", "armband # WDX4471". */
const ID_CODE_BEFORE = /\b(?:donor|recipient|armband|wristband|badge)\b[^.;\n]{0,12}$/i;

/**
 * Codes no rule named, by their shape alone: letters and digits in one token no word list holds,
 * or long digit groups apart by spaces. Identifiers come in shapes no label announces; a clinical
 * code that takes the shape ("COVID19") is a word the lists hold.
 */
function findCodes(text: string, matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  // After a device's or a donor's word a code is one whatever its shape ("transmitter DLN916").
  const code = (token: string, start: number) => {
    if (MEASURE_TOKEN.test(token) || isKnownWord(token) || TOKEN_DATE.test(token)) return;
    if (wordAndNumber(token)) return;
    const before = text.slice(Math.max(0, start - 24), start);
    if (MODEL_BEFORE.test(before) || CODE_SYSTEM_BEFORE.test(before)) return;
    // "model number on the icd is cdvra500q": a model's code, every unit's.
    if (MODEL_IN_CLAUSE.test(text.slice(Math.max(0, start - 40), start))) return;
    const device = DEVICE_CODE_BEFORE.test(before);
    const cued = device || ID_CODE_BEFORE.test(before);
    if (!cued && (CLINICAL_CODE.test(token) || /^\d+-\d+$/.test(token))) return;
    spans.push({ kind: device ? 'device id' : 'mrn', start, end: start + token.length });
  };
  // The runs of letters and digits are found by one cheap scan and tested as a whole.
  for (const m of text.matchAll(ALNUM_RUN)) {
    const end = m.index + m[0].length;
    if (!MIXED_CODE.test(m[0]) || JOINED_BEFORE.test(text[m.index - 1] ?? ' ')) continue;
    if (!JOINED_AFTER.test(text.slice(end, end + 2))) code(m[0], m.index);
  }
  for (let hyphen = text.indexOf('-'); hyphen >= 0; hyphen = text.indexOf('-', hyphen + 1)) {
    const first = ALNUM_BEFORE_HYPHEN.exec(text.slice(Math.max(0, hyphen - 9), hyphen))?.[0];
    const second = ALNUM_AFTER_HYPHEN.exec(text.slice(hyphen + 1, hyphen + 10))?.[0];
    if (first === undefined || second === undefined) continue;
    const start = hyphen - first.length;
    const end = hyphen + 1 + second.length;
    const token = text.slice(start, end);
    if (!HYPHENED_CODE.test(token) || NOT_A_HYPHENED_CODE.test(token)) continue;
    if (JOINED_BEFORE.test(text[start - 1] ?? ' ')) continue;
    if (!HYPHENED_JOINED_AFTER.test(text.slice(end, end + 2))) code(token, start);
  }
  if (text.includes('#'))
    for (const m of text.matchAll(AFTER_NUMBER_SIGN)) code(m[1]!, m.indices![1]![0]);
  matches(CODE_AFTER_DEVICE, (m) => code(m[1]!, m.indices![1]![0]));
  if (SPACED_HINT.test(text))
    for (const m of text.matchAll(SPACED_DIGITS)) {
      const end = m.index + m[0].length;
      if (
        COUNT_UNIT_AFTER.test(text.slice(end, end + 8)) ||
        UNIT_AFTER.test(text.slice(end, end + 12))
      )
        continue;
      spans.push({ kind: SPACED_SSN.test(m[0]) ? 'ssn' : 'mrn', start: m.index, end });
    }
  return spans;
}
/** A unit after digits: "1200 800 400 mL" are volumes. */
const UNIT_AFTER = /^[ \t]*(?:ml|cc|l|mg|mcg|g|kg|mmhg|bpm|units?|meq|mmol|cal|kcal)\b/i;

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

/** A given name and, before it, a surname or a word no list knows. */
function lastFirst(last: string, first: string): boolean {
  return (factsOf(foldAccents(first.toLowerCase())) & GIVEN) !== 0 && couldBeName(last);
}

/**
 * Names in the forms lists, headers and registration lines write them: LAST, FIRST opening a
 * line, last, first in lower case, a name in capitals before its record's label, a name in
 * lower case before its credential, a name alone as a field's value, a research lab's lead, a
 * person asked by name, a quoted given name.
 */
function findWrittenNameForms(text: string, matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  const add = (start: number, end: number) => spans.push({ kind: 'name', start, end });
  if (text.includes(', '))
    for (const m of text.matchAll(LINE_LAST_FIRST))
      if (lastFirst(m[1]!, m[2]!)) add(m.index + (m[0][0] === '"' ? 1 : 0), m.index + m[0].length);
  if (text.includes(', '))
    matches(CUED_LAST_FIRST, (m) => {
      // After its cue the given name may be one no list holds: "by Ferreira, Joaquim".
      const last = m[1]!.replace(/^(?:Ó |O['’])/, '');
      const unknownGiven = factsOf(foldAccents(m[2]!.toLowerCase())) === 0;
      if (lastFirst(last, m[2]!) || (unknownGiven && couldBeName(last)))
        add(m.indices![1]![0], m.index + m[0].length);
    });
  if (text.includes('/'))
    for (const m of text.matchAll(SLASHED_LAST_FIRST))
      if (lastFirst(m[1]!, m[2]!) && isName(m[1]!)) add(m.indices![1]![0], m.index + m[0].length);
  for (
    let comma = text.indexOf(', '), taken = 0;
    comma >= 0;
    comma = text.indexOf(', ', comma + 1)
  ) {
    const from = Math.max(0, comma - 40);
    const surname = LOWER_SURNAME_BEFORE.exec(text.slice(from, comma));
    // A surname at the slice's start may be a word cut in two; one inside a name found is taken.
    if (surname === null || (surname.index === 0 && from > 0) || from + surname.index < taken)
      continue;
    LOWER_GIVEN_AFTER.lastIndex = comma;
    const given = LOWER_GIVEN_AFTER.exec(text);
    // The given name no word: "gray, zoë", not "nausea, vomiting".
    if (given === null) continue;
    // A given name no list knows after a surname a names list holds and no word list does is
    // one too: "moreau, tenzin" (not "ok, vss").
    const givenFacts = factsOf(foldAccents(given[1]!));
    const unknownGiven =
      givenFacts === 0 &&
      /[aeiouy]/.test(given[1]!) &&
      isName(foldAccents(surname[0])) &&
      !isKnownWord(surname[0]);
    if ((givenFacts & KNOWN) === 0 && (lastFirst(surname[0], given[1]!) || unknownGiven))
      add(from + surname.index, comma + given[0].length);
    taken = comma + given[0].length;
  }
  for (const m of text.matchAll(CAPS_NAME_BEFORE_RECORD)) {
    const words = m[0].split(' ');
    if (
      words.every((w) => couldBeName(w) && /[AEIOUYÀ-Ý]/.test(w)) &&
      words.some((w) => isName(w.toLowerCase()))
    )
      add(m.index, m.index + m[0].length);
  }
  for (const credential of text.matchAll(LOWER_CREDENTIAL)) {
    const run = nameWordsBefore(text, credential.index, LOWER_WORDS_BEFORE, couldBeName);
    if (run === null) continue;
    // One word alone before a credential is a surname a names list holds and no common word
    // shares ("per macgregor, pharmd"), or a word no list knows ("per okonkwo, pharmd").
    const word = run.words[0]!;
    const lone =
      run.words.length === 1 && ((lowerSurname(word) && isName(word)) || factsOf(word) === 0);
    if (
      lone ||
      (run.words.length > 1 &&
        run.words.every((w) => couldBeName(w)) &&
        run.words.some((w) => isName(w)))
    )
      add(run.start, credential.index);
  }
  if (/[A-Z]{3}/.test(text))
    for (const credential of text.matchAll(CAPS_CREDENTIAL)) {
      const run = nameWordsBefore(text, credential.index, CAPS_WORDS_BEFORE);
      if (
        run !== null &&
        run.words.every((w) => w.length >= 3 && !SERVICES.has(w.toLowerCase())) &&
        readsAsName(run.words)
      )
        add(run.start, credential.index);
    }
  if (text.includes('('))
    for (const relation of text.matchAll(RELATION_IN_BRACKETS)) {
      const run = nameWordsBefore(text, relation.index, WORDS_BEFORE_BRACKETS);
      if (run !== null && readsAsName(run.words)) add(run.start, relation.index);
    }
  const cuedName = (m: RegExpExecArray) => {
    if (readsAsName(m[1]!.split(/[ \t]+/))) add(m.indices![1]![0], m.indices![1]![1]);
  };
  matches(LOWER_PAIR_AFTER_WORD, cuedName);
  matches(PER_AT, cuedName);
  matches(ASK_FOR, cuedName);
  matches(LOGIN, (m) => {
    if (nameWords(m[1]!.split(/[._]/))) add(m.indices![1]![0], m.indices![1]![1]);
  });
  matches(CALL_FROM, cuedName);
  // A login no list knows, its digits aside ("user=admin" is a word).
  const login = (m: RegExpExecArray) => {
    const letters = m[1]!.replace(/\d+$/, '').replace(/[._]/g, '');
    if (letters.length >= 4 && factsOf(letters) === 0) add(m.indices![1]![0], m.indices![1]![1]);
  };
  matches(RUN_TOGETHER_LOGIN, login);
  const signedLogin = LOGIN_AFTER_DASH.exec(text);
  if (signedLogin && /[\d._]/.test(signedLogin[1]!)) add(...signedLogin.indices![1]!);
  else if (signedLogin) login(signedLogin);
  if (text.includes('/') || text.includes('|'))
    for (const m of text.matchAll(FIELD_NAME))
      if (nameWords(m[1]!.split(/[ \t]+/))) add(m.indices![1]![0], m.indices![1]![1]);
  if (/[A-Z]\. [A-Z]{2}/.test(text))
    for (const m of text.matchAll(INITIAL_CAPS_SURNAME)) {
      const surname = m[1]!;
      const lower = surname.toLowerCase();
      const cued = PERSON_PREPOSITION_BEFORE.test(text.slice(Math.max(0, m.index - 8), m.index));
      if (lowerSurname(lower) || (cued && isName(lower))) add(m.index, m.indices![1]![1]);
    }
  if (text.includes('(') || text.includes(' is the '))
    for (const m of text.matchAll(NAME_BEFORE_RELATION))
      if (m[1]!.split(/ /).every((w) => couldBeName(w))) add(m.index, m.index + m[1]!.length);
  matches(NAME_FROM_PLACE, cuedName);
  if (text.includes('"') || text.includes('“'))
    for (const m of text.matchAll(RELATION_NICKNAME)) add(m.indices![1]![0], m.indices![1]![1]);
  if (text.includes(' - '))
    for (const m of text.matchAll(CAPS_BEFORE_BED))
      if (couldBeName(m[1]!) && !isKnownWord(m[1]!)) add(m.index, m.index + m[1]!.length);
  // After a newborn's words or a nickname's, any word that could be a name's is one.
  const anyName = (m: RegExpExecArray) => {
    if (m[1]!.split(/[ \t-]+/).every((w) => couldBeName(w)))
      add(m.indices![1]![0], m.indices![1]![1]);
  };
  matches(BABY_NAME, anyName);
  // A name gone by is one whatever word it is: "Peaches", "Bud".
  matches(GOES_BY, (m) => add(m.indices![1]![0], m.indices![1]![1]));
  // An age after a comma is rare: the name is read back from it.
  for (const age of text.matchAll(AGE_AFTER_COMMA)) {
    const pair = nameWordsBefore(text, age.index, LOWER_PAIR_BEFORE, () => true);
    if (pair && nameWords(pair.words)) add(pair.start, age.index);
  }
  if (text.includes('.'))
    for (const m of text.matchAll(LOWER_DOTTED_INITIALS))
      if (!DOTTED_WORDS.has(m[0].toUpperCase())) add(m.index, m.index + m[0].length);
  const alone = NAME_ALONE.exec(text);
  // A given name no word list holds, then a surname or a word none knows.
  if (alone && (factsOf(foldAccents(alone[1]!.toLowerCase())) & (GIVEN | KNOWN)) === GIVEN) {
    const start = alone[0].length - alone[0].trimStart().length;
    add(start, alone[0].trimEnd().length);
  }
  for (const m of text.matchAll(LAB_OF)) {
    const facts = factsOf(foldAccents(m[1]!.toLowerCase()));
    if ((facts & NAME) !== 0 || facts === 0) add(m.indices![1]![0], m.indices![1]![1]);
  }
  if (text.includes('please'))
    for (const m of text.matchAll(ADDRESSED)) {
      const facts = factsOf(foldAccents(m[1]!.toLowerCase()));
      if ((facts & GIVEN) !== 0 || facts === 0) add(m.index, m.index + m[1]!.length);
    }
  if (text.includes('"'))
    for (const m of text.matchAll(QUOTED_NAME)) {
      // A given name no word list holds: "Alejandro", not "Fine" nor "Ensure".
      const facts = factsOf(m[1]!.split(/[ -]/)[0]!.toLowerCase());
      if ((facts & GIVEN) !== 0 && (facts & KNOWN) === 0)
        add(m.index + 1, m.index + 1 + m[1]!.length);
    }
  return spans;
}

/** Where a credential after `end` ends ("KC| LPN|"), or -1 where none follows. */
function credentialEnd(text: string, end: number): number {
  const credential = CREDENTIAL_AFTER.exec(text.slice(end, end + 8));
  return credential === null ? -1 : end + credential[0].length;
}
/**
 * Initials a list knows ("VC", "ca"; no common word, no unit) are a signature's only where a
 * credential follows and the signature ends: "— VC LPN", "VC PCT / PP PCT", "-ez RN".
 */
function signs(text: string, word: string, end: number): boolean {
  // The credential first: most short words have none after them.
  const after = credentialEnd(text, end);
  if (after < 0 || !SIGNATURE_END.test(text.slice(after))) return false;
  const lower = word.toLowerCase();
  return (factsOf(lower) & COMMON) === 0 && !SERVICES.has(lower);
}
/**
 * Names in the shapes exports and staff write them, read with the lists: HL7 and registration
 * fields, the forms lists and headers write (findWrittenNameForms), a role or relation then a
 * name (in capitals, or in lower case), staff initials.
 */
function findNameShapes(text: string, matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  const add = (start: number, end: number) => spans.push({ kind: 'name', start, end });
  if (text.includes('^'))
    for (const m of text.matchAll(HL7_NAME)) {
      // "IMP^Impression", "WBC^LN": a coded field, a word and no given name after it.
      const [last, first] = m[0].split('^') as [string, string];
      const given = (factsOf(first.toLowerCase()) & GIVEN) !== 0;
      if (!given && !couldBeName(last)) continue;
      add(m.index, m.index + m[0].length);
    }
  for (const m of text.matchAll(LAST_FIRST)) {
    const [last, first] = [m[1]!, m[2]!];
    // Names have vowels; lists of abbreviations ("AI, RVSP") seldom do throughout.
    if (![last, first].every((w) => w.length >= 2 && /[AEIOUYÀ-Ý]/.test(w))) continue;
    // "DAILY, MAC", "TID, ALARIS": a word no names list holds is no part of a name.
    if (!couldBeName(last) || !couldBeName(first)) continue;
    // "HEART, LUNG" names no one: a name has a word no list knows, or a surname and a given name.
    const unknown = [last, first].some((w) => couldBeName(w) && !isName(w.toLowerCase()));
    const givenFirst = (factsOf(first.toLowerCase()) & GIVEN) !== 0;
    if (unknown || (isName(last.toLowerCase()) && givenFirst)) add(m.index, m.index + m[0].length);
  }
  spans.push(...findWrittenNameForms(text, matches));
  for (const cue of [CAPS_CUE, LOWER_CUE, LOWER_STAFF_CUE])
    matches(cue, (m) => {
      const words = [...m[1]!.matchAll(/\S+/g)];
      let taken = 0;
      if (cue !== CAPS_CUE && VERB_AFTER_RELATION.has(words[0]![0])) return;
      while (taken < words.length && couldBeName(words[taken]![0])) taken++;
      if (taken === 0) return;
      // After staff, a name has a word the names lists hold ("rn mary oduya"), or two no list
      // knows ("cna aigerim al-haddad").
      if (
        cue !== CAPS_CUE &&
        STAFF_LOWER_CUE.test(m[0]) &&
        !words.some((w) => isName(foldAccents(w[0]))) &&
        !(taken >= 2 && words.slice(0, taken).every((w) => factsOf(foldAccents(w[0])) === 0))
      )
        return;
      // In capitals "PT" and "RN" are read before a verb as often ("PT WILL NEED"): two words.
      if (cue === CAPS_CUE && taken < 2 && /^(?:PT|RN)\b/.test(m[0])) return;
      const start = m.index + m[0].length - m[1]!.length;
      const last = words[taken - 1]!;
      const end = start + last.index + last[0].length;
      // One known word alone is no name ("pt will"): a lone word must be unknown to every list,
      // or a given name that ends the clause after a relation ("wife faith and son hunter").
      const lone = taken === 1 && isName(words[0]![0].toLowerCase());
      if (lone && cue !== CAPS_CUE && !givenAfterRelation(m[0], words[0]![0], text, end)) return;
      // "sister mary joseph node": an eponym, its clinical noun after it (not "son reed cell
      // 628-…", a phone's label).
      const after = text.slice(end, end + 40);
      if (EPONYM_HEAD.test(after) && !PHONE_LABEL_AFTER.test(after)) return;
      add(start + words[0]!.index, end);
    });
  for (const m of text.matchAll(LOWER_INITIAL_NAME)) {
    const surname = m[1]!.split(/[ \t]+/).pop()!;
    if (lowerSurname(surname)) add(m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(DOTTED_INITIALS))
    if (!DOTTED_WORDS.has(m[0])) add(m.index, m.index + m[0].length);
  // Initials in capitals: unknown ones after a signature's cue, known ones as `signs` allows.
  for (const m of text.matchAll(CAPS_INITIALS)) {
    const lower = m[0].toLowerCase();
    const end = m.index + m[0].length;
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    if (!isKnownWord(lower)) {
      if (
        credentialEnd(text, end) >= 0 ||
        BY_BEFORE.test(before) ||
        STAFF_BEFORE.test(before) ||
        (SENTENCE_BEFORE.test(before) && NOTE_END.test(text.slice(end))) ||
        (BRACKET_AFTER_SENTENCE.test(before) && BRACKET_AT_NOTE_END.test(text.slice(end)))
      )
        add(m.index, end);
    } else if (signs(text, m[0], end)) add(m.index, end);
    // Initials a list knows but no common word, signed after a dash at the note's end: "… -RB".
    else if (
      DASH_BEFORE.test(before) &&
      NOTE_END.test(text.slice(end)) &&
      (factsOf(lower) & COMMON) === 0 &&
      !SERVICES.has(lower) &&
      !CREDENTIAL.test(m[0])
    )
      add(m.index, end);
    // Initials a list knows ("MG", "SP") after a word only staff are ("Collected by MG"), in
    // brackets closing the note ("… expected. (MY)"), or two letters no common word is closing
    // it after its last sentence ("… Medicaid ID pending. RV").
    else if (
      (STAFF_BEFORE.test(before) ||
        (BRACKET_AFTER_SENTENCE.test(before) && BRACKET_AT_NOTE_END.test(text.slice(end))) ||
        (m[0].length === 2 &&
          (factsOf(lower) & COMMON) === 0 &&
          SENTENCE_BEFORE.test(before) &&
          NOTE_END.test(text.slice(end)))) &&
      !SERVICES.has(lower) &&
      !CREDENTIAL.test(m[0])
    )
      add(m.index, end);
  }
  for (const m of text.matchAll(LOWER_INITIALS)) {
    const end = m.index + m[0].length;
    if (signs(text, m[0], end)) add(m.index, end);
  }
  // Initials in lower case no list knows after "by", a reviewer or a signature's dash: "Called
  // by tt (core lab)", "Reviewer (te):", "… aware. - ev".
  const unknownInitials = (m: RegExpExecArray) => {
    if (factsOf(m[1]!) === 0) add(m.indices![1]![0], m.indices![1]![1]);
  };
  matches(LOWER_INITIALS_AFTER_WORD, unknownInitials);
  if (text.includes('-') || text.includes('—'))
    for (const m of text.matchAll(LOWER_INITIALS_AFTER_DASH)) unknownInitials(m);
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
    if (isKnownWord(acronym) || STATE_CODE.test(acronym)) continue;
    const start = m.index + m[0].indexOf(acronym);
    spans.push({ kind: 'facility', start, end: start + acronym.length });
  }
  return spans;
}

/**
 * Identifiers in the shapes names and codes take, read with the word lists: HL7 and
 * registration names, a relation or a role then a name, initials and surnames, staff
 * initials, long numbers, a facility's initials. Both levels read them. `found` are the
 * rules' spans: a shape's span is kept only where the rules found nothing, since the rules
 * name a kind more surely, or where it is a last, first that holds the rules' names whole.
 */
export function findShapes(text: string, found: readonly PhiSpan[], matches: Matcher): PhiSpan[] {
  // A name the rules found in part is kept whole: "Okafor" of "subscriber Okafor, Imani",
  // "ottilie" of "user=ottilie.brennan", "ingeborg" of "caller: ingeborg saltonstall" (the words
  // added are ones no list knows).
  const nameHolding = (span: PhiSpan, f: PhiSpan) => {
    if (span.kind !== 'name' || f.kind !== 'name' || f.start < span.start || span.end < f.end)
      return false;
    const whole = text.slice(span.start, span.end);
    if (/^[^\s]+$|, /.test(whole)) return true;
    const added = `${text.slice(span.start, f.start)} ${text.slice(f.end, span.end)}`;
    return added.split(/\s+/).every((w) => w === '' || factsOf(foldAccents(w.toLowerCase())) === 0);
  };
  const clear = (span: PhiSpan) =>
    !found.some((f) => f.start < span.end && span.start < f.end && !nameHolding(span, f));
  return [
    ...findNameShapes(text, matches),
    ...findLongNumbers(text),
    ...findCodes(text, matches),
    ...findFacilityAcronyms(text),
  ].filter(clear);
}
