import { statSync } from 'node:fs';
import {
  integrityFindings,
  latestSchemaVersion,
  openForInspection,
  schemaVersion,
  type Db,
} from './database';
import type { ContextSchema, StaticInputSpec } from '../../../shared/domain';
import type { StoreCheckReport, StoreCheckResult } from '../../../shared/store-check';
import { Store } from './store';
import { StoreDamagedError, StoreError } from './store-errors';

export type { StoreCheckReport, StoreCheckResult };

const MAX_LISTED = 20;

/**
 * Checks a store without changing it: SQLite's own integrity check and foreign keys, then
 * the product's invariants (one result per stay and run, results and plans inside their
 * run's cohort, complete runs complete, every stay's tensor the size its cohort's schema
 * says, every static input one its cohort declares, and each run's and evaluation's recorded fingerprints present and matching the
 * cohort's data today). A store SQLite cannot read at all is one failed check.
 */
export function checkStore(path: string): StoreCheckReport {
  const report: StoreCheckReport = {
    path,
    bytes: 0,
    schemaVersion: null,
    latestSchemaVersion: latestSchemaVersion(),
    readOnlyReason: null,
    counts: null,
    checks: [],
    ok: false,
  };
  let opened: ReturnType<typeof openForInspection>;
  try {
    opened = openForInspection(path);
  } catch (error) {
    // An empty or foreign file, a folder: its message says all. Damage SQLite meets on
    // opening is the one finding of the report.
    if (!(error instanceof StoreDamagedError) || error.sqlite === null) throw error;
    report.bytes = statSync(path).size;
    report.checks.push(failed('SQLite can read the store', error));
    return finish(report);
  }
  const db = opened.db;
  report.bytes = statSync(path).size;
  report.readOnlyReason = opened.readOnlyReason;
  try {
    const version = attempt(report, 'SQLite can read the store', () => schemaVersion(db));
    if (version === undefined) return finish(report);
    report.schemaVersion = version;
    const tables = new Set(
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
          name: string;
        }[]
      ).map((t) => t.name),
    );
    report.counts = counts(db, tables);
    run(report, 'SQLite integrity check', () => integrity(db));
    run(report, 'foreign keys', () => foreignKeys(db));
    const needs = (names: string[]): string | null => {
      const missing = names.filter((n) => !tables.has(n));
      return missing.length === 0 ? null : `schema ${version} has no ${missing.join(', ')}`;
    };
    run(report, 'one result per stay and run', () => oneResultPerStay(db), needs(['run_results']));
    run(
      report,
      "every result's and planned stay's stay is in its run's cohort",
      () => resultsInCohort(db),
      needs(['runs', 'run_stays', 'run_results', 'stays']),
    );
    run(
      report,
      'completed runs have a result for every planned stay',
      () => completeRuns(db),
      needs(['runs', 'run_stays', 'run_results']),
    );
    run(
      report,
      "stays' tensors and context fit their cohort's schema",
      () => tensorSizes(db),
      needs(['cohorts', 'stays', 'contexts']),
    );
    run(
      report,
      "stays' static inputs are ones their cohort declares, of the declared kind",
      () => staticInputs(db),
      needs(['cohorts', 'stays', 'static_inputs']),
    );
    const current = version === report.latestSchemaVersion ? null : `schema ${version}`;
    run(
      report,
      "runs' and evaluations' recorded fingerprints are present and match their cohort's data",
      () => fingerprints(path, opened),
      needs(['runs', 'evaluations']) ??
        (current && `the store is at ${current}; open it once to upgrade`),
    );
    return finish(report);
  } finally {
    db.close();
  }
}

function finish(report: StoreCheckReport): StoreCheckReport {
  report.ok = report.checks.every((c) => c.ok);
  return report;
}

/** Runs one check; SQLite failing under it (damage) is the check's problem, not a crash. */
function run(
  report: StoreCheckReport,
  name: string,
  check: () => string[],
  skipped: string | null = null,
): void {
  if (skipped !== null) {
    report.checks.push({ name, ok: true, problems: [], more: 0, skipped });
    return;
  }
  const problems = attempt(report, name, check);
  if (problems === undefined) return;
  report.checks.push({
    name,
    ok: problems.length === 0,
    problems: problems.slice(0, MAX_LISTED),
    more: Math.max(0, problems.length - MAX_LISTED),
    skipped: null,
  });
}

