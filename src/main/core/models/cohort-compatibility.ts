/**
 * Whether a bundle can read a cohort's stays: variables are matched by name
 * (variable-mapping.ts), so their order and presence may differ, but a variable both know
 * must be in the same unit, and hours, statistics, note rule and context schema must be
 * those the bundle was trained on: the input encoding indexes hours, statistics, CXR labels
 * and ECG fields by position, so a cohort that differs in any of these would be scored with
 * the wrong standardisation on the wrong columns, silently. The refusal lists every
 * difference so the user can see whether to re-import or retrain.
 */
import type { CohortDetail } from '../../../shared/domain';
import { BundleError } from './bundle-error';
import type { BundleManifest } from './manifest-schema';
import { missingStaticInputs, staticUnitConflicts } from './static-input-vector';
import { mapVariables, type VariableMapping } from './variable-mapping';

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
  if (!fs.variables.some((v) => unitsOf.has(v.name))) {
    // Every hour would read as never charted: surely the wrong cohort, not another site.
    out.push(
      `the cohort has none of the bundle's variables (${fs.variables
        .slice(0, 5)
        .map((v) => v.name)
        .join(', ')}${fs.variables.length > 5 ? ', …' : ''})`,
    );
  }
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
  // A TS-only bundle reads no note chunks, so the cohort's note rule does not matter to it.
  const notes = manifest.units.notes;
  if (notes && notes.sentencesPerChunk !== cohort.noteRule.sentencesPerChunk) {
    out.push(
      `note chunks: the bundle was trained on ${notes.sentencesPerChunk} sentences per chunk, the cohort has ${cohort.noteRule.sentencesPerChunk}`,
    );
  }
  if (notes?.cohortMaxChunks !== undefined && notes.cohortMaxChunks !== cohort.noteRule.maxChunks) {
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
  // Static inputs the cohort lacks are read as not recorded (listed in the mapping); only a
  // numeric one in another unit would be standardised wrongly.
  out.push(...staticUnitConflicts(manifest, cohort));
  return out;
}

/**
 * Throws a BundleError naming every difference when the bundle cannot read the cohort; else
 * returns where each bundle variable is read from in the cohort's stays.
 */
export function checkCohortCompatibility(
  bundle: { manifest: BundleManifest; dir?: string },
  cohort: CohortDetail,
): VariableMapping {
  const differences = cohortDifferences(bundle.manifest, cohort);
  if (differences.length === 0) {
    return mapVariables(
      bundle.manifest.featureSchema.variables,
      cohort.featureSchema.variables,
      missingStaticInputs(bundle.manifest, cohort),
    );
  }
  const name = bundle.dir ? `The bundle in ${bundle.dir}` : `The ${bundle.manifest.task} bundle`;
  const task = bundle.manifest.task;
  // Training is suggested only for a task the cohort has labels for; else say which it has.
  const remedy = cohort.tasks.includes(task)
    ? `Import the cohort with the bundle's schema, or train a bundle on this cohort (\`toe train --cohort ${cohort.name} --task ${task}\`).`
    : `Import the cohort with the bundle's schema. No ${task} bundle can be trained on this cohort: it has no ${task} labels (its tasks: ${cohort.tasks.join(', ') || 'none'}).`;
  throw new BundleError(
    'cohort',
    `${name} was trained on another feature schema than cohort "${cohort.name}":\n  - ${differences.join('\n  - ')}\n${remedy}`,
  );
}
