/**
 * Issue 26: options whose range and default the contract knows (bootstrap resamples, seeds,
 * the bias audit's smallest group, an evaluation's settings) state them from its schema, as
 * `toe … --help` shows and as a value out of range is refused; and a call that omits them
 * over HTTP or IPC gets the same defaults.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESAMPLES } from '../../src/shared/audit-statistics';
import { DEFAULT_MIN_GROUP_SIZE } from '../../src/shared/bias-audit';
import { parseArgs } from '../../src/shared/contract';
import { DEFAULT_EVALUATION } from '../../src/shared/evaluation-settings';
import { runToe } from '../support/run-toe';
import { tempStore } from '../support/temp-store';

const { dir, store, dispose } = tempStore();
store.close();
const db = `${dir}/store.sqlite`;
afterAll(dispose);
const help = (...command: string[]) =>
  runToe([...command, '--help'], db).stdout.replace(/\s+/g, ' ');

describe('options the contract knows', () => {
  it.each([
    [
      ['compare'],
      /--resamples <n> bootstrap resamples of each run: a whole number from 100 to 100000 \(default: 1000\)/,
    ],
    [
      ['report'],
      /--resamples <n> bootstrap resamples: a whole number from 100 to 100000 \(default: 1000\)/,
    ],
    [['report'], /fewer stays: a whole number from 1 to 1000000 \(default: 11\)/],
    [
      ['models', 'eval'],
      /--resamples <n> bootstrap resamples: a whole number from 1 to 100000 \(default: 1000\)/,
    ],
    [
      ['models', 'eval'],
      /--seed <s> bootstrap seed: a whole number from 0 to 4294967295 \(default: 7\)/,
    ],
    [
      ['evaluate'],
      /--resamples <n> bootstrap resamples: a whole number from 1 to 100000 \(default: 1000\)/,
    ],
    [
      ['evaluate'],
      /--lime-samples <n> LIME neighbourhood size: a whole number from 2 to 1000000 \(default: 5000\)/,
    ],
    [
      ['evaluate'],
      /--limit <n> only the first N stays of the split \(by id\): a whole number from 1 to 10000000 /,
    ],
  ])('toe %s --help states the range and default once', (command, words) => {
    expect(help(...command)).toMatch(words);
    expect(help(...command)).not.toMatch(/\(default 1000\)|\(default 11\)/);
  });

  it('refuses a value out of the contract’s range as a usage error', () => {
    const refused = runToe(['report', '1', '--out', `${dir}/a.pdf`, '--resamples', '50'], db);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/expected a whole number from 100 to 100000/);
  });

  it('gives a call that omits them the same defaults', () => {
    const pdf = parseArgs('reports.pdf', { runId: 1 });
    expect(pdf.ok && pdf.args).toMatchObject({
      resamples: DEFAULT_RESAMPLES,
      minGroupSize: DEFAULT_MIN_GROUP_SIZE,
    });
    const compare = parseArgs('runs.compare', { runA: 1, runB: 2 });
    expect(compare.ok && compare.args.resamples).toBe(DEFAULT_RESAMPLES);
    const evaluation = parseArgs('evaluations.evaluate', {
      ...{ cohort: 'demo', task: 'E1', split: 'test', ks: [1], methods: ['toe'] },
      abstention: false,
    });
    expect(evaluation.ok && evaluation.args).toMatchObject(DEFAULT_EVALUATION);
  });
});
