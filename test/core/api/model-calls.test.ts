/**
 * The contract's model calls: listing a folder of bundles, and the two that write into a
 * bundle's folder (signing, calibrating), which a page over HTTP may not ask for while the
 * desktop app and `toe` may. A threshold rule is checked by the contract, in the words the
 * CLI's option uses.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { AppInfo } from '../../../src/shared/domain';
import type { BundleSummary } from '../../../src/shared/model-bundles';
import { tempStore } from '../../support/temp-store';

const MODELS = fileURLToPath(new URL('../../../resources/models', import.meta.url));

describe('model calls', () => {
  const temp = tempStore();
  afterAll(() => temp.dispose());
  const over = (transport: AppInfo['transport']) =>
    createHandlers({ store: temp.store, transport, emit: () => {} });

  it('lists the bundles of a folder the caller names, each verified', async () => {
    const outcome = await dispatch(over('cli'), 'models.list', { dir: MODELS });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const bundles = outcome.value as BundleSummary[];
    expect(bundles.map((b) => b.task)).toEqual(['E1', 'E2', 'E3', 'E4']);
    for (const bundle of bundles) {
      expect(bundle.problem).toBeNull();
      expect(['none', 'verified', 'unsigned']).toContain(bundle.calibration);
    }
  });

  it('refuses to sign or calibrate a bundle over HTTP, saying who may', async () => {
    const http = over('http');
    const bundle = join(MODELS, 'E1');
    for (const outcome of [
      await dispatch(http, 'models.sign', { bundle }),
      await dispatch(http, 'models.calibrate', { bundle, cohort: 'demo' }),
    ]) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.error.code).toBe('unavailable');
      expect(outcome.error.message).toMatch(/only the desktop app and the toe command may do/);
    }
  });

  it('refuses a threshold rule out of range before any work, in the CLI option’s words', async () => {
    const outcome = await dispatch(over('cli'), 'models.calibrate', {
      bundle: join(MODELS, 'E1'),
      cohort: 'demo',
      thresholdRule: { kind: 'ppv', atLeast: 1.5 },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('invalid-arguments');
    expect(outcome.error.message).toContain(
      'ppv:1.5: the PPV to reach must be above 0 and at most 1.',
    );
  });

  it('names the cohort it cannot find before opening the bundle', async () => {
    const outcome = await dispatch(over('cli'), 'models.fullInputMetrics', {
      task: 'E1',
      cohort: 'no-such-cohort',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('not-found');
  });
});
