/**
 * An audit of the test split with the validation audit its fitted policies need: audited
 * first, reused when complete, resumed when interrupted — and a changed calibration file
 * never reuses a validation audit that decided differently.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunCancelledError } from '../../../src/main/core/audit/run-errors';
import type { RunRequest } from '../../../src/main/core/audit/run-engine';
import { runAbstentionInput } from '../../../src/main/core/audit/run-abstention';
import { RunStore } from '../../../src/main/core/audit/run-store';
import {
  resumeAuditWithValidation,
  reusableRun,
  startAuditWithValidation,
  type AuditPairOptions,
} from '../../../src/main/core/audit/validation-run';
import { BUNDLE_DIR } from '../models/training-cohort';
import { demoStore } from '../../support/audit-runs';

describe('audits with their validation audit', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  let bundleDir = '';
  const events: string[] = [];
  const options: AuditPairOptions = {
    executionProvider: 'cpu',
    workers: 1,
    onValidation: (e) => events.push(`${e.action}:${e.runId ?? '-'}`),
  };
  const request = (): RunRequest => ({
    cohortId: demo.cohortId,
    task: 'E1',
    split: 'test',
    bundleDir,
    workers: 1,
    abstention: { policy: 'learned' },
  });

  beforeAll(async () => {
    demo = await demoStore(150);
    // A copy of the shipped bundle, so the test may change its calibration file.
    bundleDir = join(demo.dir, 'E1');
    cpSync(BUNDLE_DIR, bundleDir, { recursive: true });
  });
  afterAll(() => demo.dispose());

  it('audits validation first, records it with the run, and reuses it the second time', async () => {
    const first = await startAuditWithValidation(demo.store, request(), options);
    const runs = new RunStore(demo.store);
    const validationId = first.spec.abstention!.validationRunId!;
    const validation = runs.getRun(validationId);
    expect(events).toEqual(['start:-']);
    expect(validation).toMatchObject({ status: 'completed', spec: { split: 'val' } });
    expect(validation.spec.decision).toEqual(first.spec.decision);
    // The validation audit keeps its decision's default policy: learned needs a validation
    // audit of its own, which it has not.
    expect(validation.spec.abstention).toMatchObject({
      policy: 'error-probability',
      validationRunId: null,
    });
    expect(first.spec.abstention).toMatchObject({
      policy: 'learned',
      validationRunId: validationId,
    });
    expect(validation.totalStays).toBe(demo.store.stayIds(demo.cohortId, 'val').length);
    // The fitted policies read the validation audit's stays (on this small cohort the learned
    // policy may still decline: it needs 5 errors there).
    const input = runAbstentionInput(demo.store, first.id);
    expect(input.validation).toHaveLength(validation.totalStays);
    expect(input.validationRunId).toBe(validationId);

    const second = await startAuditWithValidation(demo.store, request(), options);
    expect(events).toEqual(['start:-', `reuse:${validationId}`]);
    expect(second.spec.abstention!.validationRunId).toBe(validationId);
    expect(reusableRun(demo.store, request())?.id).toBe(second.id);
  });

  it('resumes an interrupted validation audit before the run that needs it', async () => {
    // A new calibration file (another rule): the earlier validation audit no longer fits.
    const file = join(bundleDir, 'calibration.json');
    const calibration = JSON.parse(readFileSync(file, 'utf8'));
    calibration.threshold = {
      ...calibration.threshold,
      value: 0.2,
      rule: { kind: 'fixed', value: 0.2 },
    };
    writeFileSync(file, `${JSON.stringify(calibration, null, 2)}\n`);
    expect(reusableRun(demo.store, { ...request(), split: 'val' })).toBeNull();

    events.length = 0;
    const controller = new AbortController();
    await expect(
      startAuditWithValidation(demo.store, request(), {
        ...options,
        signal: controller.signal,
        progress: (p) => {
          if (p.phase === 'auditing' && p.done >= 3) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RunCancelledError);
    const runs = new RunStore(demo.store);
    const cancelled = runs.listRuns().at(-1)!;
    expect(cancelled).toMatchObject({ status: 'cancelled', spec: { split: 'val' } });
    expect(cancelled.spec.params.threshold).toBe(0.2);

    const run = await startAuditWithValidation(demo.store, request(), options);
    expect(events).toEqual(['start:-', `resume:${cancelled.id}`]);
    expect(run.spec.abstention!.validationRunId).toBe(cancelled.id);
    expect(runs.getRun(cancelled.id).status).toBe('completed');
    // Resuming the completed pair is a no-op for both.
    const again = await resumeAuditWithValidation(demo.store, run.id, options);
    expect(again.status).toBe('completed');
  });
});
