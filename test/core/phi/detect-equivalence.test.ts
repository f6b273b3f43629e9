// The detector's shortcuts must find exactly what plain scans find: a pattern led by cue words
// is tried only where its cues are (CueIndex), and a rule whose every match needs some
// character or word is not run on a text without it. These tests hold both to that.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_PATTERNS } from '../../../src/main/core/phi/names';
import { SHAPE_PATTERNS } from '../../../src/main/core/phi/shapes';
import { SPELLED_PATTERNS } from '../../../src/main/core/phi/spelled';
import {
  CueIndex,
  forEachMatch,
  PATTERN_RULES,
  type CuedPattern,
} from '../../../src/main/core/phi/patterns';
import { loadEvalSet } from '../../fixtures/phi-eval/score';

const PATTERNS: readonly CuedPattern[] = [
  ...PATTERN_RULES,
  ...NAME_PATTERNS,
  ...SHAPE_PATTERNS,
  ...SPELLED_PATTERNS,
];
const CUED = PATTERNS.filter((p) => p.cues !== undefined);

/** The evaluation set's texts as written, in capitals, in lower case, and run together. */
function texts(): string[] {
  const set = loadEvalSet();
  const snippets = [...set.identified, ...set.clean].map((s) => s.text);
  const notes = Array.from({ length: 40 }, (_, i) =>
    snippets.slice(i * 24, i * 24 + 24).join(i % 2 ? ' ' : '\n'),
  );
  return [
    ...snippets,
    ...snippets.map((t) => t.toUpperCase()),
    ...snippets.map((t) => t.toLowerCase()),
    ...notes,
  ];
}

const found = (scan: (each: (match: RegExpExecArray) => void) => void) => {
  const matches: string[] = [];
  scan((match) => matches.push(`${match.index}:${match[0]}`));
  return matches;
};

/** The group right after the `\b` a cued pattern starts with: "(?:MRN|MR#|MR no\.?|…)". */
function leadingGroup(source: string): string {
  expect(source.startsWith('\\b(')).toBe(true);
  let depth = 0;
  for (let i = 2; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++; // an escaped character
    } else if (c === '[') {
      while (source[++i] !== ']') if (source[i] === '\\') i++;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return source.slice(2, i + 1);
    }
  }
  throw new Error(`no group closes in ${source}`);
}

describe('the cue index', () => {
  it('finds, for every pattern, what a scan of the whole text finds', () => {
    const index = new CueIndex(PATTERNS);
    for (const text of texts()) {
      const matches = index.matcher(text);
      const indexed = PATTERNS.map((p) => found((each) => matches(p.pattern, each)));
      const scanned = PATTERNS.map((p) => found((each) => forEachMatch(p.pattern, text, each)));
      expect(indexed).toEqual(scanned);
    }
  });

  it.each(CUED.map((p) => [p.pattern.source.slice(0, 48), p] as const))(
    'has every word %s… can start with among its cues',
    (_, { pattern, cues }) => {
      // Without its lookarounds the group matches more strings, never fewer.
      const group = leadingGroup(pattern.source).replace(/\(\?<?[=!][^()]*\)/g, '');
      const words = cues!.toLowerCase().split('|');
      fc.assert(
        fc.property(fc.stringMatching(new RegExp(`^${group}`)), (start) =>
          words.some((word) => start.toLowerCase().startsWith(word)),
        ),
        { seed: 20261127, numRuns: 2000 },
      );
    },
  );
});

describe('rules that need a character or word', () => {
  it('find nothing in a text without it', () => {
    for (const text of texts()) {
      for (const { pattern, needs } of PATTERN_RULES) {
        if (needs === undefined) continue;
        const has = typeof needs === 'string' ? text.includes(needs) : needs.test(text);
        for (const match of found((each) => forEachMatch(pattern, text, each))) {
          expect(has, `${pattern.source.slice(0, 40)} found ${match}`).toBe(true);
        }
      }
    }
  });
});
