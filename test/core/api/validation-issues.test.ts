/** Validation problems in the words a form shows beside a field, not the schema library's. */
import { describe, expect, it } from 'vitest';
import { searchParamsSchema } from '../../../src/main/core/search';
import { parseArgs } from '../../../src/shared/contract';
import { describeIssues } from '../../../src/shared/validation-issues';

const problems = (raw: unknown) => {
  const parsed = searchParamsSchema.safeParse(raw);
  return parsed.success ? null : describeIssues(parsed.error.issues, '(all)');
};

describe('plain validation messages', () => {
  it('says what a search parameter must be', () => {
    const text = problems({ beamWidth: 0, maxSteps: 2.5 });
    expect(text).toMatch(/beamWidth: must be at least 1/);
    expect(text).toMatch(/maxSteps: must be a whole number/);
    expect(text).not.toMatch(/Too small|expected/);
  });

  it('names unknown fields and the type a call argument must have', () => {
    const unknown = parseArgs('cohorts.get', { cohortId: 1, extra: true });
    expect(unknown.ok ? null : unknown.error.message).toMatch(/unknown field extra/);
    const wrongType = parseArgs('cohorts.get', { cohortId: 'x' });
    expect(wrongType.ok ? null : wrongType.error.message).toMatch(/cohortId: must be a/);
  });
});
