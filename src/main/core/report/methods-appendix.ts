/**
 * Appendix A: the definitions behind every figure (docs/method.md, docs/audit-metrics.md in
 * brief), the run's and the report's parameters, the audited population's missing inputs,
 * the example-selection rules and the bundle's file hashes: what an auditor needs to redo it.
 */
import { variableMatchSentences } from '../../../shared/variable-match';
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly } from '../../../shared/evidence-units';
import { EXAMPLE_RULES } from './example-selection';
import { percentPoint } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

const DEFINITIONS: readonly (readonly [string, string])[] = [
  [
    'Evidence units',
    'Hourly windows W1..W24 of the first 24 h after t0 (per variable: mean, min, max and a missingness flag) and radiology-note chunks N1..N20 (3 sentences each, the most recent 20). CXR labels and ECG measurements are context: never searched.',
  ],
  [
    'Model',
    'p(m) = sigmoid(l_ts(m_ts) + l_note(m_note)): a time-series stream and a note stream, each with the context as prior; p_full = p(all units); ŷ = 1 iff p_full ≥ the decision threshold.',
  ],
  [
    'Search objective',
    'C(m) = p(m) if ŷ = 1, else 1 − p(m); S(m) = 1 − |p_full − p(m)| (probability space) or 1 − |logit p_full − logit p(m)| (logit space); K(m) = number of units; score = C + λS − μK.',
  ],
  [
    'Beam search',
    'From the empty set, each step adds one unused candidate unit to every beam state, scores all children, removes duplicates and keeps the best B (ties: smaller |p_full − p|, fewer units, unit ids).',
  ],
  [
    'Converged / exhausted',
    'After a step, if the best state has C ≥ τ_conf and S ≥ τ_suff the search converged; after S_max steps without that it exhausted and returns its best state.',
  ],
  [
    'Reachable',
    'Convergence is possible only if p_full ≥ τ_conf − (1 − τ_suff) for ŷ = 1 (≤ 1 − that for ŷ = 0) in probability space; an unreachable stay always exhausts.',
  ],
  [
    'Abstention',
    'Withdrawing an alert (a positive prediction) whose search exhausted; compared with the confidence-only rule (withdraw where convergence was unreachable) and with exhaustion where it was reachable.',
  ],
  [
    'Intervals',
    '95% percentile bootstrap over stays (resampled with replacement), with a fixed seed; counts are exact. A figure with no value says why: “n/a (undefined)” for 0/0 or one class absent, “∞ (infinite)” for x/0.',
  ],
  [
    'Calibration',
    'Reliability over 10 equal-width bins of predicted probability; ECE = Σ_b (n_b / n)·|mean p − observed rate| in bin b; for p_full and for the evidence alone (p_E).',
  ],
  [
    'Faithfulness',
    'Sufficiency AUROC/AUPRC of p_E against the labels; fidelity MAE = mean |p_full − p_E|; comprehensiveness = mean drop of Pr(ŷ) when the evidence is removed; decision agreement = share with [p_E ≥ threshold] = ŷ.',
  ],
  [
    'Bias audit',
    'Per group: prevalence (reported, never compared), AUROC, ECE, observed/expected, FPR, FNR, PPV, exhaustion, abstention, mean |E| and fidelity MAE. Ratios to the reference group with stratified bootstrap intervals and p-values; Benjamini–Hochberg over all tests; flagged if outside the band and significant.',
  ],
  [
    'Missing inputs',
    'A variable with nothing charted in an hour is 0 after standardisation and its missingness flag is 1 (the flag carries the information); forward filling only if the bundle says so. Empty note slots are masked (presence 0) and never candidates; a stay without a CXR study has an all-zero CXR vector (has_cxr = 0), one without an ECG has every field marked “not used” (has_ecg = 0).',
  ],
];

function parameters(layout: PdfLayout, data: ReportData): void {
  const p = data.model.params;
  const b = data.bias.parameters;
  const s = data.settings;
  drawTable(
    layout,
    [
      { header: 'Parameter', weight: 4 },
      { header: 'Value', weight: 3 },
      { header: 'Set by', weight: 3 },
    ],
    [
      ['Beam width B', String(p.beamWidth), 'the run'],
      ['Maximum steps S_max', String(p.maxSteps), 'the run'],
      [
        'Candidate windows N_ts / note chunks N_note',
        `${p.topTimeWindows} / ${p.topNoteChunks}`,
        'the run',
      ],
      ['λ (stability weight) / μ (cost per unit)', `${p.lambda} / ${p.mu}`, 'the run'],
      ['τ_conf / τ_suff', `${p.tauConf} / ${p.tauSuff}`, 'the run'],
      ['Stability space', p.stability, 'the run'],
      ['Decision threshold', String(p.threshold), 'the run (bundle default)'],
      ['Bootstrap resamples / seed', `${s.resamples} / ${s.seed}`, 'this report'],
      ['Calibration bins', String(data.statistics.parameters.bins), 'this report'],
      [
        'Bias: reference rule / minimum group size',
        `${typeof b.reference === 'string' ? b.reference : 'named groups'} / ${b.minGroupSize}`,
        'this report',
      ],
      [
        'Bias: disparity band / false discovery rate',
        `[${b.band[0]}, ${b.band[1]}] / ${b.fdr}`,
        'this report',
      ],
    ],
    { zebra: true },
  );
}

