// A generic folder made to carry labelled identifiers everywhere an import reads text
// (notes, attribute values, ids, cohort.json), and the search of a store file's bytes for
// them: shared by the redaction tests of each level of the PHI guard.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PhiLevel, PhiSpan } from '../../src/shared/domain';
import { detectPhi } from '../../src/main/core/phi';

const NOTES_PER_STAY = 10;
export const DESCRIPTION =
  'Made-up stays for the redaction test; questions to Dr. Adaeze Nwosu at 617-555-0142.';
export const SSN = '219-09-9999';
export const EMAIL = 'maria.okafor@example.org';
export const CONTACT = 'Son Kwame Mensah, cell 617-555-0187';

export interface Snippet {
  text: string;
  spans: PhiSpan[];
}

/**
 * The labelled snippets whose every span the guard finds at `level`: how many it finds is the
 * evaluation's recall (phi-eval.test.ts); a redaction test holds that what is found never
 * reaches the store, whichever file and field it came through.
 */
export function redactableSnippets(
  set: { identified: readonly Snippet[] },
  level: PhiLevel,
): Snippet[] {
  return set.identified.filter(({ text, spans }) => {
    const found = detectPhi(text, level);
    return spans.every((label) => found.some((f) => f.start <= label.start && f.end >= label.end));
  });
}

const SENTENCE_BREAK = /(?<=[.!?])\s+/;
const fold = (text: string) => text.replace(/\s+/g, ' ');

/**
 * What to search the file for, for one labelled span: the span as the store would keep it
 * (chunking folds white space and may split "M. Smith" at its period), each piece shorter
 * than 6 characters with the words beside it in its sentence, so that "99" is looked for
 * as "Age 99" and not found by chance in a float's bytes. An initial split off the name it
 * starts ("L." of "L. Garcia" opening a note) is left to the name's other piece.
 */
export function needlesOf(text: string, span: PhiSpan): string[] {
  const parts = fold(text.slice(span.start, span.end)).split(SENTENCE_BREAK);
  const needles = parts.map((part, i) => {
    if (part.length >= 6) return part;
    const before = i === 0 ? fold(text.slice(0, span.start)).split(SENTENCE_BREAK).at(-1)! : '';
    if (before.trim() !== '') return before.slice(-8) + part;
    const after =
      i === parts.length - 1 ? fold(text.slice(span.end)).split(SENTENCE_BREAK)[0]! : '';
    return part + after.slice(0, 8);
  });
  return needles.filter((needle) => needle.length > 2 || parts.length === 1);
}

const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Writes the folder: identifiers in notes, attribute values, ids and the description. */
export function writeFolder(dir: string, snippets: Snippet[]): void {
  const stays = Math.ceil(snippets.length / NOTES_PER_STAY);
  const key = (i: number) => (i === 0 ? EMAIL : `s${i}`);
  const subject = (i: number) => (i < 3 ? SSN : `p${i}`);
  const each = (row: (i: number) => string) => Array.from({ length: stays }, (_, i) => row(i));
  const write = (file: string, header: string, rows: string[]) =>
    writeFileSync(join(dir, file), `${header}\n${rows.join('\n')}\n`);
  writeFileSync(
    join(dir, 'cohort.json'),
    JSON.stringify({
      formatVersion: 1,
      name: 'phi redaction',
      description: DESCRIPTION,
      hours: 24,
      tasks: ['mortality'],
      synthetic: true,
    }),
  );
  write('variables.csv', 'name,unit,plausible_min,plausible_max', ['heart_rate,bpm,1,300']);
  write(
    'stays.csv',
    'stay_id,subject_id,t0,split',
    each((i) => `${key(i)},${subject(i)},2180-03-01 08:00:00,train`),
  );
  write(
    'measurements.csv',
    'stay_id,time,variable,value',
    each((i) => `${key(i)},2180-03-01 09:00:00,heart_rate,80`),
  );
  write(
    'outcomes.csv',
    'stay_id,task,label',
    each((i) => `${key(i)},mortality,${i % 2}`),
  );
  write(
    'attributes.csv',
    'stay_id,name,value',
    each((i) => `${key(i)},contact,${csvField(i % 2 === 0 ? CONTACT : 'none given')}`),
  );
  write(
    'notes.csv',
    'stay_id,charttime,text',
    snippets.map((s, n) => {
      const minute = String(n % 60).padStart(2, '0');
      return `${key(Math.floor(n / NOTES_PER_STAY))},2180-03-01 10:${minute}:00,${csvField(s.text)}`;
    }),
  );
}

/** The store file's bytes, its write-ahead log included. */
export function storeBytes(path: string): Buffer {
  return Buffer.concat(
    [path, `${path}-wal`].filter((p) => existsSync(p)).map((p) => readFileSync(p)),
  );
}
