/**
 * Reads of a cohort's stays for planning and analysing an audit run, one query each, so no
 * series, note or context is loaded to read a few labels, strings or masks.
 */
import type { Split } from '../../../shared/domain';
import { blobToFloat32, blobToUint8 } from './codec';
import type { Store } from './store';

/** The cohort's stays (of one split, if given), in stay id order, with their label for `task`. */
export function staysWithLabel(
  store: Store,
  cohortId: number,
  task: string,
  split: Split | null,
): { id: number; stay_key: string; label: number | null }[] {
  return store.db
    .prepare(
      `SELECT s.id, s.stay_key, o.label FROM stays s
       LEFT JOIN outcomes o ON o.stay_id = s.id AND o.task = ?
       WHERE s.cohort_id = ? ${split ? 'AND s.split = ?' : ''} ORDER BY s.id`,
    )
    .all(task, cohortId, ...(split ? [split] : [])) as {
    id: number;
    stay_key: string;
    label: number | null;
  }[];
}

/** The attributes of the run's planned stays, by stay in plan order, each by name. */
export function attributesOfPlannedStays(
  store: Store,
  runId: number,
): Map<number, Record<string, string>> {
  const rows = store.db
    .prepare(
      `SELECT a.stay_id, a.name, a.value FROM run_stays p
       JOIN attributes a ON a.stay_id = p.stay_id
       WHERE p.run_id = ? ORDER BY p.position, a.name`,
    )
    .all(runId) as { stay_id: number; name: string; value: string }[];
  const byStay = new Map<number, Record<string, string>>();
  for (const row of rows) {
    const entry = byStay.get(row.stay_id) ?? {};
    entry[row.name] = row.value;
    byStay.set(row.stay_id, entry);
  }
  return byStay;
}

/** When each of the run's planned stays began (t0, ISO 8601 as imported), by stay. */
export function startTimesOfPlannedStays(store: Store, runId: number): Map<number, string> {
  const rows = store.db
    .prepare(
      `SELECT s.id, s.t0 FROM run_stays p JOIN stays s ON s.id = p.stay_id WHERE p.run_id = ?`,
    )
    .all(runId) as { id: number; t0: string }[];
  return new Map(rows.map((row) => [row.id, row.t0]));
}

/** The missing mask (hours × variables, 1 = nothing charted) of each of the run's planned stays. */
export function missingMasksOfPlannedStays(store: Store, runId: number): Map<number, Uint8Array> {
  const rows = store.db
    .prepare(
      `SELECT s.id, s.missing FROM run_stays p JOIN stays s ON s.id = p.stay_id
       WHERE p.run_id = ?`,
    )
    .iterate(runId) as IterableIterator<{ id: number; missing: Buffer }>;
  const missing = new Map<number, Uint8Array>();
  for (const row of rows) missing.set(row.id, blobToUint8(row.missing));
  return missing;
}

/**
 * The hourly series (hours × variables × mean, min, max) and missing masks of the given stays,
 * by stay: only their rows are read, so two periods of a large run cost no more than those.
 */
export function seriesOfStays(
  store: Store,
  stayIds: readonly number[],
): Map<number, { series: Float32Array; missing: Uint8Array }> {
  const byStay = new Map<number, { series: Float32Array; missing: Uint8Array }>();
  // SQLite's parameter limit is generous but finite: read in slices, as loadStays does.
  for (let start = 0; start < stayIds.length; start += 500) {
    const slice = stayIds.slice(start, start + 500);
    const rows = store.db
      .prepare(
        `SELECT id, series, missing FROM stays WHERE id IN (${slice.map(() => '?').join(',')})`,
      )
      .all(...slice) as { id: number; series: Buffer; missing: Buffer }[];
    for (const row of rows)
      byStay.set(row.id, { series: blobToFloat32(row.series), missing: blobToUint8(row.missing) });
  }
  return byStay;
}

/**
 * When each of the run's stays awaiting an outcome began, and its attributes: what monitoring
 * needs to place them by period.
 */
export function placesOfAwaitingStays(
  store: Store,
  runId: number,
): Map<number, { t0: string; attributes: Record<string, string> }> {
  const places = new Map<number, { t0: string; attributes: Record<string, string> }>();
  const starts = store.db
    .prepare(
      `SELECT s.id, s.t0 FROM run_awaiting_stays w JOIN stays s ON s.id = w.stay_id
       WHERE w.run_id = ?`,
    )
    .all(runId) as { id: number; t0: string }[];
  for (const row of starts) places.set(row.id, { t0: row.t0, attributes: {} });
  const attributes = store.db
    .prepare(
      `SELECT a.stay_id, a.name, a.value FROM run_awaiting_stays w
       JOIN attributes a ON a.stay_id = w.stay_id WHERE w.run_id = ?`,
    )
    .all(runId) as { stay_id: number; name: string; value: string }[];
  for (const row of attributes) places.get(row.stay_id)!.attributes[row.name] = row.value;
  return places;
}

/** The onset hour of the task's outcome for each of the run's planned stays that has one. */
export function onsetsOfPlannedStays(
  store: Store,
  runId: number,
  task: string,
): Map<number, number> {
  const rows = store.db
    .prepare(
      `SELECT o.stay_id, o.onset_hour FROM run_stays p
       JOIN outcomes o ON o.stay_id = p.stay_id AND o.task = ?
       WHERE p.run_id = ? AND o.onset_hour IS NOT NULL`,
    )
    .all(task, runId) as { stay_id: number; onset_hour: number }[];
  return new Map(rows.map((row) => [row.stay_id, row.onset_hour]));
}
