/**
 * The words the safe-list pass reads, one rule for the lists' build and for the text it
 * screens: runs of letters (accented ones included), lower case. "X-ray" is "x" and "ray";
 * "O'Brien" is "o" and "brien".
 */
import { LOWER, UPPER } from './patterns';

export const WORD = new RegExp(`[${UPPER}${LOWER}]+`, 'g');

/** A source's text as the lists hold it: its words of two letters or more, in lower case. */
export function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0].toLowerCase()).filter((w) => w.length >= 2);
}
