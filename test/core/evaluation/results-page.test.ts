import { describe, expect, it } from 'vitest';
import {
  evaluationFolder,
  evaluationResultsPage,
  methodsCsv,
  relinkFigures,
  spuriousResultsPage,
  summaryCsv,
} from '../../../src/main/core/evaluation';
import { tinyRecords, tinyResult, tinySpuriousResult } from '../../support/tiny-evaluation';

const SECTIONS = [
  '## Headline',
  '## 1. Faithfulness–sparsity frontier',
  '## 2. Comparison with LIME and SHAP',
  '## 3. Search vs ranking across k',
  '## 4. Comprehensiveness across k',
  '## 5. Objective ablation',
  '## 6. Probability- vs logit-space stability',
  '## 7. Modality ablation',
  '## 8. Optimality gap',
  '## 9. ',
  '## 10. Calibration',
  '## 11. Evidence size distribution',
  '## 12. TP/FP search exhaustion and abstention',
  '## Definitions',
];

describe('the Markdown report', () => {
  const markdown = evaluationResultsPage(tinyResult());

  it('has every section, in the paper order', () => {
    const at = SECTIONS.map((heading) => markdown.indexOf(heading));
    for (const [i, position] of at.entries()) expect(position, SECTIONS[i]).toBeGreaterThan(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('states the command, the date, SYNTHETIC, the bundle hashes, the provider and the stays', () => {
    expect(markdown).toContain('`toe --db /tmp/x.sqlite evaluate --cohort tiny --task E1`');
    expect(markdown).toContain('2026-01-02T03:04:05.000Z');
    expect(markdown).toContain('**SYNTHETIC**');
    expect(markdown).toContain(`\`${'e'.repeat(64)}\``);
    expect(markdown).toContain('**Execution provider:** cpu');
    expect(markdown).toMatch(/all 4 labelled stays of the test split's 4; 2 with the outcome/);
  });

  it('shows estimates with their intervals and the headline figures', () => {
    // Retention 1 in every resample: a collapsed interval is not shown as "(100.0–100.0%)".
    expect(markdown).toMatch(
      /\*\*ToE AUROC retention at k = 5\*\*.*\*\*100\.0% — too few to estimate\*\*/,
    );
    expect(markdown).toMatch(/Top-k ranking 0\.325 \(\d\.\d{3}–\d\.\d{3}\)/);
    expect(markdown).not.toMatch(/\((\d+\.\d+)–\1[%×]?\)/);
    // Sections whose variants were not run say so rather than showing empty tables.
    expect(markdown).toContain('The objective ablation: not run');
  });

  it('escapes pipes inside table cells and links figures relatively', () => {
    expect(markdown).toContain('mean \\|E\\|');
    expect(markdown).toContain('![Sufficiency AUROC vs k](frontier-auroc.png)');
    const moved = relinkFigures(markdown, 'demo-E1/');
    expect(moved).toContain('![Sufficiency AUROC vs k](demo-E1/frontier-auroc.png)');
    expect(moved.match(/!\[/g)?.length).toBe(markdown.match(/!\[/g)?.length);
  });

  it('makes the folder: JSON, CSV, Markdown and one PNG per linked figure', () => {
    const folder = evaluationFolder(tinyResult(), tinyRecords());
    const bytes = new Map(folder.map((f) => [f.file, Buffer.from(f.bytes)]));
    expect(bytes.size).toBe(folder.length);
    const linked = [...markdown.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThan(5);
    for (const png of linked) {
      expect(bytes.get(png)?.subarray(1, 4).toString('ascii'), png).toBe('PNG');
    }
    expect(bytes.get('report.md')?.toString('utf8')).toBe(markdown);
    const json = JSON.parse(bytes.get('evaluation.json')!.toString('utf8'));
    expect(json.schema).toBe('toe-evaluation/2');
    expect([...bytes.keys()]).toEqual(
      expect.arrayContaining(['stays.json', 'methods.csv', 'summary.csv']),
    );
  });
});

describe('the CSV tables', () => {
  it('have one row per method × k with estimate, lower and upper', () => {
    const lines = methodsCsv(tinyResult()).trim().split('\n');
    expect(lines[0]).toMatch(/^method,label,k,mean_size,auroc,auroc_lower,auroc_upper,auprc,/);
    expect(lines).toHaveLength(1 + 4);
    expect(lines[1]).toMatch(/^toe,ToE \(beam search\),1,1,0\.75,/);
  });

  it('list every other figure in long form, undefined figures as empty cells', () => {
    const csv = summaryCsv(tinyResult());
    expect(csv.split('\n')[0]).toBe('section,figure,k,estimate,lower,upper');
    // A collapsed interval is withheld: empty bounds.
    expect(csv).toContain('headline,toe_auroc_retention,5,1,,\n');
    expect(csv).toMatch(/exhaustion \(S_max 10\),reachable_fp_rate,,,,\n/);
  });
});

describe('the spurious audit report', () => {
  it('states the training, both models and the comparison split by flag', () => {
    const text = spuriousResultsPage(tinySpuriousResult());
    expect(text).toContain('# Spurious-feature audit');
    expect(text).toContain('trained by this run in 8.2 s');
    expect(text).toContain('### Clean model');
    expect(text).toContain('### Corrupted model');
    expect(text).toContain('## How much more evidence the corrupted model needs');
    expect(text).toMatch(
      /\| flag = yes \| 4 \| 3\.00× \(2\.90–3\.10×\) \| n\/a \(undefined\) \| 40\.0% \(30\.0–50\.0%\) \|/,
    );
    expect(text).toContain('![Convergence rate by spurious_flag](spurious-convergence.png)');
  });
});
