/**
 * A settled run's figures kept in the store (run_figures, migration 7): opening a large
 * run's dashboard or report then reads them instead of recomputing their bootstrap. Each row
 * carries a fingerprint of everything its figures depend on; a row whose fingerprint no
 * longer matches (more results after a resume, other abstention settings, a validation run
 * that changed, another build) is stale, and the figures are computed exactly as before.
 * A running run's figures are not kept: its results change with every stay.
 */
import { createHash } from 'node:crypto';
import { APP_VERSION } from '../app-version';
import { cacheFigures, readCachedFigures, type Store } from '../store';
import type { RunSummary } from './audit-types';
import { figuresOnWorker } from './figures-thread';
import { computeFigures, runWithResults, type FiguresOf, type FiguresRequest } from './run-figures';
import { RunStore } from './run-store';

/** Bump when a figure is computed differently within one app version (rows then go stale). */
const FIGURES_VERSION = 7;

/** What was asked, without the run, keys sorted: the same request always has the same key. */
export function figuresRequestKey(request: FiguresRequest): string {
  const asked = Object.entries(request)
    .filter(([name, value]) => name !== 'runId' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(Object.fromEntries(asked));
}

/**
 * Everything a run's figures depend on besides the request: its results (inserted once,
 * so their number and the run's creation time identify them), its scored stays awaiting an
 * outcome (likewise), its spec (parameters,
 * decision, abstention settings) and the validation run its fitted policies learn from.
 * The cohort's attributes and static inputs are fixed once imported.
 */
export function figuresFingerprint(
  store: Store,
  run: RunSummary,
  request?: FiguresRequest,
): string {
  const validationId = run.spec.abstention?.validationRunId ?? null;
  const validation = validationId === null ? null : new RunStore(store).getRun(validationId);
  const state = [
    FIGURES_VERSION,
    seriesState(store, request),
    APP_VERSION,
    run.createdAt,
    run.doneStays,
    // Stays awaiting an outcome are scored before the audit: a resume can add some alone.
    run.awaitingScoredStays ?? 0,
    run.spec,
    validation && [validation.createdAt, validation.status, validation.doneStays, validation.spec],
  ];
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

/**
 * What a monitoring series' earlier runs add to the figures' state: each one's results and
 * scored stays (empty for every other request), so a series run that grows makes them stale.
 */
export function seriesState(store: Store, request: FiguresRequest | undefined): unknown[] {
  if (request?.kind !== 'monitoring') return [];
  const runs = new RunStore(store);
  return (request.seriesRunIds ?? []).map((id) => {
    const run = runs.getRun(id);
    return [id, run.createdAt, run.doneStays, run.awaitingScoredStays ?? 0, run.spec];
  });
}

/** Where a request's figures stand: the run, its fingerprint, and the stored figures if current. */
export interface FiguresLookup<R extends FiguresRequest> {
  run: RunSummary;
  fingerprint: string;
  stored: FiguresOf<R> | null;
}

/** The request's stored figures, if current, for the run (runWithResults: it has results). */
export function lookUpFigures<R extends FiguresRequest>(
  store: Store,
  run: RunSummary,
  request: R,
): FiguresLookup<R> {
  const fingerprint = figuresFingerprint(store, run, request);
  const stored = readCachedFigures(
    store,
    run.id,
    figuresRequestKey(request),
    fingerprint,
  ) as FiguresOf<R> | null;
  return { run, fingerprint, stored };
}

/** Keeps a settled run's figures (replacing a stale row); a running or read-only run's are not. */
export function keepFigures<R extends FiguresRequest>(
  store: Store,
  request: R,
  { run, fingerprint }: Pick<FiguresLookup<R>, 'run' | 'fingerprint'>,
  figures: FiguresOf<R>,
): void {
  if (run.status === 'running' || store.readOnly) return;
  cacheFigures(store, { runId: run.id, request: figuresRequestKey(request), fingerprint, figures });
}

/** The figures on this thread: stored when current, else computed here and kept. */
export function runFigures<R extends FiguresRequest>(store: Store, request: R): FiguresOf<R> {
  const lookup = lookUpFigures(store, runWithResults(store, request.runId), request);
  if (lookup.stored) return lookup.stored;
  const figures = computeFigures(store, request);
  keepFigures(store, request, lookup, figures);
  return figures;
}

/**
 * Figures being computed, per store, by run, fingerprint and request: a second view asking for
 * the same figures while they are computed shares that computation. Without it a user flicking
 * through views queued one bootstrap per visit, and the report waited behind all of them.
 */
const inFlight = new WeakMap<Store, Map<string, Promise<unknown>>>();

/**
 * The figures off this thread: stored when current, else computed on a figures worker (here
 * for an in-memory store, which a worker cannot open) and kept.
 */
export async function runFiguresOffThread<R extends FiguresRequest>(
  store: Store,
  run: RunSummary,
  request: R,
): Promise<FiguresOf<R>> {
  const lookup = lookUpFigures(store, run, request);
  if (lookup.stored) return lookup.stored;
  const computing = inFlight.get(store) ?? new Map<string, Promise<unknown>>();
  inFlight.set(store, computing);
  const key = JSON.stringify([run.id, lookup.fingerprint, figuresRequestKey(request)]);
  const shared = computing.get(key) as Promise<FiguresOf<R>> | undefined;
  if (shared) return shared;
  const computed = (async () => {
    const figures =
      store.path === ':memory:'
        ? computeFigures(store, request)
        : await figuresOnWorker(store.path, request);
    keepFigures(store, request, lookup, figures);
    return figures;
  })().finally(() => computing.delete(key));
  computing.set(key, computed);
  return computed;
}
