/**
 * `toe audit`, `toe runs` and `toe resume` through the real command on a small SYNTHETIC
 * demo cohort: the summary, the listing, and the exit codes of what it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';
import { demoStore } from '../support/audit-runs';
import { TINY_SCHEMA, tinyStay } from '../support/temp-store';

interface RunJson {
  id: number;
  spec: { split: string | null; searchExtent?: string };
}

describe('toe audit, runs, resume', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const toe = (...args: string[]) => runToe(args, demo.dbPath, { TOE_EXECUTION_PROVIDER: 'cpu' });
  const audit = ['audit', '--cohort', 'demo', '--task', 'E1', '--split', 'test'];

  beforeAll(async () => {
    demo = await demoStore(150);
    const tinyId = demo.store.createCohort(TINY_SCHEMA);
    demo.store.stayWriter(tinyId)(tinyStay('t1'));
  });
  afterAll(() => demo.dispose());

  it('audits validation, then the split, and prints the review summary, then lists both', () => {
    const result = toe(...audit, '--workers', '2', '--beam-width', '4', '--review-budget', '3');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/Validation split: auditing it first/);
    const stays = demo.store.stayIds(demo.cohortId, 'test').length;
    const val = demo.store.stayIds(demo.cohortId, 'val').length;
    expect(result.stdout).toContain(
      `Audit run 2 completed: ${stays} of ${stays} stays of cohort "demo" (test split), task E1`,
    );
    expect(result.stdout).toMatch(/decision: the Platt-scaled probability .* threshold 0\.\d{3}/);
    expect(result.stdout).toMatch(/converged \d+, exhausted \d+\n/);
    expect(result.stdout).not.toContain('with no E1 outcome yet');
    // What a committee reads first, from the stored figures: the events and what the model did
    // for them, before the search's exhaustion by class and reachability.
    expect(result.stdout).toMatch(
      new RegExp(`stays audited: ${stays}, \\d+ with the outcome \\(E1 · hospital mortality\\)`),
    );
    expect(result.stdout).toMatch(/caught \d+ of \d+ stays? with the outcome: sensitivity [\d.]+%/);
    expect(result.stdout).toMatch(/alerts right \d+ of \d+ times: PPV /);
    expect(result.stdout).toMatch(/alerts per 100 stays: [\d.]+ \(/);
    expect(result.stdout).not.toMatch(/accuracy/);
    expect(result.stdout).toMatch(
      /search exhausted: \d+ of \d+ true positives, \d+ of \d+ false positives, \d+ of \d+ true negatives, \d+ of \d+ false negatives/,
    );
    expect(result.stdout).toMatch(/reachability: \d+ of \d+ exhausted search/);
    expect(result.stdout).toMatch(
      /review queue: 3 stays queued by the error-probability policy \(the 3 stays most likely wrong\)/,
    );
    expect(result.stdout).toMatch(/search adds|not shown to add|search does worse|too few/);
    expect(result.stdout).toMatch(
      /\d+\.\d s, \d+\.\d stays\/s this session; execution provider cpu/,
    );

    const listed = toe('runs');
    expect(listed.stdout).toMatch(
      new RegExp(`^1\\s+completed\\s+E1\\s+demo\\s+val\\s+${val}/${val}`, 'm'),
    );
    expect(listed.stdout).toMatch(
      new RegExp(`^2\\s+completed\\s+E1\\s+demo\\s+test\\s+${stays}/${stays}`, 'm'),
    );
    // The review budget in the shared words (describeBudget), as the app states it.
    expect(listed.stdout).toMatch(/^2\s.*error-probability: the 3 stays most likely wrong/m);
    const json = JSON.parse(toe('runs', '--json').stdout);
    expect(json).toEqual([
      expect.objectContaining({ id: 1, status: 'completed', doneStays: val }),
      expect.objectContaining({ id: 2, status: 'completed', doneStays: stays, totalStays: stays }),
    ]);
    expect(json[1].spec.params.beamWidth).toBe(4);
    expect(json[1].spec.abstention).toEqual({
      policy: 'error-probability',
      budget: { kind: 'stays', count: 3 },
      validationRunId: 1,
    });

    // A second audit of the same split reuses the completed validation audit.
    const second = toe(...audit, '--beam-width', '4', '--abstention', 'learned', '--json');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/reusing completed audit run 1/);
    const summary = JSON.parse(second.stdout);
    expect(summary.spec.abstention).toMatchObject({ policy: 'learned', validationRunId: 1 });
    expect(summary.review.policies.map((p: { policy: string }) => p.policy)).toEqual([
      'error-probability',
      'exhausted',
      'confidence',
      'toe-tuned',
      'learned',
      'guaranteed',
    ]);

    const again = toe('resume', '2');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/already complete/);
    // No policy here replays the path, so every search stopped where it converged.
    const extents = (JSON.parse(toe('runs', '--json').stdout) as RunJson[]).map(
      (run) => run.spec.searchExtent,
    );
    expect(extents).toEqual(['to-convergence', 'to-convergence', 'to-convergence']);
  });

  it('searches on to the step limit when asked, or when toe-tuned replays the path', () => {
    const runsSoFar = () => JSON.parse(toe('runs', '--json').stdout) as RunJson[];
    const before = runsSoFar().length;
    const full = toe(...audit, '--beam-width', '4', '--search-to-limit');
    expect(full.status, full.stderr).toBe(0);
    // The validation audit that stopped at convergence lacks the path: a new one records it.
    expect(full.stderr).toMatch(/Validation split: auditing it first/);
    expect(full.stdout).toMatch(/searches: each went on past the point where it explained/);
    const recorded = runsSoFar().slice(before);
    expect(recorded.map((run) => [run.spec.split, run.spec.searchExtent])).toEqual([
      ['val', 'to-limit'],
      ['test', 'to-limit'],
    ]);
    const tuned = toe(...audit, '--beam-width', '4', '--abstention', 'toe-tuned');
    expect(tuned.status, tuned.stderr).toBe(0);
    expect(tuned.stderr).toMatch(new RegExp(`reusing completed audit run ${recorded[0]!.id}\\b`));
    expect(runsSoFar().at(-1)!.spec.searchExtent).toBe('to-limit');
  });

  it('refuses what it cannot audit, with the documented exit codes', () => {
    const runsBefore = (JSON.parse(toe('runs', '--json').stdout) as RunJson[]).length;
    const mismatch = toe('audit', '--cohort', 'tiny', '--task', 'E1');
    expect(mismatch.status).toBe(3);
    expect(mismatch.stderr).toMatch(/another feature schema than cohort "tiny"/);
    // A search parameter out of the contract's range is a usage error, named with its range.
    const badParam = toe(...audit, '--tau-conf', '1.5');
    expect(badParam.status).toBe(2);
    expect(badParam.stderr).toMatch(/tauConf: .*\(expected a number from 0 to 1\)/);
    expect(toe(...audit, '--workers', '0').status).toBe(2);
    expect(toe('resume', '99').status).toBe(4);
    expect(toe(...audit, '--review-budget', '0%').status).toBe(2);
    // Nothing refused left a run behind.
    expect(JSON.parse(toe('runs', '--json').stdout)).toHaveLength(runsBefore);
  });

  it('says under a max-error budget what the guarantee promised and whether it held', () => {
    const result = toe(...audit, '--max-error', '0.2');
    expect(result.status, result.stderr).toBe(0);
    const line = result.stdout
      .split('\n')
      .find((l) => l.startsWith('  guarantee, error ≤ 0.2 among accepted decisions'));
    expect(line, result.stdout).toBeDefined();
    expect(line).toMatch(/with probability ≥ 0\.9: /);
    // The bound certified on validation (or why none was), the audited rate with its exact
    // interval, and the outcome in one word.
    expect(line).toMatch(/certified on the validation split \(|no cut could be certified/);
    expect(line).toMatch(/accepted audited stays wrong, [\d.]+% \(|no audited stay was accepted/);
    expect(line).toMatch(/: (held|not held|nothing to check)$/);
  });
});