/** Damage can make any query fail, or return rows that cannot be read: either is a finding. */
function attempt<T>(report: StoreCheckReport, name: string, work: () => T): T | undefined {
  try {
    return work();
  } catch (error) {
    report.checks.push(failed(name, error));
    return undefined;
  }
}

function failed(name: string, error: unknown): StoreCheckResult {
  const problem =
    error instanceof StoreDamagedError && error.sqlite !== null
      ? `SQLite: ${error.sqlite}`
      : error instanceof StoreError
        ? error.message
        : `the check could not finish: ${error instanceof Error ? error.message : String(error)}`;
  return { name, ok: false, problems: [problem], more: 0, skipped: null };
}

function counts(db: Db, tables: Set<string>): StoreCheckReport['counts'] {
  const count = (table: string): number =>
    tables.has(table)
      ? (db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n
      : 0;
  try {
    return {
      cohorts: count('cohorts'),
      stays: count('stays'),
      runs: count('runs'),
      results: count('run_results'),
      reviews: count('reviews'),
    };
  } catch (error) {
    if (error instanceof StoreError) return null;
    throw error;
  }
}

function integrity(db: Db): string[] {
  const rows = db.pragma(`integrity_check(${MAX_LISTED + 1})`) as { integrity_check: string }[];
  return integrityFindings(rows.map((r) => r.integrity_check));
}

function foreignKeys(db: Db): string[] {
  const rows = db.pragma('foreign_key_check') as { table: string; parent: string }[];
  const byPair = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.table}\u0000${row.parent}`;
    byPair.set(key, (byPair.get(key) ?? 0) + 1);
  }
  return [...byPair].map(([key, n]) => {
    const [table, parent] = key.split('\u0000') as [string, string];
    return `${n} row${n === 1 ? '' : 's'} of ${table} refer${n === 1 ? 's' : ''} to a missing row of ${parent}`;
  });
}

function oneResultPerStay(db: Db): string[] {
  // NOT INDEXED: read the table itself, so a damaged primary-key index cannot hide a twin.
  const rows = db
    .prepare(
      `SELECT run_id, stay_id, COUNT(*) AS n FROM run_results NOT INDEXED
       GROUP BY run_id, stay_id HAVING COUNT(*) > 1 ORDER BY run_id, stay_id`,
    )
    .all() as { run_id: number; stay_id: number; n: number }[];
  return rows.map((r) => `run ${r.run_id} has ${r.n} results for stay id ${r.stay_id}`);
}

function resultsInCohort(db: Db): string[] {
  const results = db
    .prepare(
      `SELECT x.run_id, x.stay_id, x.stay_key, s.stay_key AS actual_key, s.cohort_id, r.cohort_id AS run_cohort
       FROM run_results x
       LEFT JOIN runs r ON r.id = x.run_id
       LEFT JOIN stays s ON s.id = x.stay_id
       WHERE r.id IS NULL OR s.id IS NULL OR s.cohort_id <> r.cohort_id OR s.stay_key <> x.stay_key
       ORDER BY x.run_id, x.stay_id`,
    )
    .all() as {
    run_id: number;
    stay_id: number;
    stay_key: string;
    actual_key: string | null;
    cohort_id: number | null;
    run_cohort: number | null;
  }[];
  const problems = results.map((r) => {
    const what = `run ${r.run_id}'s result for stay "${r.stay_key}" (id ${r.stay_id})`;
    if (r.run_cohort === null) return `${what} belongs to no run`;
    if (r.cohort_id === null) return `${what}: the stay is not in the store`;
    if (r.cohort_id !== r.run_cohort) {
      return `${what}: the stay is in cohort ${r.cohort_id}, the run audited cohort ${r.run_cohort}`;
    }
    return `${what}: the stay with that id is "${r.actual_key}"`;
  });
  const plans = db
    .prepare(
      `SELECT p.run_id, p.stay_id, s.cohort_id, r.cohort_id AS run_cohort FROM run_stays p
       LEFT JOIN runs r ON r.id = p.run_id
       LEFT JOIN stays s ON s.id = p.stay_id
       WHERE r.id IS NULL OR s.id IS NULL OR s.cohort_id <> r.cohort_id
       ORDER BY p.run_id, p.position`,
    )
    .all() as {
    run_id: number;
    stay_id: number;
    cohort_id: number | null;
    run_cohort: number | null;
  }[];
  for (const p of plans) {
    const what = `run ${p.run_id} plans stay id ${p.stay_id}`;
    problems.push(
      p.run_cohort === null
        ? `${what}, but there is no run ${p.run_id}`
        : p.cohort_id === null
          ? `${what}, which is not in the store`
          : `${what} of cohort ${p.cohort_id}, the run audits cohort ${p.run_cohort}`,
    );
  }
  return problems;
}

