// Numbered migrations. Never edit a released one: append a new entry instead.
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The migration rebuilds a table others reference (SQLite cannot alter a CHECK in place):
   * it runs with foreign keys off, so dropping the old table cascades nothing, and the
   * references are checked before it commits.
   */
  rebuildsTables?: boolean;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'cohorts, stays, units, context, import log',
    sql: `
      CREATE TABLE cohorts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        source TEXT NOT NULL CHECK (source IN ('mimic-iv', 'generic', 'demo')),
        synthetic INTEGER NOT NULL CHECK (synthetic IN (0, 1)),
        description TEXT NOT NULL,
        feature_schema TEXT NOT NULL,
        note_rule TEXT NOT NULL,
        context_schema TEXT NOT NULL,
        tasks TEXT NOT NULL,
        attributes TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE stays (
        id INTEGER PRIMARY KEY,
        cohort_id INTEGER NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        stay_key TEXT NOT NULL,
        subject_key TEXT NOT NULL,
        split TEXT NOT NULL CHECK (split IN ('train', 'val', 'test')),
        t0 TEXT NOT NULL,
        los_hours REAL,
        -- hours x variables x (mean, min, max), little-endian Float32, NaN where missing
        series BLOB NOT NULL,
        -- hours x variables, one byte each: 1 = nothing charted in that hour
        missing BLOB NOT NULL,
        UNIQUE (cohort_id, stay_key)
      );
      CREATE INDEX stays_by_split ON stays (cohort_id, split, id);

      CREATE TABLE outcomes (
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        task TEXT NOT NULL,
        label INTEGER NOT NULL CHECK (label IN (0, 1)),
        PRIMARY KEY (stay_id, task)
      ) WITHOUT ROWID;

      CREATE TABLE attributes (
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (stay_id, name)
      ) WITHOUT ROWID;

      CREATE TABLE note_chunks (
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        charttime TEXT,
        text TEXT NOT NULL,
        PRIMARY KEY (stay_id, position)
      ) WITHOUT ROWID;

      CREATE TABLE chunk_embeddings (
        stay_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        encoder_id TEXT NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (stay_id, position, encoder_id),
        FOREIGN KEY (stay_id, position) REFERENCES note_chunks (stay_id, position) ON DELETE CASCADE
      ) WITHOUT ROWID;

      CREATE TABLE contexts (
        stay_id INTEGER PRIMARY KEY REFERENCES stays (id) ON DELETE CASCADE,
        has_cxr INTEGER NOT NULL CHECK (has_cxr IN (0, 1)),
        -- one byte per CheXpert label: see CxrCode
        cxr BLOB NOT NULL,
        has_ecg INTEGER NOT NULL CHECK (has_ecg IN (0, 1)),
        -- Float32 per ECG field, NaN where the machine gave none
        ecg BLOB NOT NULL
      );

      CREATE TABLE imports (
        id INTEGER PRIMARY KEY,
        cohort_id INTEGER NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        format TEXT NOT NULL,
        source TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        report TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'audit runs, planned stays, per-stay results, reviews',
    sql: `
      -- One audit run. Spec and provenance are JSON: always read back whole, never queried
      -- by field. owner_pid/owner_host name the process executing it, so a run left
      -- 'running' by a crash can be told from one still in progress.
      CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        cohort_id INTEGER NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        task TEXT NOT NULL,
        split TEXT CHECK (split IN ('train', 'val', 'test')),
        spec TEXT NOT NULL,
        provenance TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'cancelled', 'completed', 'failed')),
        created_at TEXT NOT NULL,
        started_at TEXT NOT NULL,
        resumed_at TEXT,
        finished_at TEXT,
        total_stays INTEGER NOT NULL,
        excluded_stays INTEGER NOT NULL,
        owner_pid INTEGER,
        owner_host TEXT,
        error TEXT
      );
      CREATE INDEX runs_by_cohort ON runs (cohort_id);

      -- The plan, fixed when the run is created: resume audits exactly what has no result.
      CREATE TABLE run_stays (
        run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        PRIMARY KEY (run_id, position),
        UNIQUE (run_id, stay_id)
      ) WITHOUT ROWID;

      -- One row per audited stay, inserted once (a second insert is an error by design).
      -- Trace and candidates come last so listings never read their overflow pages.
      CREATE TABLE run_results (
        run_id INTEGER NOT NULL,
        stay_id INTEGER NOT NULL,
        stay_key TEXT NOT NULL,
        label INTEGER NOT NULL CHECK (label IN (0, 1)),
        p_full REAL NOT NULL,
        y_full INTEGER NOT NULL CHECK (y_full IN (0, 1)),
        -- JSON array of unit ids, ascending
        evidence TEXT NOT NULL,
        p_evidence REAL NOT NULL,
        p_without_evidence REAL NOT NULL,
        confidence REAL NOT NULL,
        stability REAL NOT NULL,
        score REAL NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('converged', 'exhausted')),
        reachable INTEGER NOT NULL CHECK (reachable IN (0, 1)),
        steps INTEGER NOT NULL,
        states_scored INTEGER NOT NULL,
        note_units INTEGER NOT NULL,
        elapsed_ms REAL NOT NULL,
        committed_at TEXT NOT NULL,
        candidates TEXT NOT NULL,
        trace TEXT NOT NULL,
        PRIMARY KEY (run_id, stay_id),
        FOREIGN KEY (run_id, stay_id) REFERENCES run_stays (run_id, stay_id) ON DELETE CASCADE
      );

      CREATE TABLE reviews (
        run_id INTEGER NOT NULL,
        stay_id INTEGER NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('agree', 'disagree', 'discuss')),
        comment TEXT NOT NULL DEFAULT '',
        reviewed_at TEXT NOT NULL,
        PRIMARY KEY (run_id, stay_id),
        FOREIGN KEY (run_id, stay_id) REFERENCES run_results (run_id, stay_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'evaluations (toe evaluate results, for the dashboard frontier)',
    sql: `
      -- One evaluation of a bundle on a cohort split (toe evaluate, or the dashboard). The
      -- result is JSON, always read back whole. bundle_fingerprint identifies the model (a
      -- hash over its files' hashes) and cohort_content_hash the data, so an evaluation is
      -- shown only beside audit runs of the same model on the same data.
      CREATE TABLE evaluations (
        id INTEGER PRIMARY KEY,
        cohort_id INTEGER NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        task TEXT NOT NULL,
        split TEXT NOT NULL CHECK (split IN ('train', 'val', 'test')),
        bundle_fingerprint TEXT NOT NULL,
        cohort_content_hash TEXT NOT NULL,
        stays_evaluated INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        result TEXT NOT NULL
      );
      CREATE INDEX evaluations_by_model ON evaluations (cohort_id, task, bundle_fingerprint);
    `,
  },
  {
    version: 4,
    name: 'per-stay decision replay data (raw p_full, leader path) for abstention policies',
    sql: `
      -- Beside run_results rather than in it: run_results keeps its large JSON columns last
      -- so that listings never read their overflow pages, and ALTER TABLE can only append.
      -- raw_p_full is the model's own p_full before calibration; leader_path (JSON) the
      -- leading state's p after each step to S_max, continued past convergence.
      CREATE TABLE run_result_paths (
        run_id INTEGER NOT NULL,
        stay_id INTEGER NOT NULL,
        raw_p_full REAL NOT NULL,
        leader_path TEXT NOT NULL,
        PRIMARY KEY (run_id, stay_id),
        FOREIGN KEY (run_id, stay_id) REFERENCES run_results (run_id, stay_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 5,
    name: 'run leases (claim token, heartbeat) and the manifest each run started with',
    sql: `
      -- A running run's lease (src/main/core/audit/run-store.ts): owner_pid/owner_host
      -- (migration 2) name the process, lease_token the one claim it holds, heartbeat_at its
      -- last sign of life, refreshed every 10 s. Claiming is one IMMEDIATE transaction; a
      -- lease with no heartbeat for 120 s, or whose process is gone from this host, can be
      -- taken over. Older rows have neither (their last sign of life is started/resumed_at).
      ALTER TABLE runs ADD COLUMN lease_token TEXT;
      ALTER TABLE runs ADD COLUMN heartbeat_at TEXT;
      -- The canonical JSON of the bundle's manifest.json when the run started (null: runs
      -- recorded before), so a resume on another manifest can name the field that differs.
      ALTER TABLE runs ADD COLUMN bundle_manifest TEXT;
    `,
  },
  {
    version: 6,
    name: "static inputs per stay, and 'yaib' as a cohort source",
    rebuildsTables: true,
    sql: `
      -- Per-stay inputs the model reads but the search never masks ("fixed priors"): age,
      -- sex, height, weight, admission or unit type. The cohort declares them (name, kind,
      -- unit or categories) in context_schema.staticInputs; a stay without a value for an
      -- input has no row for it.
      CREATE TABLE static_inputs (
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        -- exactly one of the two: value_num for numeric inputs, value_text for categorical
        value_num REAL,
        value_text TEXT,
        CHECK ((value_num IS NULL) <> (value_text IS NULL)),
        PRIMARY KEY (stay_id, name)
      ) WITHOUT ROWID;

      -- SQLite's documented table rebuild, to widen the source CHECK.
      CREATE TABLE cohorts_v6 (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        source TEXT NOT NULL CHECK (source IN ('mimic-iv', 'generic', 'demo', 'yaib')),
        synthetic INTEGER NOT NULL CHECK (synthetic IN (0, 1)),
        description TEXT NOT NULL,
        feature_schema TEXT NOT NULL,
        note_rule TEXT NOT NULL,
        context_schema TEXT NOT NULL,
        tasks TEXT NOT NULL,
        attributes TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      INSERT INTO cohorts_v6 SELECT * FROM cohorts;
      DROP TABLE cohorts;
      ALTER TABLE cohorts_v6 RENAME TO cohorts;
    `,
  },
  {
    version: 7,
    name: "settled runs' dashboard figures, stored",
    sql: `
      -- A run's cohort statistics, abstention analysis or bias audit (JSON, read back whole),
      -- so that opening a large run reads them instead of recomputing their bootstrap.
      -- request is the canonical JSON of what was asked (kind, seed, options); fingerprint a
      -- hash of everything the figures depend on (audit/stored-figures.ts): a row whose
      -- fingerprint no longer matches is stale, recomputed and replaced.
      CREATE TABLE run_figures (
        run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        request TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        figures TEXT NOT NULL,
        computed_at TEXT NOT NULL,
        PRIMARY KEY (run_id, request)
      );
    `,
  },
  {
    version: 8,
    name: "a run's stays whose outcomes are not in yet, with their risks; outcomes' onset hours",
    sql: `
      -- When an outcome with hourly labels (YAIB's aki, sepsis) began: the first hour, counted
      -- from the start of the stay's window, with a positive hourly label. NULL where the
      -- labels are one per stay or the outcome did not happen. Monitoring's lead time reads it.
      ALTER TABLE outcomes ADD COLUMN onset_hour REAL;

      -- Stays in a run's scope without a label for its task: not searched (a search is audited
      -- against the stay's outcome), but scored, so monitoring can forecast what their outcomes
      -- will show. Risks are NULL until the run has scored the stay (a resume scores the rest).
      CREATE TABLE run_awaiting_stays (
        run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        stay_id INTEGER NOT NULL REFERENCES stays (id) ON DELETE CASCADE,
        p_full REAL,
        raw_p_full REAL,
        y_full INTEGER CHECK (y_full IN (0, 1)),
        CHECK ((p_full IS NULL) = (y_full IS NULL) AND (p_full IS NULL) = (raw_p_full IS NULL)),
        PRIMARY KEY (run_id, stay_id)
      ) WITHOUT ROWID;
    `,
  },
];
