/**
 * What the shipped lists say of a word, loaded once for every pass that asks: the eponyms as
 * written, and for each word in lower case one number whose bits name the lists that hold it,
 * so a single lookup answers every question the safe-list pass and the name rules put.
 */
import names from './names.json';
import safeWords from './safe-words.json';

/** Eponyms as written ("Foley", "Apgar"): clinical words, though surnames. */
export const EPONYMS: ReadonlySet<string> = new Set(names.eponyms);

export const KNOWN = 1; // common English, clinical vocabulary or the hand list: a safe word
export const COMMON = 2; // common English (SCOWL to 35): "White", "Center" read as words
export const GIVEN = 4; // a given name
export const NAME = 8; // a given name or a surname
export const HAND = 16; // the hand list's words are safe even where a name list knows them ("English", "Candida")
export const EPONYM = 32;
export const CLINICAL = 64; // the clinical vocabulary beyond English: "macroglobulinemia", "serology"

const WORD_FACTS = new Map<string, number>();
function mark(words: Iterable<string>, fact: number): void {
  for (const word of words) WORD_FACTS.set(word, (WORD_FACTS.get(word) ?? 0) | fact);
}
const words = (joined: string) => joined.split(' ');
mark(words(safeWords.englishCommon), KNOWN | COMMON);
mark(words(safeWords.englishMore), KNOWN);
mark(words(safeWords.clinical), KNOWN | CLINICAL);
mark(words(safeWords.handWords), KNOWN | HAND);
mark(words(safeWords.givenNames), NAME | GIVEN);
mark(words(safeWords.surnames), NAME);
mark(
  [...EPONYMS].map((e) => e.toLowerCase()),
  EPONYM,
);

/** The lists' facts about a word in lower case, as the bits above (0: no list holds it). */
export const factsOf = (lower: string): number => WORD_FACTS.get(lower) ?? 0;
/** Whether a word, in any case, is a safe word the lists hold (common English, clinical, the hand list). */
export const isKnownWord = (word: string): boolean => (factsOf(word.toLowerCase()) & KNOWN) !== 0;
/** Whether a word, in any case, is one a names list (Census given names and surnames) holds. */
export const inNamesList = (word: string): boolean => (factsOf(word.toLowerCase()) & NAME) !== 0;
/** Whether a names list holds a word, in any case, and no common English word is it ("Chester", not "Room"). */
export const inNamesListOnly = (word: string): boolean =>
  (factsOf(word.toLowerCase()) & (NAME | COMMON)) === NAME;
/** A Roman numeral in capitals: an ECG lead, a stage or a grade ("II", "IV"), never a name. */
export const ROMAN_NUMERAL = /^[IVX]+$/;
/** Whether a word, in any case, could be a name's: a names list holds it, or no list knows it. */
export function couldBeName(word: string): boolean {
  const facts = factsOf(word.toLowerCase());
  return (facts & NAME) !== 0 || (facts & KNOWN) === 0;
}