function completeRuns(db: Db): string[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.total_stays,
         (SELECT COUNT(*) FROM run_stays p WHERE p.run_id = r.id) AS planned,
         (SELECT COUNT(*) FROM run_results x WHERE x.run_id = r.id) AS done
       FROM runs r WHERE r.status = 'completed' ORDER BY r.id`,
    )
    .all() as { id: number; total_stays: number; planned: number; done: number }[];
  const problems: string[] = [];
  for (const r of rows) {
    if (r.planned !== r.total_stays) {
      problems.push(`run ${r.id} says ${r.total_stays} planned stays, its plan holds ${r.planned}`);
    }
    if (r.done !== r.planned) {
      problems.push(
        `run ${r.id} is completed with ${r.done} results for ${r.planned} planned stays`,
      );
    }
  }
  return problems;
}

function tensorSizes(db: Db): string[] {
  const problems: string[] = [];
  const cohorts = db
    .prepare('SELECT id, name, feature_schema, context_schema FROM cohorts ORDER BY id')
    .all() as { id: number; name: string; feature_schema: string; context_schema: string }[];
  for (const cohort of cohorts) {
    let cells: number;
    let cxr: number;
    let ecg: number;
    try {
      const schema = JSON.parse(cohort.feature_schema) as { hours: number; variables: unknown[] };
      const context = JSON.parse(cohort.context_schema) as {
        cxrLabels: unknown[];
        ecgFields: unknown[];
      };
      cells = schema.hours * schema.variables.length;
      cxr = context.cxrLabels.length;
      ecg = context.ecgFields.length;
      if (!Number.isInteger(cells) || !Number.isInteger(cxr) || !Number.isInteger(ecg)) {
        throw new Error('not whole numbers');
      }
    } catch {
      problems.push(`cohort "${cohort.name}" (id ${cohort.id}): its schema cannot be read`);
      continue;
    }
    const bad = db
      .prepare(
        `SELECT s.stay_key, length(s.series) AS series, length(s.missing) AS missing,
           length(c.cxr) AS cxr, length(c.ecg) AS ecg, c.stay_id IS NULL AS no_context
         FROM stays s LEFT JOIN contexts c ON c.stay_id = s.id
         WHERE s.cohort_id = ? AND (length(s.series) <> ? OR length(s.missing) <> ?
           OR c.stay_id IS NULL OR length(c.cxr) <> ? OR length(c.ecg) <> ?)
         ORDER BY s.id`,
      )
      .all(cohort.id, cells * 3 * 4, cells, cxr, ecg * 4) as {
      stay_key: string;
      series: number;
      missing: number;
      cxr: number | null;
      ecg: number | null;
      no_context: number;
    }[];
    for (const s of bad) {
      const what = `cohort "${cohort.name}", stay "${s.stay_key}"`;
      problems.push(
        s.no_context
          ? `${what} has no context row`
          : `${what}: tensor of ${s.series} and ${s.missing} bytes, context of ${s.cxr} and ${s.ecg} bytes; the schema needs ${cells * 12}, ${cells}, ${cxr} and ${ecg * 4}`,
      );
    }
  }
  return problems;
}

function staticInputs(db: Db): string[] {
  const problems: string[] = [];
  const cohorts = db.prepare('SELECT id, name, context_schema FROM cohorts ORDER BY id').all() as {
    id: number;
    name: string;
    context_schema: string;
  }[];
  const rows = db.prepare(
    `SELECT s.stay_key, i.name, i.value_num, i.value_text
     FROM static_inputs i JOIN stays s ON s.id = i.stay_id
     WHERE s.cohort_id = ? ORDER BY s.id, i.name`,
  );
  for (const cohort of cohorts) {
    let specs: Map<string, StaticInputSpec>;
    try {
      const declared = (JSON.parse(cohort.context_schema) as ContextSchema).staticInputs ?? [];
      specs = new Map(declared.map((spec) => [spec.name, spec]));
    } catch {
      // tensorSizes names a schema that cannot be read.
      continue;
    }
    for (const row of rows.iterate(cohort.id) as IterableIterator<{
      stay_key: string;
      name: string;
      value_num: number | null;
      value_text: string | null;
    }>) {
      const spec = specs.get(row.name);
      const what = `cohort "${cohort.name}", stay "${row.stay_key}": static input "${row.name}"`;
      if (spec === undefined) problems.push(`${what} is not one the cohort declares`);
      else if (spec.kind === 'numeric' && row.value_num === null) {
        problems.push(`${what} is numeric but holds text`);
      } else if (spec.kind === 'categorical' && !spec.categories.includes(row.value_text ?? '')) {
        problems.push(
          row.value_text === null
            ? `${what} is categorical but holds a number`
            : `${what} holds ${JSON.stringify(row.value_text)}, not one of its categories`,
        );
      }
    }
  }
  return problems;
}

const SHA256 = /^[0-9a-f]{64}$/;

function fingerprints(path: string, opened: ReturnType<typeof openForInspection>): string[] {
  const db = opened.db;
  const store = new Store(path, { connection: opened });
  const problems: string[] = [];
  const hashes = new Map<number, string>();
  const hashOf = (cohortId: number): string => {
    let hash = hashes.get(cohortId);
    if (hash === undefined) {
      hash = store.cohortContentHash(cohortId);
      hashes.set(cohortId, hash);
    }
    return hash;
  };
  const names = new Map(
    (db.prepare('SELECT id, name FROM cohorts').all() as { id: number; name: string }[]).map(
      (c) => [c.id, c.name],
    ),
  );
  const runs = db.prepare('SELECT id, cohort_id, spec, provenance FROM runs ORDER BY id').all() as {
    id: number;
    cohort_id: number;
    spec: string;
    provenance: string;
  }[];
  for (const run of runs) {
    const what = `run ${run.id}`;
    let provenance: { cohortContentHash?: unknown; bundleHashes?: unknown };
    try {
      JSON.parse(run.spec);
      provenance = JSON.parse(run.provenance) as typeof provenance;
    } catch {
      problems.push(`${what}: its recorded settings or provenance cannot be read`);
      continue;
    }
    const bundle = provenance.bundleHashes;
    if (
      typeof bundle !== 'object' ||
      bundle === null ||
      Object.keys(bundle).length === 0 ||
      !Object.values(bundle).every((h) => typeof h === 'string' && SHA256.test(h))
    ) {
      problems.push(`${what}: the model bundle's file hashes it recorded are missing or malformed`);
    }
    const recorded = provenance.cohortContentHash;
    if (typeof recorded !== 'string' || !SHA256.test(recorded)) {
      problems.push(`${what}: the cohort content hash it recorded is missing or malformed`);
    } else if (names.has(run.cohort_id) && hashOf(run.cohort_id) !== recorded) {
      problems.push(
        `${what}: cohort "${names.get(run.cohort_id)}" no longer holds the data the run recorded (content hash differs): its stays were changed or damaged`,
      );
    }
  }
  const evaluations = db
    .prepare('SELECT id, cohort_id, bundle_fingerprint, cohort_content_hash FROM evaluations')
    .all() as {
    id: number;
    cohort_id: number;
    bundle_fingerprint: string;
    cohort_content_hash: string;
  }[];
  for (const e of evaluations) {
    const what = `evaluation ${e.id}`;
    if (typeof e.bundle_fingerprint !== 'string' || e.bundle_fingerprint.trim() === '') {
      problems.push(`${what}: the bundle fingerprint it recorded is missing`);
    }
    if (typeof e.cohort_content_hash !== 'string' || !SHA256.test(e.cohort_content_hash)) {
      problems.push(`${what}: the cohort content hash it recorded is missing or malformed`);
    } else if (names.has(e.cohort_id) && hashOf(e.cohort_id) !== e.cohort_content_hash) {
      problems.push(
        `${what}: cohort "${names.get(e.cohort_id)}" no longer holds the data it recorded (content hash differs)`,
      );
    }
  }
  return problems;
}
