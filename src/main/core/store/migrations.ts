// Numbered migrations. Never edit a released one: append a new entry instead.
export interface Migration {
  version: number;
  name: string;
  sql: string;
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
];
