import { createHash } from 'node:crypto';
import type {
  CohortDetail,
  CohortSummary,
  FeatureSchema,
  ImportSummary,
  Split,
  StaticInputSpec,
  StaySummary,
} from '../../../shared/domain';
import { SPLITS } from '../../../shared/domain';
import { blobToFloat32, blobToUint8, float32ToBlob, uint8ToBlob } from './codec';
import {
  inWriteTransaction,
  openStoreDatabase,
  type Db,
  type OpenedDatabase,
  type OpenOptions,
  openForInspection,
} from './database';
import { StoreReadOnlyError } from './store-errors';
import type { NewCohort, NewStay, StaticValue, Stay } from './types';

interface CohortRow {
  id: number;
  name: string;
  source: CohortSummary['source'];
  synthetic: number;
  description: string;
  feature_schema: string;
  note_rule: string;
  context_schema: string;
  tasks: string;
  attributes: string;
  created_at: string;
}

interface StayRow {
  id: number;
  cohort_id: number;
  stay_key: string;
  subject_key: string;
  split: Split;
  t0: string;
  los_hours: number | null;
  series: Buffer;
  missing: Buffer;
}

interface StaticInputRow {
  stay_id: number;
  name: string;
  value_num: number | null;
  value_text: string | null;
}

interface ContextRow {
  stay_id: number;
  has_cxr: number;
  cxr: Buffer;
  has_ecg: number;
  ecg: Buffer;
}

export class NotFoundError extends Error {}
export class ConflictError extends Error {}

/**
 * Refuses a static value its cohort does not declare, or of the wrong kind or category.
 * Importers check their input first and say where it is wrong; this is the store's guard.
 */
function checkStaticValue(
  stayKey: string,
  specs: ReadonlyMap<string, StaticInputSpec>,
  name: string,
  value: StaticValue,
): void {
  const spec = specs.get(name);
  const fault =
    spec === undefined
      ? 'the cohort declares no such static input'
      : spec.kind === 'numeric'
        ? typeof value === 'number' && Number.isFinite(value)
          ? null
          : `${JSON.stringify(value)} is not a finite number`
        : typeof value === 'string' && spec.categories.includes(value)
          ? null
          : `${JSON.stringify(value)} is not one of its categories (${spec.categories.join(', ')})`;
  if (fault !== null) throw new Error(`Stay ${stayKey}, static input "${name}": ${fault}`);
}

/** An import summary as stored; summaries written before a field existed get its old meaning. */
function storedReport(json: string, row: CohortRow): ImportSummary {
  const hours = (JSON.parse(row.feature_schema) as FeatureSchema).hours;
  const stored = JSON.parse(json) as Omit<ImportSummary, 'windowHours' | 'clinical'> &
    Partial<Pick<ImportSummary, 'windowHours' | 'clinical'>>;
  return { ...stored, windowHours: stored.windowHours ?? hours, clinical: stored.clinical ?? true };
}

/** The one message for a taken cohort name, naming both ways out. */
export function cohortNameTaken(name: string): ConflictError {
  return new ConflictError(
    `A cohort named "${name}" already exists. Import under another name (--name, or the Name field), or delete the old one first (\`toe cohorts delete ${name}\`, or Delete on the Cohorts page).`,
  );
}

/** The store of cohorts and stays: one SQLite file shared by the CLI, the server and the app. */
export class Store {
  readonly db: Db;
  /** Nothing can be written through this store (opened read-only, or the file cannot be). */
  readonly readOnly: boolean;
  /** Why the store's file cannot be written (read-only media, file or folder); null if it can. */
  readonly readOnlyReason: string | null;
  /** Cohort content hashes as of the file's state `version` (cohortContentHash). */
  private contentHashes: { version: string; byCohort: Map<number, string> } = {
    version: '',
    byCohort: new Map(),
  };

  /**
   * Opens the store at `path` (a path that does not exist becomes a new store). `verify`
   * checks a small store's whole file first (database.ts); a store that cannot be written
   * opens read-only. Damage found now or by any later query is a StoreDamagedError. A
   * `connection` already open (store check's) is used as it is.
   */
  constructor(
    readonly path: string,
    options: OpenOptions & { connection?: OpenedDatabase } = {},
  ) {
    const opened = options.connection ?? openStoreDatabase(path, options);
    this.db = opened.db;
    this.readOnly = opened.readOnly;
    this.readOnlyReason = opened.readOnlyReason;
  }

