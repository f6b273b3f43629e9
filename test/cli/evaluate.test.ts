/**
 * `toe evaluate` through the real command on a small demo cohort with the shipped E1 bundle,
 * and the spurious-feature audit when the training Python is installed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTrainingPython, trainingPython } from '../../src/main/cli/commands/train-command';
import { evaluatedBundleFingerprint, EvaluationStore } from '../../src/main/core/evaluation';
import { Store } from '../../src/main/core/store';
import type { EvaluationResult, SpuriousAuditResult } from '../../src/shared/charts';
import type { Estimate } from '../../src/shared/estimate';
import { ABSTENTION_POLICIES } from '../../src/shared/abstention';
import { runToe } from '../support/run-toe';
import { tempStore } from '../support/temp-store';

const { store, dir, dispose } = tempStore();
const db = join(dir, 'store.sqlite');
store.close();
afterAll(dispose);

beforeAll(() => {
  const made = runToe(['demo-cohort', '--stays', '300'], db);
  expect(made.status, made.stderr).toBe(0);
}, 120_000);

function expectInRange(e: Estimate, lo: number, hi: number, what: string): void {
  for (const value of [e.estimate, e.lower, e.upper]) {
    if (value === null) continue; // undefined on this cohort (e.g. no false positive)
    expect(value, what).toBeGreaterThanOrEqual(lo);
    expect(value, what).toBeLessThanOrEqual(hi);
  }
}

describe('toe evaluate', () => {
  it('runs every method on 12 stays and writes the report, CSV, JSON and figures', () => {
    const out = join(dir, 'eval');
    const args = ['evaluate', '--task', 'E1', '--cohort', 'demo', '--split', 'test'];
    args.push('--limit', '12', '--k', '1,5', '--methods', 'toe,topk,random,saliency,lime,shap,cbm');
    args.push('--lime-samples', '500', '--resamples', '200', '--out', out);
    const run = runToe(args, db);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ToE AUROC retention at k = 5');
    expect(run.stderr).toMatch(/evaluating stays/);
    expect(run.stderr).toMatch(/12\/12/);

    for (const file of ['report.md', 'evaluation.json', 'stays.json', 'methods.csv', 'summary.csv'])
      expect(existsSync(join(out, file)), file).toBe(true);
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    for (const png of [...markdown.matchAll(/!\[[^\]]*\]\(([^)]+\.png)\)/g)].map((m) => m[1]!))
      expect(readFileSync(join(out, png)).subarray(1, 4).toString('ascii'), png).toBe('PNG');
    expect(markdown).toContain('**SYNTHETIC**');
    expect(markdown).toContain('toe --db');

    const result = JSON.parse(
      readFileSync(join(out, 'evaluation.json'), 'utf8'),
    ) as EvaluationResult;
    expect(result.provenance.cohort.staysEvaluated).toBe(12);
    expect(result.provenance.cohort.limit).toBe(12);
    expect(result.provenance.executionProvider).toMatch(/^(cpu|cuda)$/);
    const methods = new Set(result.rows.map((r) => r.method));
    for (const m of [
      'toe',
      'topk',
      'random',
      'saliency',
      'lime',
      'shap',
      'toe-lambda0',
      'exhaustive',
    ])
      expect(methods.has(m as never), m).toBe(true);
    for (const row of result.rows) {
      const what = `${row.method}@${row.k}`;
      for (const f of ['auroc', 'auprc', 'fidelityMae', 'ece', 'decisionAgreement'] as const)
        expectInRange(row[f], 0, 1, `${what} ${f}`);
      expectInRange(row.comprehensiveness, -1, 1, `${what} comprehensiveness`);
      expect(row.meanSize).toBeLessThanOrEqual(row.k);
    }
    expect(result.cbm).not.toBeNull();
    expectInRange(result.cbm!.auroc, 0, 1, 'cbm auroc');
    expect(result.headline.maeComparison.map((m) => m.k)).toEqual([1, 5]);
    expectInRange(result.exhaustion!.exhaustion.byClass.TP.rate, 0, 1, 'tp exhaustion');
    expect(result.evidenceSize.map((s) => s.maxSize)).toEqual([5, 10]);
    // Limited to some stays: no abstention audits, and the report says why.
    expect(result.abstention).toBeUndefined();
    expect(markdown).toContain('## 13. Abstention');
    expect(markdown).toMatch(/Not run \(an evaluation limited to some stays/);

    // Kept in the store as well, for the dashboards of audit runs of this model.
    expect(run.stdout).toMatch(/kept in the store as evaluation 1:/);
    const kept = Store.openReadOnly(db);
    try {
      const stored = new EvaluationStore(kept).newest({
        cohortId: kept.resolveCohort('demo'),
        task: 'E1',
        split: 'test',
        bundleFingerprint: evaluatedBundleFingerprint(result),
        cohortContentHash: kept.cohortContentHash(kept.resolveCohort('demo')),
      });
      expect(stored?.result).toEqual(result);
    } finally {
      kept.close();
    }
  });

  it('refuses bad budgets and unknown methods as usage errors', () => {
    expect(runToe(['evaluate', '--task', 'E1', '--k', '0,5'], db).status).toBe(2);
    const unknown = runToe(['evaluate', '--task', 'E1', '--methods', 'toe,gradcam'], db);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('gradcam');
  });
});

const python = checkTrainingPython(trainingPython());

describe('toe evaluate, abstention section', () => {
  it('compares every policy with confidence in paper mode and on the calibrated decision', () => {
    const out = join(dir, 'eval-abstention');
    const args = ['evaluate', '--task', 'E1', '--cohort', 'demo', '--split', 'test'];
    args.push('--k', '1', '--methods', 'toe', '--resamples', '200', '--out', out);
    const run = runToe(args, db);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Abstention, paper mode \(audit run \d+\): /);
    expect(run.stdout).toMatch(/Abstention, calibrated decision \(audit run \d+\): /);
    const result = JSON.parse(
      readFileSync(join(out, 'evaluation.json'), 'utf8'),
    ) as EvaluationResult;
    expect(result.abstention!.map((a) => a.decision.mode)).toEqual(['paper', 'calibrated']);
    for (const item of result.abstention!) {
      expect(item.validationRunId).not.toBeNull();
      expect(item.analysis.policies).toHaveLength(ABSTENTION_POLICIES.length);
    }
    // The paper's mode keeps the paper's rule; the calibrated decision the default policy.
    expect(result.abstention![0]!.analysis.policy).toBe('exhausted');
    expect(result.abstention![1]!.analysis.policy).toBe('error-probability');
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('### Paper mode: the model');
    expect(markdown).toContain('### Calibrated decision: the Platt-scaled probability');
    expect(markdown).toContain(result.abstention![1]!.analysis.verdict);

    // Run again: the four audits are reused, not repeated.
    const runs = JSON.parse(runToe(['--json', 'runs'], db).stdout).length;
    expect(runToe(args, db).status).toBe(0);
    expect(JSON.parse(runToe(['--json', 'runs'], db).stdout)).toHaveLength(runs);
  });
});

describe.skipIf(python !== null)('toe evaluate --spurious', () => {
  it('trains the corrupted model, audits both and splits by the flag', () => {
    const out = join(dir, 'spurious');
    const args = ['--json', 'evaluate', '--task', 'E1', '--spurious', '--limit', '12'];
    const run = runToe([...args, '--resamples', '100', '--out', out], db);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).out).toBe(out);
    const result = JSON.parse(
      readFileSync(join(out, 'spurious.json'), 'utf8'),
    ) as SpuriousAuditResult;
    expect(result.training.trained).toBe(true);
    expect(result.arms.map((a) => [a.role, a.cohort.name])).toEqual([
      ['clean', 'demo'],
      ['corrupted', 'demo-spurious'],
    ]);
    for (const arm of result.arms) {
      expect(arm.groups.map((g) => g.flag)).toEqual(['all', 'yes', 'no']);
      const [all, yes, no] = arm.groups;
      expect(all!.stays).toBe(12);
      expect(yes!.stays + no!.stays).toBe(12);
      expectInRange(all!.convergenceRate, 0, 1, `${arm.role} convergence`);
    }
    expect(result.comparison[0]!.stays).toBe(12);
    expect(existsSync(join(out, 'report.md'))).toBe(true);
    expect(existsSync(join(out, 'spurious-convergence.png'))).toBe(true);
    // A second run reuses the trained bundle.
    const again = runToe([...args, '--resamples', '50', '--out', out], db);
    expect(again.status, again.stderr).toBe(0);
    const reused = JSON.parse(
      readFileSync(join(out, 'spurious.json'), 'utf8'),
    ) as SpuriousAuditResult;
    expect(reused.training.trained).toBe(false);
  }, 180_000);
});
