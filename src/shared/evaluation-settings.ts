/**
 * An evaluation's settings as people give them (`toe evaluate --k 1,3,5 --methods toe,topk`,
 * the app's evaluation form) and their defaults: read and checked once, for the CLI, the
 * contract and the core's evaluation plan.
 */
import { DEFAULT_RESAMPLES } from './audit-statistics';
import { SELECTABLE_METHODS, type SelectableMethod } from './charts/evaluation-data';

/** The paper's budgets (Table "Search vs Ranking" and the comprehensiveness table). */
export const DEFAULT_BUDGETS = [1, 3, 5, 8, 10, 12, 16, 20, 24];

/** toe evaluate's defaults, which an evaluation started from the app also uses. */
export const DEFAULT_EVALUATION = {
  seed: 7,
  resamples: DEFAULT_RESAMPLES,
  limeSamples: 5000,
} as const;

/** The results page in an evaluation's folder. */
export const REPORT_FILE = 'report.md';

/** "1,3,5" → [1, 3, 5]; refuses anything but whole numbers 1..1000. */
export function parseBudgets(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  const ks = parts.map(Number);
  if (parts.some((s) => s === '') || ks.some((k) => !Number.isInteger(k) || k < 1 || k > 1000)) {
    throw new RangeError(
      `budgets are whole numbers from 1 to 1000 separated by commas; got "${text}"`,
    );
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

/** "toe,topk" → ['toe', 'topk'] in the catalogue's order; refuses unknown names. */
export function parseMethods(text: string): SelectableMethod[] {
  const names = text.split(',').map((s) => s.trim().toLowerCase());
  const unknown = names.filter((n) => !(SELECTABLE_METHODS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new RangeError(
      `unknown method ${unknown.join(', ')}; methods are ${SELECTABLE_METHODS.join(', ')}`,
    );
  }
  return SELECTABLE_METHODS.filter((m) => names.includes(m));
}

/** "12.3 s" under a minute and a half, else "4 min 5 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - 60 * minutes)} s`;
}
