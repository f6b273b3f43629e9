/**
 * Issue 26: a usage error is its one line and where help is, never the whole --help after it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runToe } from '../support/run-toe';
import { tempStore } from '../support/temp-store';

describe('toe usage errors', () => {
  const { store, dir, dispose } = tempStore();
  store.close();
  const db = `${dir}/store.sqlite`;
  afterAll(dispose);

  it.each([
    [
      'an unknown option',
      ['audit', '--cohort', 'demo', '--task', 'E1', '--frobnicate'],
      "error: unknown option '--frobnicate'",
      'run `toe audit --help` for the options',
    ],
    [
      'a missing required option',
      ['audit', '--cohort', 'demo'],
      "error: required option '--task <task>' not specified",
      'run `toe audit --help` for the options',
    ],
    [
      'a missing argument of a subcommand',
      ['cohorts', 'delete'],
      "error: missing required argument 'cohort'",
      'run `toe cohorts delete --help` for the options',
    ],
    [
      'a bad option value',
      ['report', 'one', '--out', 'a.pdf'],
      "error: command-argument value 'one' is invalid for argument 'run'. expected a whole number from 1 to 9007199254740991",
      'run `toe report --help` for the options',
    ],
    [
      'an unknown command',
      ['frobnicate'],
      "error: unknown command 'frobnicate'",
      'run `toe --help` for the commands',
    ],
  ])('%s: one line, then where help is, exit 2', (_what, args, error, hint) => {
    const result = runToe(args, db);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${error}\n${hint}\n`);
    expect(result.stdout).toBe('');
  });

  it('still prints the whole help when asked for it', () => {
    const result = runToe(['audit', '--help'], db);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Usage: toe audit \[options\]/);
    expect(result.stdout).toMatch(/--review-budget <budget>/);
  });
});
