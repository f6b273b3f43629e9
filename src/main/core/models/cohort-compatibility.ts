/**
 * Whether a bundle can read a cohort's stays: same variables (names, units, order), hours,
 * statistics, note rule and context schema as the cohort it was trained on. The input
 * encoding indexes columns by position, so a cohort that differs in any of these would be
 * scored with the wrong standardisation on the wrong columns, silently. The refusal lists
 * every difference so the user can see whether to re-import or retrain.
 */
import type { CohortDetail } from '../../../shared/domain';
import { BundleError } from './bundle-error';
import type { BundleManifest } from './manifest-schema';

function listDifferences(
  what: string,
  bundle: readonly string[],
  cohort: readonly string[],
): string[] {
  const missing = bundle.filter((x) => !cohort.includes(x));
  const extra = cohort.filter((x) => !bundle.includes(x));
  const out: string[] = [];
  if (missing.length)
    out.push(`${what} the bundle needs but the cohort lacks: ${missing.join(', ')}`);
  if (extra.length)
    out.push(`${what} the cohort has but the bundle does not know: ${extra.join(', ')}`);
  if (!missing.length && !extra.length && bundle.some((x, i) => x !== cohort[i])) {
    const at = bundle.findIndex((x, i) => x !== cohort[i]);
    out.push(
      `${what} are in another order (position ${at + 1}: bundle ${bundle[at]}, cohort ${cohort[at]})`,
    );
  }
  return out;
}

/** Every way the cohort differs from what the bundle was trained on; empty if compatible. */
export function cohortDifferences(manifest: BundleManifest, cohort: CohortDetail): string[] {
  const fs = manifest.featureSchema;
  const out: string[] = [];
  const unitsOf = new Map(cohort.featureSchema.variables.map((v) => [v.name, v.unit]));
  for (const v of fs.variables) {
    const unit = unitsOf.get(v.name);
    if (unit !== undefined && unit !== v.unit) {
      out.push(`variable ${v.name} is in ${v.unit} for the bundle but in ${unit} in the cohort`);
    }
  }
  out.push(
    ...listDifferences(
      'variables',
      fs.variables.map((v) => v.name),
      cohort.featureSchema.variables.map((v) => v.name),
    ),
  );
  if (fs.hours !== cohort.featureSchema.hours) {
    out.push(
      `the bundle reads ${fs.hours} hourly windows, the cohort has ${cohort.featureSchema.hours}`,
    );
  }
  if (fs.statistics.join(',') !== cohort.featureSchema.statistics.join(',')) {
    out.push(
      `statistics per hour: bundle ${fs.statistics.join('/')}, cohort ${cohort.featureSchema.statistics.join('/')}`,
    );
  }
  const notes = manifest.units.notes;
  if (notes.sentencesPerChunk !== cohort.noteRule.sentencesPerChunk) {
    out.push(
      `note chunks: the bundle was trained on ${notes.sentencesPerChunk} sentences per chunk, the cohort has ${cohort.noteRule.sentencesPerChunk}`,
    );
  }
  if (notes.cohortMaxChunks !== undefined && notes.cohortMaxChunks !== cohort.noteRule.maxChunks) {
    out.push(
      `note chunks: the bundle was trained on cohorts keeping ${notes.cohortMaxChunks} chunks per stay, the cohort keeps ${cohort.noteRule.maxChunks}`,
    );
  }
  out.push(
    ...listDifferences('CXR labels', manifest.context.cxr.labels, cohort.contextSchema.cxrLabels),
  );
  out.push(
    ...listDifferences('ECG fields', manifest.context.ecg.fields, cohort.contextSchema.ecgFields),
  );
  return out;
}

/** Throws a BundleError naming every difference when the bundle cannot read the cohort. */
export function checkCohortCompatibility(
  bundle: { manifest: BundleManifest; dir?: string },
  cohort: CohortDetail,
): void {
  const differences = cohortDifferences(bundle.manifest, cohort);
  if (differences.length === 0) return;
  const name = bundle.dir ? `The bundle in ${bundle.dir}` : `The ${bundle.manifest.task} bundle`;
  throw new BundleError(
    'cohort',
    `${name} was trained on another feature schema than cohort "${cohort.name}":\n  - ${differences.join('\n  - ')}\nImport the cohort with the bundle's schema, or train a bundle on this cohort (\`toe train --cohort ${cohort.name} --task ${bundle.manifest.task}\`).`,
  );
}
