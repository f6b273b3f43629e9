/**
 * `toe evaluate --spurious` as a job, once both bundles exist: the spurious demo cohort
 * (created if absent), both arms audited, the figures summarised. Training the corrupted
 * bundle is the CLI's part (it spawns the training pipeline).
 */
import { APP_VERSION } from '../app-version';
import { createDemoCohort } from '../import/demo';
import { silentProgress, type ProgressSink } from '../jobs/progress';
import type { Store } from '../store';
import {
  SPURIOUS_SCHEMA,
  type SpuriousAuditResult,
  type SpuriousTraining,
} from '../../../shared/charts';
import { bundleProvenance } from './provenance';
import {
  armParams,
  auditArm,
  borrowFlags,
  SPURIOUS_ATTRIBUTE,
  type ArmInput,
} from './spurious-audit';
import { armGroups, compareArms } from './spurious-summary';

/** The paper's injection on the demo generator: same seed and size as the clean demo. */
export const SPURIOUS_DEMO = {
  name: 'demo-spurious',
  stays: 2000,
  seed: 7,
  spurious: true,
} as const;

/** The spurious demo cohort's id, generating it first if the store has none. */
export async function ensureSpuriousCohort(
  store: Store,
  progress: ProgressSink = silentProgress,
  options: { stays?: number; seed?: number } = {},
): Promise<{ cohortId: number; created: boolean }> {
  const existing = store.findCohortId(SPURIOUS_DEMO.name);
  if (existing !== null) {
    if (!store.getCohort(existing).attributes.includes(SPURIOUS_ATTRIBUTE)) {
      throw new Error(
        `Cohort "${SPURIOUS_DEMO.name}" has no ${SPURIOUS_ATTRIBUTE} attribute, so it is not the spurious demo cohort. Remove it or use another store.`,
      );
    }
    return { cohortId: existing, created: false };
  }
  await createDemoCohort(store, { ...SPURIOUS_DEMO, ...options }, { progress });
  return { cohortId: store.resolveCohort(SPURIOUS_DEMO.name), created: true };
}

export interface SpuriousAuditInput {
  clean: ArmInput;
  corrupted: ArmInput;
  seed: number;
  resamples: number;
  command: string;
  training: SpuriousTraining;
  progress?: ProgressSink;
  signal?: AbortSignal;
}

export async function runSpuriousAudit(input: SpuriousAuditInput): Promise<SpuriousAuditResult> {
  const started = performance.now();
  const progress = input.progress ?? silentProgress;
  const corrupted = await auditArm(input.corrupted, progress, input.signal);
  const clean = await auditArm(input.clean, progress, input.signal);
  borrowFlags(clean, corrupted);
  const ci = { seed: input.seed, resamples: input.resamples };
  const providers = new Set([input.clean.runtime.provider, input.corrupted.runtime.provider]);
  return {
    schema: SPURIOUS_SCHEMA,
    command: input.command,
    date: new Date().toISOString(),
    appVersion: APP_VERSION,
    executionProvider: [...providers].join(', '),
    seed: input.seed,
    resamples: input.resamples,
    maxSteps: armParams(input.corrupted.runtime).maxSteps,
    training: input.training,
    arms: [clean, corrupted].map((arm) => ({
      role: arm.input.role,
      cohort: arm.provenance,
      bundle: bundleProvenance(arm.input.runtime, arm.input.store, arm.input.cohortId),
      groups: armGroups(arm, ci),
    })),
    comparison: compareArms(clean, corrupted, ci),
    seconds: (performance.now() - started) / 1000,
  };
}
