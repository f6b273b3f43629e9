/**
 * A demo-like bias-audit input without running a model: the test split of the built-in
 * SYNTHETIC demo cohort (2,000 stays, seed 7, as `toe demo` makes it: 304 test stays, 28 with
 * the E1 outcome), with its real attributes and labels, and seeded stand-in results shaped
 * like the E1 bundle's on that split (about a third of stays predicted positive, AUROC about
 * 0.8, most positive predictions exhausting). Its groups are the ones the QI reviewer saw in
 * the demo PDF: age 18–44 with no death, language and admission groups with one or two.
 */
import type { StayAuditResult } from '../../../src/main/core/audit/audit-types';
import { scenarioRules } from '../../../src/main/core/import/demo/scenario';
import { DemoStayGenerator } from '../../../src/main/core/import/demo/stay-generator';
import { Random } from '../../../src/main/core/import/demo/random';
import { DEFAULT_NOTE_RULE } from '../../../src/main/core/import/note-chunks';
import { stay } from './audit-fixtures';

export interface DemoLikeRun {
  results: StayAuditResult[];
  attributes: Map<number, Record<string, string>>;
}

/** Seed of the stand-in results (the cohort keeps the demo's own seed, 7). */
const RESULT_SEED = 2024;

export interface DemoLikeOptions {
  /**
   * Added to the logit of women without the outcome: a planted false-positive disparity, for
   * checking that real disparities in groups large enough are still flagged.
   */
  femaleFalsePositiveShift?: number;
}

export function demoLikeRun(stays = 2000, options: DemoLikeOptions = {}): DemoLikeRun {
  const generator = new DemoStayGenerator(7, false, DEFAULT_NOTE_RULE, scenarioRules('none'));
  const results: StayAuditResult[] = [];
  const attributes = new Map<number, Record<string, string>>();
  for (let index = 0; index < stays; index++) {
    const generated = generator.generate(index).stay;
    if (generated.split !== 'test') continue;
    const id = index + 1;
    const y = generated.outcomes.E1 === 1 ? 1 : 0;
    const rng = Random.stream(RESULT_SEED, index, 'outcomes');
    const shift =
      y === 0 && generated.attributes.sex === 'F' ? (options.femaleFalsePositiveShift ?? 0) : 0;
    const logit = (y === 1 ? 1.2 : -0.7) + shift + rng.normal(0, 1.4);
    const p = Math.min(0.995, Math.max(0.005, 1 / (1 + Math.exp(-logit))));
    // Unreachable stays (p_full between 0.2 and 0.8) always exhaust; the rest sometimes do.
    const exhausted = (p > 0.2 && p < 0.8) || rng.chance(0.15);
    const pe = Math.min(0.999, Math.max(0.001, p + rng.normal(0, 0.03)));
    const evidence = exhausted ? 10 : 1 + Math.floor(rng.uniform() * 6);
    results.push(stay({ id, p, y, pe, evidence, exhausted }));
    attributes.set(id, generated.attributes);
  }
  return { results, attributes };
}
