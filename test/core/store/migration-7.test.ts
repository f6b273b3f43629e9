import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/core/store';
import { MIGRATIONS } from '../../../src/main/core/store/migrations';
import { withoutLaterMigrations } from '../../support/later-migrations';
import { tempStore } from '../../support/temp-store';

type Raw = InstanceType<typeof Database>;

/** A store file at schema 6 exactly as a build of that schema would have left it. */
function schema6Store(path: string): Raw {
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  for (const migration of MIGRATIONS.filter((m) => m.version <= 6)) {
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    db.pragma('foreign_keys = ON');
  }
  return db;
}

/** A cohort with a static input, a completed run of two stays, a review and an evaluation. */
function fill(db: Raw): void {
  const now = '2026-01-01T00:00:00.000Z';
  db.prepare(
    `INSERT INTO cohorts (id, name, source, synthetic, description, feature_schema, note_rule,
       context_schema, tasks, attributes, created_at) VALUES (1, 'y', 'yaib', 0, 'd',
       '{"hours":1,"variables":[]}', '{}', '{"cxrLabels":[],"ecgFields":[]}', '["E1"]', '["sex"]', ?)`,
  ).run(now);
  for (const id of [10, 11]) {
    db.prepare(
      `INSERT INTO stays (id, cohort_id, stay_key, subject_key, split, t0, los_hours, series, missing)
       VALUES (?, 1, ?, ?, 'test', ?, 30, ?, ?)`,
    ).run(id, `s${id}`, `p${id}`, now, Buffer.alloc(12, 1), Buffer.alloc(4, 1));
    db.prepare("INSERT INTO outcomes (stay_id, task, label) VALUES (?, 'E1', 1)").run(id);
    db.prepare("INSERT INTO attributes (stay_id, name, value) VALUES (?, 'sex', 'F')").run(id);
    db.prepare(
      "INSERT INTO static_inputs (stay_id, name, value_num, value_text) VALUES (?, 'age', 61, NULL)",
    ).run(id);
  }
  db.prepare(
    `INSERT INTO runs (id, cohort_id, task, split, spec, provenance, status, created_at,
       started_at, finished_at, total_stays, excluded_stays)
     VALUES (1, 1, 'E1', 'test', '{}', '{}', 'completed', ?, ?, ?, 2, 0)`,
  ).run(now, now, now);
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
    "INSERT INTO reviews (run_id, stay_id, verdict, comment, reviewed_at) VALUES (1, 10, 'agree', '', ?)",
  ).run(now);
  db.prepare(
    `INSERT INTO evaluations (id, cohort_id, task, split, bundle_fingerprint, cohort_content_hash,
       stays_evaluated, created_at, result) VALUES (1, 1, 'E1', 'test', 'f', ?, 2, ?, '{}')`,
  ).run('a'.repeat(64), now);
}

/** Every row of every table the schema 6 store has, in a fixed order. */
function contents(db: Raw | Store['db']): Record<string, unknown[]> {
  const tables = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'run_figures'")
      .all() as { name: string }[]
  ).map((t) => t.name);
  return Object.fromEntries(
    tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()]),
  );
}

describe('migration 7 (stored run figures)', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it('upgrades a schema 6 store keeping every row, and the new rows go with their run', () => {
    const t = tempStore();
    dispose = t.dispose;
    const path = `${t.dir}/schema6.sqlite`;
    const raw = schema6Store(path);
    fill(raw);
    expect(raw.pragma('user_version', { simple: true })).toBe(6);
    const before = contents(raw);
    expect(Object.keys(before)).toHaveLength(15);
    raw.close();

    const store = new Store(path);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
      expect(withoutLaterMigrations(contents(store.db))).toEqual(before);
      expect(store.db.pragma('foreign_key_check')).toEqual([]);
      store.db
        .prepare(
          `INSERT INTO run_figures (run_id, request, fingerprint, figures, computed_at)
           VALUES (1, '{"kind":"statistics","seed":7}', 'f', '{}', '2026-01-02T00:00:00.000Z')`,
        )
        .run();
      // A row for a run that does not exist is refused; deleting the run removes its rows.
      expect(() =>
        store.db
          .prepare(
            `INSERT INTO run_figures (run_id, request, fingerprint, figures, computed_at)
             VALUES (2, '{}', 'f', '{}', '2026-01-02T00:00:00.000Z')`,
          )
          .run(),
      ).toThrow(/FOREIGN KEY/);
      expect(store.deleteCohort(1)).toBe(true);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM run_figures').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});