function missingInputs(layout: PdfLayout, data: ReportData): void {
  const c = data.coverage;
  const forwardFill = data.model.bundle
    ? data.model.bundle.forwardFill
      ? 'yes'
      : 'no'
    : '— (bundle not readable)';
  const notes = hourlyWindowsOnly(data.run.provenance)
    ? `${c.stays - c.staysWithoutNotes} had note chunks, which were not units (${HOURLY_WINDOWS_ONLY}: the model has no note stream); ${c.staysWithoutCxr} had no CXR study and ${c.staysWithoutEcg} no ECG. `
    : `${c.staysWithoutNotes} had no note chunk, ${c.staysWithoutCxr} no CXR study and ${c.staysWithoutEcg} no ECG; ` +
      `${c.staysWithDroppedChunks} had more note chunks than the model’s slots (only the most recent were units). `;
  layout.paragraph(
    `Among the ${c.stays} audited stays: ${notes}Forward filling in the bundle: ${forwardFill}. ` +
      variableMatchSentences(data.run.provenance.variableMatch)
        .map((sentence) => `${sentence} `)
        .join('') +
      'Share of stay-hours with nothing charted, per variable of the cohort:',
  );
  const cells = c.variables.map((v) => `${v.name} (${v.unit}): ${percentPoint(v.missingShare)}`);
  const rows: string[][] = [];
  for (let i = 0; i < cells.length; i += 3)
    rows.push([cells[i] ?? '', cells[i + 1] ?? '', cells[i + 2] ?? '']);
  drawTable(
    layout,
    [
      { header: 'Variable: hours missing', weight: 1 },
      { header: 'Variable: hours missing', weight: 1 },
      { header: 'Variable: hours missing', weight: 1 },
    ],
    rows,
    { zebra: true },
  );
}

/** DEFINITIONS, with the units and the model of a TS-only run (hourly windows only). */
function definitions(data: ReportData): readonly (readonly [string, string])[] {
  if (!hourlyWindowsOnly(data.run.provenance)) return DEFINITIONS;
  const tsOnly: Record<string, string> = {
    'Evidence units': `Hourly windows W1..W24 of the first 24 h after t0 (per variable: mean, min, max and a missingness flag): ${HOURLY_WINDOWS_ONLY}. The model has no note stream, so the stays’ note chunks, if any, are not units. CXR labels and ECG measurements are context: never searched.`,
    Model:
      'p(m) = sigmoid(l_ts(m_ts)): a TS-only model, one time-series stream with the context as prior; p_full = p(all units); ŷ = 1 iff p_full ≥ the decision threshold.',
  };
  return DEFINITIONS.map(([term, text]) => [term, tsOnly[term] ?? text] as const);
}

export function drawMethodsAppendix(layout: PdfLayout, data: ReportData): void {
  layout.section('methods', SECTIONS.methods);
  layout.heading('A.1 Definitions');
  layout.keyValues(definitions(data), 110);
  layout.heading('A.2 Parameters');
  parameters(layout, data);
  layout.heading('A.3 Data and missing inputs');
  missingInputs(layout, data);
  layout.heading('A.4 How the example traces were chosen');
  layout.keyValues(
    Object.values(EXAMPLE_RULES).map((r) => [r.title, r.rule] as const),
    130,
  );
  layout.heading('A.5 Provenance of the model');
  layout.paragraph(
    `Bundle ${data.model.bundleDir}; SHA-256 of every file as verified when the run started (execution provider ${data.run.provenance.executionProvider}, ToE Audit ${data.run.provenance.appVersion}):`,
  );
  drawTable(
    layout,
    [
      { header: 'File', weight: 3 },
      { header: 'SHA-256', weight: 7 },
    ],
    Object.entries(data.run.provenance.bundleHashes).map(([file, hash]) => [file, hash]),
    { zebra: true },
  );
  layout.paragraph(
    'Full definitions: docs/method.md and docs/audit-metrics.md of ToE Audit; the method follows the Tree-of-Evidence paper as pinned down in those pages.',
    { colour: COLOURS.muted },
  );
}
