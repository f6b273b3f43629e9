/**
 * An evaluation started through the contract (dispatch, as the app reaches the core) has the
 * sections of `toe evaluate` on the same input, the abstention section included: both are
 * the one use case. Kept small: ToE alone at k = 1 on a small demo cohort's test split.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { EvaluationResult } from '../../../src/shared/charts';
import type { CallResult } from '../../../src/shared/contract';
import { demoStore } from '../../support/audit-runs';
import { runToe } from '../../support/run-toe';
import { value } from './api-fixture';

let demo: Awaited<ReturnType<typeof demoStore>>;
beforeAll(async () => {
  demo = await demoStore(200);
}, 120_000);
afterAll(() => demo.dispose());

/** The result's sections that hold something: what a report can show. */
const sections = (result: EvaluationResult) =>
  Object.entries(result)
    .filter(([, section]) => section !== null && section !== undefined)
    .map(([name]) => name)
    .sort();

const headings = (markdown: string) => markdown.split('\n').filter((l) => /^#{2,3} /.test(l));

describe('an evaluation through the contract', () => {
  it('has the sections of toe evaluate on the same input, abstention included', async () => {
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    const outcome = await dispatch(handlers, 'evaluations.evaluate', {
      cohort: 'demo',
      task: 'E1',
      split: 'test',
      ks: [1],
      methods: ['toe'],
      seed: 7,
      resamples: 50,
      limeSamples: 100,
      abstention: true,
    });
    const { evaluation, folder } = value<CallResult<'evaluations.evaluate'>>(outcome);

    const out = join(demo.dir, 'cli');
    const args = ['evaluate', '--cohort', 'demo', '--task', 'E1', '--split', 'test', '--k', '1'];
    args.push('--methods', 'toe', '--seed', '7', '--resamples', '50', '--lime-samples', '100');
    const run = runToe([...args, '--out', out], demo.dbPath);
    expect(run.status, run.stderr).toBe(0);
    const fromCli = JSON.parse(
      readFileSync(join(out, 'evaluation.json'), 'utf8'),
    ) as EvaluationResult;

    expect(sections(evaluation.result)).toContain('abstention');
    expect(sections(evaluation.result)).toEqual(sections(fromCli));
    const modes = (r: EvaluationResult) => r.abstention?.map((a) => a.decision.mode);
    expect(modes(evaluation.result)).toEqual(['paper', 'calibrated']);
    expect(modes(evaluation.result)).toEqual(modes(fromCli));

    expect(folder.map((f) => f.file).sort()).toEqual(readdirSync(out).sort());
    const report = folder.find((f) => f.file === 'report.md')!;
    expect(headings(Buffer.from(report.base64, 'base64').toString('utf8'))).toEqual(
      headings(readFileSync(join(out, 'report.md'), 'utf8')),
    );
  }, 600_000);
});
