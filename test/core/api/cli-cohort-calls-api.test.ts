/**
 * The calls `toe` needs of cohorts beyond the app's: a cohort by the name or id a command
 * line gives (`cohorts.resolve`), and `cohorts.import`'s label rule, read by the one parser
 * the CLI's --label-rule and the importer share (src/shared/label-rule.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { CohortDetail } from '../../../src/shared/domain';
import { TINY_SCHEMA, tempStore } from '../../support/temp-store';

const temp = tempStore();
afterAll(temp.dispose);
const handlers = createHandlers({ store: temp.store, transport: 'cli', emit: () => {} });
const call = (name: string, args: unknown) => dispatch(handlers, name, args);

describe('cohorts.resolve', () => {
  it('finds a cohort by name or by id, and names the known ones when there is none', async () => {
    const id = temp.store.createCohort(TINY_SCHEMA);
    for (const nameOrId of ['tiny', String(id)]) {
      const outcome = await call('cohorts.resolve', { nameOrId });
      expect(outcome.ok && (outcome.value as CohortDetail).id).toBe(id);
    }
    const missing = await call('cohorts.resolve', { nameOrId: 'nope' });
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.error.code).toBe('not-found');
    expect(missing.error.message).toMatch(/No cohort "nope".*Known cohorts: tiny/);
    const empty = await call('cohorts.resolve', { nameOrId: '' });
    expect(!empty.ok && empty.error.code).toBe('invalid-arguments');
  });
});

describe('cohorts.import label rule', () => {
  it.each(['first-hour', 'onset-within:0', 'onset-within:169'])(
    'refuses %s before any work, in the words --label-rule uses',
    async (labelRule) => {
      const outcome = await call('cohorts.import', { format: 'yaib', dir: '/nowhere', labelRule });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.code).toBe('invalid-arguments');
      expect(outcome.error.message).toMatch(/onset-within:N \(label 1 when any hourly label/);
    },
  );

  it('takes a rule only for the yaib format', async () => {
    const outcome = await call('cohorts.import', {
      format: 'generic',
      dir: '/nowhere',
      labelRule: 'onset-within:24',
    });
    expect(!outcome.ok && outcome.error.code).toBe('invalid-arguments');
  });
});
