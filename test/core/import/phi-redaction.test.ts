// Issue 16's redaction check: a generic folder whose notes, attribute values, ids and
// cohort.json carry the labelled identifiers of the PHI evaluation set is imported with
// --redact-phi, and the SQLite file's bytes are searched for every labelled span. The same
// folder imported with identifiers allowed is the control: there every span must be found,
// so the search is shown able to fail.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, PhiMode, PhiSpan } from '../../../src/shared/domain';
import { importGeneric } from '../../../src/main/core/import/generic';
import { detectPhi, PhiRefusedError } from '../../../src/main/core/phi';
import { Store } from '../../../src/main/core/store';
import { loadEvalSet } from '../../fixtures/phi-eval/score';

const NOTES_PER_STAY = 10;
const DESCRIPTION =
  'Made-up stays for the redaction test; questions to Dr. Adaeze Nwosu at 617-555-0142.';
const SSN = '219-09-9999';
const EMAIL = 'maria.okafor@example.org';
const CONTACT = 'Son Kwame Mensah, cell 617-555-0187';

interface Snippet {
  text: string;
  spans: PhiSpan[];
}

/**
 * The labelled snippets whose every span the detector finds: how many it finds is the
 * evaluation's recall (held by phi-eval.test.ts); this test holds that what is found never
 * reaches the store, whichever file and field it came through.
 */
function redactableSnippets(): Snippet[] {
  return loadEvalSet().identified.filter(({ text, spans }) => {
    const found = detectPhi(text);
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
function needlesOf(text: string, span: PhiSpan): string[] {
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
function writeFolder(dir: string, snippets: Snippet[]): void {
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
function storeBytes(path: string): Buffer {
  return Buffer.concat(
    [path, `${path}-wal`].filter((p) => existsSync(p)).map((p) => readFileSync(p)),
  );
}

describe('PHI guard: redaction stores no identifier', () => {
  const root = mkdtempSync(join(tmpdir(), 'toe-phi-'));
  const folder = join(root, 'folder');
  const snippets = redactableSnippets();
  const needles = snippets.flatMap(({ text, spans }) => spans.flatMap((s) => needlesOf(text, s)));
  const imported = new Map<PhiMode, { bytes: Buffer; report: ImportSummary; path: string }>();

  beforeAll(async () => {
    mkdirSync(folder);
    writeFolder(folder, snippets);
    for (const mode of ['allow', 'redact'] as const) {
      const path = join(root, `${mode}.sqlite`);
      const store = new Store(path);
      try {
        const report = await importGeneric(store, folder, { phi: { mode, falseAlarms: [] } });
        imported.set(mode, { report, path, bytes: Buffer.alloc(0) });
      } finally {
        store.close();
      }
      imported.get(mode)!.bytes = storeBytes(path);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('uses most of the labelled set, every kind among it', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(600);
    expect(new Set(snippets.flatMap((s) => s.spans.map((l) => l.kind))).size).toBe(16);
  });

  it('control: imported with identifiers allowed, every labelled span is in the file', () => {
    const { bytes } = imported.get('allow')!;
    const missing = [...needles, SSN, EMAIL, CONTACT, DESCRIPTION].filter(
      (n) => !bytes.includes(Buffer.from(n, 'utf8')),
    );
    expect(missing).toEqual([]);
  });

  it('redacted: no labelled span, id, attribute or description identifier is in the file', () => {
    const { bytes } = imported.get('redact')!;
    const leaked = [
      ...needles,
      SSN,
      EMAIL,
      'Kwame Mensah',
      '617-555-0187',
      'Adaeze Nwosu',
      '617-555-0142',
    ].filter((n) => bytes.includes(Buffer.from(n, 'utf8')));
    expect(leaked).toEqual([]);
  });

  it('keeps the redacted text readable, with placeholders of each kind and ids still linked', () => {
    const { path, report } = imported.get('redact')!;
    const store = new Store(path);
    try {
      const cohortId = store.resolveCohort('phi redaction');
      expect(store.getCohort(cohortId).description).toBe(
        'Made-up stays for the redaction test; questions to Dr. [**name**] at [**phone**].',
      );
      const stays = store.listStays(cohortId, { limit: 1000 }).stays;
      expect(stays).toHaveLength(report.staysIncluded);
      // The e-mail stay_id and the SSN subject_id become pseudonyms; one subject stays one.
      expect(stays.map((s) => s.stayKey)).toContain('[**email 1**]');
      expect(stays.filter((s) => s.subjectKey === '[**ssn 1**]')).toHaveLength(3);
      expect(stays.find((s) => s.stayKey === 's2')!.attributes.contact).toBe(
        'Son [**name**], cell [**phone**]',
      );
    } finally {
      store.close();
    }
  });

  it('counts what it replaced per kind in the import summary, never the text', () => {
    const { report } = imported.get('redact')!;
    expect(report.phi!.mode).toBe('redact');
    const counts = new Map(report.phi!.found.map((k) => [k.kind, k.count]));
    const labelled = new Map<string, number>();
    for (const s of snippets) {
      for (const l of s.spans) labelled.set(l.kind, (labelled.get(l.kind) ?? 0) + 1);
    }
    // Every kind labelled is counted; a span found as another kind (a date inside an
    // address) is counted under that kind, so only the total is bounded by the labels.
    for (const kind of labelled.keys()) expect(counts.get(kind as never), kind).toBeGreaterThan(0);
    const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
    expect(sum(counts.values())).toBeGreaterThanOrEqual(sum(labelled.values()));
    expect(report.phi!.scanned).toEqual(
      expect.arrayContaining([
        'cohort.json name',
        'cohort.json description',
        'stays.csv stay_id',
        'stays.csv subject_id',
        'attributes.csv value',
        'notes.csv text',
      ]),
    );
    expect(JSON.stringify(report)).not.toContain('Kwame');
  });

  it('refuses by default, naming each file and field, and writes nothing', async () => {
    const store = new Store(join(root, 'refuse.sqlite'));
    try {
      const refused = await importGeneric(store, folder, {}).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PhiRefusedError);
      const { findings, total } = refused as PhiRefusedError;
      expect(total).toBeGreaterThanOrEqual(needles.length);
      expect(new Set(findings.map((f) => `${f.file} ${f.field}`))).toEqual(
        new Set([
          'cohort.json description',
          'stays.csv stay_id',
          'stays.csv subject_id',
          'attributes.csv value',
          'notes.csv text',
        ]),
      );
      expect(findings.filter((f) => f.file === 'cohort.json').map((f) => f.mark)).toEqual([
        'cohort.json:description:55',
        'cohort.json:description:71',
      ]);
      expect(store.listCohorts()).toEqual([]);
    } finally {
      store.close();
    }
  });
});
