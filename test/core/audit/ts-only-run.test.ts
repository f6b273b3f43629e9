/**
 * A TS-only bundle end to end: trained (quick) on a fixture store without a single note
 * chunk, it declares "streams": ["ts"], has no text encoder or note files, and audits the
 * cohort with hourly windows as its only units: every evidence set holds windows only,
 * p_full = sigmoid(l_ts), nothing is embedded, and the run's provenance, the CLI summary
 * and the PDF report say "hourly windows only".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RunProgress,
  RunSummary,
  StayAuditResult,
} from '../../../src/main/core/audit/audit-types';
import { startRun } from '../../../src/main/core/audit/run-engine';
import { RunStore } from '../../../src/main/core/audit/run-store';
import { cohortDifferences, ModelRuntime, readManifest } from '../../../src/main/core/models';
import { checkManifestConsistency } from '../../../src/main/core/models/manifest-consistency';
import { manifestFromJson } from '../../../src/main/core/models/manifest-schema';
import { sigmoid } from '../../../src/main/core/models/stay-model';
import { fullInputLogits } from '../../../src/main/core/models/full-input-scoring';
import { writeAuditReport } from '../../../src/main/core/report/audit-report';
import { Store } from '../../../src/main/core/store';
import { unitLines } from '../../../src/main/cli/run-summary-text';
import { runToe } from '../../support/run-toe';
import { pdfPages, squash } from '../report/report-fixture';

const FIXTURE = fileURLToPath(new URL('../../../training/tests/fixture_store.py', import.meta.url));
const PYTHON = process.env.TOE_PYTHON ?? '/usr/bin/python3';
const dir = mkdtempSync(join(tmpdir(), 'toe-ts-only-'));
const db = join(dir, 'store.sqlite');
const bundleDir = join(dir, 'E1');
const withNotesDb = join(dir, 'with-notes.sqlite');
let store: Store;
let run: RunSummary;
let results: StayAuditResult[];
const phases = new Set<string>();

beforeAll(async () => {
  const made = spawnSync(PYTHON, [FIXTURE, db, '300', '--no-notes'], { encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  const args = ['train', '--cohort', 'fixture', '--task', 'E1', '--quick', '--out', bundleDir];
  const trained = runToe(args, db);
  expect(trained.status, trained.stdout + trained.stderr).toBe(0);
  expect(trained.stdout).toContain('TS-only bundle (the cohort has no note chunks)');
  store = new Store(db);
  const cohortId = store.resolveCohort('fixture');
  run = await startRun(
    store,
    { cohortId, task: 'E1', split: 'test', bundleDir, workers: 1 },
    { executionProvider: 'cpu', progress: (p: RunProgress) => phases.add(p.phase) },
  );
  results = new RunStore(store).results(run.id);
}, 300_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a TS-only bundle', () => {
  it('holds the TS stream alone and declares it', async () => {
    expect(
      readdirSync(bundleDir)
        .filter((f) => f.endsWith('.onnx'))
        .sort(),
    ).toEqual([
      'ts_gru_backward.onnx',
      'ts_gru_forward.onnx',
      'ts_head.onnx',
      'ts_selector.onnx',
      'ts_stream.onnx',
    ]);
    const runtime = await ModelRuntime.open(bundleDir, { executionProvider: 'cpu', store });
    try {
      const m = runtime.manifest;
      expect(m.streams).toEqual(['ts']);
      expect(m.textEncoder).toBeUndefined();
      expect(m.units.notes).toBeUndefined();
      expect([m.model.sizes.M, m.model.sizes.E, m.model.sizes.P]).toEqual([0, 0, 0]);
      expect(runtime.hasNoteStream).toBe(false);
      expect(runtime.bundle.textEncoder).toBeNull();
      await expect(runtime.embedTexts(['a note'])).rejects.toThrow(/hourly windows only/);
    } finally {
      await runtime.close();
    }
  });

  it('audits with hourly windows as the only units and embeds nothing', () => {
    expect(run.status).toBe('completed');
    expect(results.length).toBeGreaterThan(0);
    expect(phases.has('embedding')).toBe(false);
    expect(run.provenance.evidenceUnits).toBe('hourly windows only');
    for (const r of results) {
      expect(r.noteUnits).toBe(0);
      expect(r.evidence.every((unit) => unit >= 0 && unit < 24)).toBe(true);
    }
  });

  it('refuses a manifest that mixes a TS-only declaration with note parts', () => {
    const raw = JSON.parse(readFileSync(join(bundleDir, 'manifest.json'), 'utf8')) as {
      units: Record<string, unknown>;
      model: { sizes: Record<string, number> };
    };
    const check = (edited: unknown) => () =>
      checkManifestConsistency(manifestFromJson(edited, 'manifest.json'));
    expect(check(raw)).not.toThrow();
    const notes = { Mmax: 20, sentencesPerChunk: 3 };
    expect(check({ ...raw, units: { ...raw.units, notes } })).toThrow(/units.notes present/);
    const sizes = { ...raw.model.sizes, M: 20 };
    expect(check({ ...raw, model: { ...raw.model, sizes } })).toThrow(/model.sizes.M is 20/);
  });

  it('does not compare the note rule of the audited cohort', () => {
    const manifest = readManifest(bundleDir);
    const cohort = store.getCohort(store.resolveCohort('fixture'));
    const noteRule = { sentencesPerChunk: 5, maxChunks: 3 };
    expect(cohortDifferences(manifest, { ...cohort, noteRule })).toEqual([]);
  });

  it('gives p_full = sigmoid(l_ts)', async () => {
    const runtime = await ModelRuntime.open(bundleDir, { executionProvider: 'cpu', store });
    try {
      const stays = store.loadStays(results.map((r) => r.stayId));
      const logits = await fullInputLogits(runtime, await runtime.encodeStays(stays));
      expect(Array.from(logits.note).every((l) => l === 0)).toBe(true);
      results.forEach((r, i) => {
        expect(r.rawPFull).toBeCloseTo(sigmoid(logits.ts[i]!), 6);
      });
    } finally {
      await runtime.close();
    }
  });

  it('searches no note chunk of a cohort that has them', async () => {
    const made = spawnSync(PYTHON, [FIXTURE, withNotesDb, '100'], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const other = new Store(withNotesDb);
    try {
      const cohortId = other.resolveCohort('fixture');
      const withNotes = await startRun(
        other,
        { cohortId, task: 'E1', split: 'test', bundleDir, workers: 1 },
        { executionProvider: 'cpu' },
      );
      expect(withNotes.status).toBe('completed');
      const audited = new RunStore(other).results(withNotes.id);
      const stays = other.loadStays(audited.map((r) => r.stayId));
      expect(stays.some((stay) => stay.notes.length > 0)).toBe(true);
      expect(audited.every((r) => r.noteUnits === 0 && r.evidence.every((u) => u < 24))).toBe(true);
      expect(withNotes.provenance.evidenceUnits).toBe('hourly windows only');
    } finally {
      other.close();
    }
  }, 120_000);

  it('says "hourly windows only" in the CLI summary and the PDF report', async () => {
    expect(unitLines(run.provenance).join('\n')).toContain('hourly windows only');
    const out = join(dir, 'report.pdf');
    await writeAuditReport(store, run.id, out, { seed: 7, generatedAt: '2026-11-25T12:00:00Z' });
    const text = squash(pdfPages(out).join('\n'));
    expect(text).toContain('hourly windows only');
    expect(text).not.toContain('radiology-note chunks');
    expect(text).toContain('p(m) = sigmoid(l_ts(m_ts))');
  }, 120_000);
});
