import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/core/store';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';
import { withoutLaterMigrations } from '../../support/later-migrations';
import { tempStore } from '../../support/temp-store';

type Raw = InstanceType<typeof Database>;

/** A store file at schema 5 exactly as a build of that schema would have left it. */
function schema5Store(path: string): Raw {
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  for (const migration of MIGRATIONS.filter((m) => m.version <= 5)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db;
}

/** One row in every table, each pointing at the rows it belongs to, in three cohorts. */
function fill(db: Raw): void {
  const now = '2026-01-01T00:00:00.000Z';
  const blob = (bytes: number) => Buffer.alloc(bytes, 1);
  const cohort = db.prepare(
    `INSERT INTO cohorts (id, name, source, synthetic, description, feature_schema, note_rule,
       context_schema, tasks, attributes, created_at) VALUES (?, ?, ?, ?, 'd', '{"hours":1,"variables":[]}',
       '{}', '{"cxrLabels":[],"ecgFields":[]}', '["E1"]', '["sex"]', ?)`,
  );
  cohort.run(1, 'mimic', 'mimic-iv', 0, now);
  cohort.run(2, 'csv', 'generic', 0, now);
  cohort.run(3, 'demo', 'demo', 1, now);
  const stay = db.prepare(
    `INSERT INTO stays (id, cohort_id, stay_key, subject_key, split, t0, los_hours, series, missing)
     VALUES (?, ?, ?, ?, 'test', ?, 30, ?, ?)`,
  );
  for (const [id, cohortId] of [
    [10, 1],
    [11, 1],
    [20, 2],
    [30, 3],
  ] as const) {
    stay.run(id, cohortId, `s${id}`, `p${id}`, now, blob(12), blob(4));
    db.prepare('INSERT INTO outcomes (stay_id, task, label) VALUES (?, ?, 1)').run(id, 'E1');
    db.prepare('INSERT INTO attributes (stay_id, name, value) VALUES (?, ?, ?)').run(
      id,
      'sex',
      'female',
    );
    db.prepare(
      'INSERT INTO note_chunks (stay_id, position, charttime, text) VALUES (?, 0, ?, ?)',
    ).run(id, now, 'Mild edema.');
    db.prepare(
      'INSERT INTO chunk_embeddings (stay_id, position, encoder_id, vector) VALUES (?, 0, ?, ?)',
    ).run(id, 'enc', blob(8));
    db.prepare(
      'INSERT INTO contexts (stay_id, has_cxr, cxr, has_ecg, ecg) VALUES (?, 0, ?, 0, ?)',
    ).run(id, blob(0), blob(0));
  }
  db.prepare(
    `INSERT INTO imports (id, cohort_id, format, source, started_at, finished_at, report)
     VALUES (1, 1, 'mimic-iv', '/data', ?, ?, '{}')`,
  ).run(now, now);
  db.prepare(
    `INSERT INTO runs (id, cohort_id, task, split, spec, provenance, status, created_at,
       started_at, finished_at, total_stays, excluded_stays, lease_token, heartbeat_at,
       bundle_manifest)
     VALUES (1, 1, 'E1', 'test', '{}', '{}', 'completed', ?, ?, ?, 2, 0, 'token', ?, '{}')`,
  ).run(now, now, now, now);
  for (const [position, stayId] of [
    [0, 10],
    [1, 11],
  ] as const) {
    db.prepare('INSERT INTO run_stays (run_id, position, stay_id) VALUES (1, ?, ?)').run(
      position,
      stayId,
    );
    db.prepare(
      `INSERT INTO run_results (run_id, stay_id, stay_key, label, p_full, y_full, evidence,
         p_evidence, p_without_evidence, confidence, stability, score, status, reachable, steps,
         states_scored, note_units, elapsed_ms, committed_at, candidates, trace)
       VALUES (1, ?, ?, 1, 0.8, 1, '[0]', 0.7, 0.4, 0.6, 1, 0.3, 'converged', 1, 2, 9, 1, 12.5,
         ?, '[]', '[]')`,
    ).run(stayId, `s${stayId}`, now);
    db.prepare(
      'INSERT INTO run_result_paths (run_id, stay_id, raw_p_full, leader_path) VALUES (1, ?, 0.75, ?)',
    ).run(stayId, '[0.7]');
  }
  db.prepare(
    `INSERT INTO reviews (run_id, stay_id, verdict, comment, reviewed_at)
     VALUES (1, 10, 'agree', 'fine', ?)`,
  ).run(now);
  db.prepare(
    `INSERT INTO evaluations (id, cohort_id, task, split, bundle_fingerprint, cohort_content_hash,
       stays_evaluated, created_at, result) VALUES (1, 1, 'E1', 'test', 'f', ?, 2, ?, '{}')`,
  ).run('a'.repeat(64), now);
}

const TABLES = [
  'cohorts',
  'stays',
  'outcomes',
  'attributes',
  'note_chunks',
  'chunk_embeddings',
  'contexts',
  'imports',
  'runs',
  'run_stays',
  'run_results',
  'run_result_paths',
  'reviews',
  'evaluations',
];

/** Every row of every table, in a fixed order: what the upgrade must keep. */
function contents(db: Raw | Store['db']): Record<string, unknown[]> {
  return Object.fromEntries(
    TABLES.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()]),
  );
}

describe('migration 6 (static inputs, yaib as a source)', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it('upgrades a schema 5 store keeping every row and every foreign key', () => {
    const t = tempStore();
    dispose = t.dispose;
    const path = `${t.dir}/schema5.sqlite`;
    const raw = schema5Store(path);
    fill(raw);
    expect(raw.pragma('user_version', { simple: true })).toBe(5);
    const before = contents(raw);
    expect(Object.values(before).every((rows) => rows.length > 0)).toBe(true);
    const references = (db: Raw | Store['db']) =>
      TABLES.flatMap((table) =>
        (db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string }[]).map(
          (fk) => `${table}.${fk.from} -> ${fk.table}`,
        ),
      ).sort();
    const referencesBefore = references(raw);
    raw.close();

    const store = new Store(path);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
      expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(withoutLaterMigrations(contents(store.db))).toEqual(before);
      expect(store.db.pragma('foreign_key_check')).toEqual([]);
      expect(references(store.db)).toEqual(referencesBefore);
      expect(referencesBefore).toContain('stays.cohort_id -> cohorts');

      // The rebuilt cohorts table takes the new source and still cascades a deletion.
      expect(() =>
        store.db
          .prepare(
            `INSERT INTO cohorts (name, source, synthetic, description, feature_schema, note_rule,
               context_schema, tasks, attributes, created_at)
             SELECT 'y', 'yaib', synthetic, description, feature_schema, note_rule,
               context_schema, tasks, attributes, created_at FROM cohorts WHERE id = 1`,
          )
          .run(),
      ).not.toThrow();
      expect(() =>
        store.db.prepare("UPDATE cohorts SET source = 'other' WHERE id = 2").run(),
      ).toThrow(/CHECK/);
      expect(store.deleteCohort(1)).toBe(true);
      const after = contents(store.db);
      expect(after.stays!.map((s) => (s as { id: number }).id)).toEqual([20, 30]);
      for (const table of ['runs', 'run_stays', 'run_results', 'run_result_paths', 'reviews']) {
        expect(after[table], table).toEqual([]);
      }
      expect(after.evaluations).toEqual([]);
      expect(after.imports).toEqual([]);
      expect(after.outcomes).toHaveLength(2);
    } finally {
      store.close();
    }
  });
});
