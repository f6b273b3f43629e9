// Issue 16's redaction check: a generic folder whose notes, attribute values, ids and
// cohort.json carry the labelled identifiers of the PHI evaluation set is imported with
// --redact-phi, and the SQLite file's bytes are searched for every labelled span. The same
// folder imported with identifiers allowed is the control: there every span must be found,
// so the search is shown able to fail.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary, PhiMode } from '../../../src/shared/domain';
import { importGeneric } from '../../../src/main/core/import/generic';
import { PhiRefusedError } from '../../../src/main/core/phi';
import { Store } from '../../../src/main/core/store';
import { loadEvalSet } from '../../fixtures/phi-eval/score';
import {
  CONTACT,
  DESCRIPTION,
  EMAIL,
  needlesOf,
  redactableSnippets,
  SSN,
  storeBytes,
  writeFolder,
} from '../../support/phi-folder';

describe('PHI guard: redaction stores no identifier', () => {
  const root = mkdtempSync(join(tmpdir(), 'toe-phi-'));
  const folder = join(root, 'folder');
  const snippets = redactableSnippets(loadEvalSet(), 'default');
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
