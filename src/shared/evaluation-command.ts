/**
 * The `toe evaluate` command line that reproduces an evaluation, every setting spelled out,
 * made from what was requested. The CLI's flag syntax lives here, outside the core, which
 * only records the typed request; paths come already as the report prints them.
 */
export interface EvaluationCommand {
  /** The store's path. */
  db: string;
  cohort: string;
  task: string;
  bundle?: string | undefined;
  split: string;
  seed: number;
  spurious: boolean;
  k: readonly number[];
  methods: readonly string[];
  limit?: number | undefined;
  resamples: number;
  limeSamples: number;
  shapBudget?: number | undefined;
  spuriousBundle?: string | undefined;
  out?: string | undefined;
}

/** A word as a POSIX shell reads it: quoted only when it has to be. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function evaluationCommandLine(o: EvaluationCommand): string {
  const parts = ['toe', '--db', o.db, 'evaluate', '--cohort', o.cohort, '--task', o.task];
  if (o.bundle !== undefined) parts.push('--bundle', o.bundle);
  parts.push('--split', o.split, '--seed', String(o.seed));
  if (o.spurious) parts.push('--spurious');
  else parts.push('--k', o.k.join(','), '--methods', o.methods.join(','));
  if (o.limit !== undefined) parts.push('--limit', String(o.limit));
  parts.push('--resamples', String(o.resamples));
  if (!o.spurious) parts.push('--lime-samples', String(o.limeSamples));
  if (o.shapBudget !== undefined) parts.push('--shap-budget', String(o.shapBudget));
  if (o.spuriousBundle !== undefined) parts.push('--spurious-bundle', o.spuriousBundle);
  if (o.out !== undefined) parts.push('--out', o.out);
  return parts.map(shellWord).join(' ');
}