  /**
   * A reader that SQLite itself keeps from writing, for audit workers: the run engine's
   * thread is the store's only writer, and WAL lets readers run while it commits.
   */
  static openReadOnly(path: string): Store {
    return new Store(path, { readOnly: true });
  }

  /**
   * The store as found, for `toe store check` and `toe store backup`: read-only, neither
   * checked in full on open nor upgraded, so a damaged or older store is inspected or copied
   * exactly as it is (openForInspection). Another program's file is still refused.
   */
  static forInspection(path: string): Store {
    return new Store(path, { connection: openForInspection(path) });
  }

  close(): void {
    this.db.close();
  }

  /** Refuses, before any work, what would write to a store that cannot be written. */
  assertWritable(): void {
    if (this.readOnly) {
      throw new StoreReadOnlyError(this.path, this.readOnlyReason ?? 'opened for reading only');
    }
  }

  /** Runs async import work atomically: a failure leaves the store exactly as it was. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return inWriteTransaction(this.db, work);
  }

  createCohort(cohort: NewCohort): number {
    if (this.findCohortId(cohort.name) !== null) throw cohortNameTaken(cohort.name);
    const result = this.db
      .prepare(
        `INSERT INTO cohorts (name, source, synthetic, description, feature_schema, note_rule,
           context_schema, tasks, attributes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        cohort.name,
        cohort.source,
        cohort.synthetic ? 1 : 0,
        cohort.description,
        JSON.stringify(cohort.featureSchema),
        JSON.stringify(cohort.noteRule),
        JSON.stringify(cohort.contextSchema),
        JSON.stringify(cohort.tasks),
        JSON.stringify(cohort.attributes),
        new Date().toISOString(),
      );
    return Number(result.lastInsertRowid);
  }

  /** Returns a function that inserts stays of one cohort with prepared statements. */
  stayWriter(cohortId: number): (stay: NewStay) => number {
    const detail = this.getCohort(cohortId);
    const cells = detail.featureSchema.hours * detail.featureSchema.variables.length;
    const cxrLength = detail.contextSchema.cxrLabels.length;
    const ecgLength = detail.contextSchema.ecgFields.length;
    const staticSpecs = new Map(
      (detail.contextSchema.staticInputs ?? []).map((spec) => [spec.name, spec]),
    );
    const insertStay = this.db.prepare(
      `INSERT INTO stays (cohort_id, stay_key, subject_key, split, t0, los_hours, series, missing)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertOutcome = this.db.prepare(
      'INSERT INTO outcomes (stay_id, task, label, onset_hour) VALUES (?, ?, ?, ?)',
    );
    const insertAttribute = this.db.prepare(
      'INSERT INTO attributes (stay_id, name, value) VALUES (?, ?, ?)',
    );
    const insertChunk = this.db.prepare(
      'INSERT INTO note_chunks (stay_id, position, charttime, text) VALUES (?, ?, ?, ?)',
    );
    const insertContext = this.db.prepare(
      'INSERT INTO contexts (stay_id, has_cxr, cxr, has_ecg, ecg) VALUES (?, ?, ?, ?, ?)',
    );
    const insertStatic = this.db.prepare(
      'INSERT INTO static_inputs (stay_id, name, value_num, value_text) VALUES (?, ?, ?, ?)',
    );
    return (stay) => {
      if (stay.series.length !== cells * 3 || stay.missing.length !== cells) {
        throw new Error(
          `Stay ${stay.stayKey}: tensor has ${stay.series.length} values and ${stay.missing.length} flags, the cohort's schema needs ${cells * 3} and ${cells}`,
        );
      }
      if (stay.notes.length > detail.noteRule.maxChunks) {
        throw new Error(
          `Stay ${stay.stayKey}: ${stay.notes.length} note chunks, the cohort allows ${detail.noteRule.maxChunks}`,
        );
      }
      const id = Number(
        insertStay.run(
          cohortId,
          stay.stayKey,
          stay.subjectKey,
          stay.split,
          stay.t0,
          stay.losHours,
          float32ToBlob(stay.series),
          uint8ToBlob(stay.missing),
        ).lastInsertRowid,
      );
      for (const [task, label] of Object.entries(stay.outcomes))
        insertOutcome.run(id, task, label, stay.onsets?.[task] ?? null);
      for (const [name, value] of Object.entries(stay.attributes))
        insertAttribute.run(id, name, value);
      stay.notes.forEach((chunk, position) =>
        insertChunk.run(id, position, chunk.charttime, chunk.text),
      );
      const cxr = stay.cxr ?? new Uint8Array(cxrLength);
      const ecg = stay.ecg ?? new Float32Array(ecgLength).fill(Number.NaN);
      insertContext.run(
        id,
        stay.cxr ? 1 : 0,
        uint8ToBlob(cxr),
        stay.ecg ? 1 : 0,
        float32ToBlob(ecg),
      );
      for (const [name, value] of Object.entries(stay.staticInputs ?? {})) {
        checkStaticValue(stay.stayKey, staticSpecs, name, value);
        insertStatic.run(
          id,
          name,
          typeof value === 'number' ? value : null,
          typeof value === 'string' ? value : null,
        );
      }
      return id;
    };
  }

  saveImportSummary(cohortId: number, report: ImportSummary): void {
    this.db
      .prepare(
        `INSERT INTO imports (cohort_id, format, source, started_at, finished_at, report)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        cohortId,
        report.format,
        report.source,
        report.startedAt,
        report.finishedAt,
        JSON.stringify(report),
      );
  }

  findCohortId(name: string): number | null {
    const row = this.db.prepare('SELECT id FROM cohorts WHERE name = ?').get(name) as
      { id: number } | undefined;
    return row?.id ?? null;
  }

  /** Resolves a cohort given by name or numeric id, as users type it on the command line. */
  resolveCohort(nameOrId: string): number {
    const byName = this.findCohortId(nameOrId);
    if (byName !== null) return byName;
    if (/^\d+$/.test(nameOrId)) {
      const row = this.db.prepare('SELECT id FROM cohorts WHERE id = ?').get(Number(nameOrId));
      if (row) return Number(nameOrId);
    }
    const known = this.listCohorts().map((c) => c.name);
    throw new NotFoundError(
      `No cohort "${nameOrId}" in this store. ${known.length ? `Known cohorts: ${known.join(', ')}.` : 'Create one with `toe demo-cohort` or `toe import`.'}`,
    );
  }

  listCohorts(): CohortSummary[] {
    const rows = this.db.prepare('SELECT * FROM cohorts ORDER BY id').all() as CohortRow[];
    return rows.map((row) => this.summarise(row));
  }

  getCohort(cohortId: number): CohortDetail {
    const row = this.db.prepare('SELECT * FROM cohorts WHERE id = ?').get(cohortId) as
      CohortRow | undefined;
    if (!row) throw new NotFoundError(`No cohort with id ${cohortId}.`);
    const reportRow = this.db
      .prepare('SELECT report FROM imports WHERE cohort_id = ? ORDER BY id DESC LIMIT 1')
      .get(cohortId) as { report: string } | undefined;
    return {
      ...this.summarise(row),
      featureSchema: JSON.parse(row.feature_schema),
      noteRule: JSON.parse(row.note_rule),
      contextSchema: JSON.parse(row.context_schema),
      report: reportRow ? storedReport(reportRow.report, row) : null,
    };
  }

  deleteCohort(cohortId: number): boolean {
    return this.db.prepare('DELETE FROM cohorts WHERE id = ?').run(cohortId).changes > 0;
  }

  private summarise(row: CohortRow): CohortSummary {
    const counts = this.db
      .prepare('SELECT split, COUNT(*) AS n FROM stays WHERE cohort_id = ? GROUP BY split')
      .all(row.id) as { split: Split; n: number }[];
    const splits = Object.fromEntries(SPLITS.map((s) => [s, 0])) as Record<Split, number>;
    for (const { split, n } of counts) splits[split] = n;
    return {
      id: row.id,
      name: row.name,
      source: row.source,
      synthetic: row.synthetic === 1,
      description: row.description,
      createdAt: row.created_at,
      stays: splits.train + splits.val + splits.test,
      splits,
      tasks: JSON.parse(row.tasks),
      attributes: JSON.parse(row.attributes),
    };
  }

  listStays(
    cohortId: number,
    options: { split?: Split | undefined; offset?: number; limit?: number } = {},
  ): { total: number; stays: StaySummary[] } {
    const where = options.split ? 's.cohort_id = ? AND s.split = ?' : 's.cohort_id = ?';
    const params: (number | string)[] = options.split ? [cohortId, options.split] : [cohortId];
    const total = (
      this.db.prepare(`SELECT COUNT(*) AS n FROM stays s WHERE ${where}`).get(...params) as {
        n: number;
      }
    ).n;
    const rows = this.db
      .prepare(
        `SELECT s.id, s.stay_key, s.subject_key, s.split, s.t0, s.los_hours,
           (SELECT COUNT(*) FROM note_chunks n WHERE n.stay_id = s.id) AS chunks,
           c.has_cxr, c.has_ecg
         FROM stays s LEFT JOIN contexts c ON c.stay_id = s.id
         WHERE ${where}
         ORDER BY s.id LIMIT ? OFFSET ?`,
      )
      .all(...params, options.limit ?? 100, options.offset ?? 0) as (Omit<
      StayRow,
      'series' | 'missing' | 'cohort_id'
    > & { chunks: number; has_cxr: number | null; has_ecg: number | null })[];
    const ids = rows.map((r) => r.id);
    const outcomes = this.labelsFor(ids);
    const attributes = this.attributesFor(ids);
    return {
      total,
      stays: rows.map((row) => ({
        stayKey: row.stay_key,
        subjectKey: row.subject_key,
        split: row.split,
        t0: row.t0,
        losHours: row.los_hours,
        outcomes: outcomes.get(row.id) ?? {},
        attributes: attributes.get(row.id) ?? {},
        noteChunks: row.chunks,
        hasCxr: row.has_cxr === 1,
        hasEcg: row.has_ecg === 1,
      })),
    };
  }

  /** Ids of a cohort's stays, optionally of one split, in insertion order. */
  /** Note chunks held by the given stays (0: none of them has a note). */
  noteChunkCount(stayIds: readonly number[]): number {
    let total = 0;
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM note_chunks WHERE stay_id = ?');
    for (const id of stayIds) total += (count.get(id) as { n: number }).n;
    return total;
  }

  stayIds(cohortId: number, split?: Split): number[] {
    const rows = (
      split
        ? this.db
            .prepare('SELECT id FROM stays WHERE cohort_id = ? AND split = ? ORDER BY id')
            .all(cohortId, split)
        : this.db.prepare('SELECT id FROM stays WHERE cohort_id = ? ORDER BY id').all(cohortId)
    ) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Loads full stays (tensors, notes, context, labels) for the models and the search. */
  loadStays(ids: readonly number[]): Stay[] {
    if (ids.length === 0) return [];
    const stays: Stay[] = [];
    // SQLite's parameter limit is generous but finite: load in slices.
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const marks = slice.map(() => '?').join(',');
      const rows = this.db
        .prepare(`SELECT * FROM stays WHERE id IN (${marks})`)
        .all(...slice) as StayRow[];
      const contexts = new Map(
        (
          this.db
            .prepare(`SELECT * FROM contexts WHERE stay_id IN (${marks})`)
            .all(...slice) as ContextRow[]
        ).map((c) => [c.stay_id, c]),
      );
      const notes = new Map<number, { charttime: string | null; text: string }[]>();
      const chunkRows = this.db
        .prepare(
          `SELECT stay_id, charttime, text FROM note_chunks WHERE stay_id IN (${marks})
           ORDER BY stay_id, position`,
        )
        .all(...slice) as { stay_id: number; charttime: string | null; text: string }[];
      for (const chunk of chunkRows) {
        const list = notes.get(chunk.stay_id) ?? [];
        list.push({ charttime: chunk.charttime, text: chunk.text });
        notes.set(chunk.stay_id, list);
      }
      const labels = this.labelsFor(slice);
      const attributes = this.attributesFor(slice);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of slice) {
        const row = byId.get(id);
        if (!row) throw new NotFoundError(`No stay with id ${id}.`);
        const context = contexts.get(id);
        stays.push({
          id,
          cohortId: row.cohort_id,
          stayKey: row.stay_key,
          subjectKey: row.subject_key,
          split: row.split,
          t0: row.t0,
          losHours: row.los_hours,
          series: blobToFloat32(row.series),
          missing: blobToUint8(row.missing),
          outcomes: (labels.get(id) ?? {}) as Record<string, 0 | 1>,
          attributes: attributes.get(id) ?? {},
          notes: notes.get(id) ?? [],
          cxr: context && context.has_cxr === 1 ? blobToUint8(context.cxr) : null,
          ecg: context && context.has_ecg === 1 ? blobToFloat32(context.ecg) : null,
        });
      }
    }
    return stays;
  }

  /**
   * The static inputs of the given stays, by stay id: every id asked for gets a map of input
   * name to value (a number for numeric inputs, a category for categorical ones), empty for
   * a stay with no values. What each name means is in its cohort's contextSchema.staticInputs.
   */
  staticInputsOf(stayIds: readonly number[]): Map<number, Map<string, StaticValue>> {
    const result = new Map(stayIds.map((id) => [id, new Map<string, StaticValue>()]));
    for (let start = 0; start < stayIds.length; start += 500) {
      const slice = stayIds.slice(start, start + 500);
      const rows = this.db
        .prepare(
          `SELECT stay_id, name, value_num, value_text FROM static_inputs
           WHERE stay_id IN (${slice.map(() => '?').join(',')}) ORDER BY stay_id, name`,
        )
        .all(...slice) as StaticInputRow[];
      for (const row of rows) {
        result.get(row.stay_id)!.set(row.name, row.value_num ?? row.value_text!);
      }
    }
    return result;
  }

  private labelsFor(ids: readonly number[]): Map<number, Record<string, number>> {
    return this.keyValuesFor(ids, 'SELECT stay_id, task AS k, label AS v FROM outcomes');
  }

  private attributesFor(ids: readonly number[]): Map<number, Record<string, string>> {
    return this.keyValuesFor(ids, 'SELECT stay_id, name AS k, value AS v FROM attributes');
  }

  private keyValuesFor<V extends string | number>(
    ids: readonly number[],
    select: string,
  ): Map<number, Record<string, V>> {
    const result = new Map<number, Record<string, V>>();
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const rows = this.db
        .prepare(`${select} WHERE stay_id IN (${slice.map(() => '?').join(',')})`)
        .all(...slice) as { stay_id: number; k: string; v: V }[];
      for (const row of rows) {
        const entry = result.get(row.stay_id) ?? {};
        entry[row.k] = row.v;
        result.set(row.stay_id, entry);
      }
    }
    return result;
  }

  /**
   * A SHA-256 over everything a model or an audit reads from a cohort, in a fixed order, so
   * runs can record exactly which data they saw and two imports can be compared.
   */
  cohortContentHash(cohortId: number): string {
    // Reading a large cohort takes seconds (a 100,000-stay report asks on every opening):
    // the hash is kept until anything is written to the file, by this connection
    // (total_changes) or another (data_version).
    const { n } = this.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    const version = `${String(this.db.pragma('data_version', { simple: true }))}:${n}`;
    if (version !== this.contentHashes.version) {
      this.contentHashes = { version, byCohort: new Map() };
    }
    const kept = this.contentHashes.byCohort.get(cohortId);
    if (kept !== undefined) return kept;
    const computed = this.hashCohortContent(cohortId);
    this.contentHashes.byCohort.set(cohortId, computed);
    return computed;
  }

  private hashCohortContent(cohortId: number): string {
    const hash = createHash('sha256');
    const detail = this.getCohort(cohortId);
    hash.update(
      JSON.stringify([
        detail.featureSchema,
        detail.noteRule,
        detail.contextSchema,
        detail.tasks,
        detail.attributes,
      ]),
    );
    // Hashed only where the cohort declares static inputs, so cohorts without any (every
    // cohort imported before they existed, and the demo) keep the hash their runs recorded.
    const hasStatic = (detail.contextSchema.staticInputs ?? []).length > 0;
    const ids = this.stayIds(cohortId);
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const statics = hasStatic ? this.staticInputsOf(slice) : null;
      for (const stay of this.loadStays(slice)) {
        hash.update(
          JSON.stringify([
            stay.stayKey,
            stay.subjectKey,
            stay.split,
            stay.t0,
            stay.losHours,
            Object.entries(stay.outcomes).sort(),
            Object.entries(stay.attributes).sort(),
            stay.notes,
          ]),
        );
        hash.update(stay.series);
        hash.update(stay.missing);
        hash.update(stay.cxr ?? new Uint8Array());
        hash.update(stay.ecg ?? new Float32Array());
        if (statics) hash.update(JSON.stringify([...statics.get(stay.id)!]));
      }
    }
    return hash.digest('hex');
  }
}
