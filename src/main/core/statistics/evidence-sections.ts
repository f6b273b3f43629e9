/**
 * What the searches kept: evidence size by outcome and correctness (paper appendix "Evidence
 * Size Distribution"), how much of it is note text, and how faithfully the evidence alone
 * reproduces the model. Each figure is the metrics module's own function on the seeded stay
 * resamples, converted to its JSON-safe form.
 */
import type {
  EvidenceSizeSection,
  FaithfulnessSection,
  ModalitySection,
  SizeGroup,
} from '../../../shared/audit-statistics';
import {
  comprehensiveness,
  decisionAgreement,
  evidenceSizeDistribution,
  fidelityMae,
  pick,
  pickFlags,
  sufficiencyAuprc,
  sufficiencyAuroc,
  type BootstrapOptions,
  type EvidenceSizeDistribution,
  type Flags,
  type Numbers,
  type SizeSummary,
} from '../metrics';
import { namedEstimates } from './bootstrap-estimates';
import type { EvidenceOutcomes, SearchOutcomes } from './outcome-columns';

type SizeGroupName = 'all' | 'positive' | 'negative' | 'correct' | 'incorrect';

function sizeGroups(d: EvidenceSizeDistribution): Record<SizeGroupName, SizeSummary> {
  return {
    all: d.all,
    positive: d.byOutcome.positive,
    negative: d.byOutcome.negative,
    correct: d.byCorrectness.correct,
    incorrect: d.byCorrectness.incorrect,
  };
}

/** Share of each group's searches that exhausted; NaN for an empty group. */
function exhaustedShares(
  labels: Numbers,
  yFull: Numbers,
  exhausted: Flags,
): Record<SizeGroupName, number> {
  const stays = { all: 0, positive: 0, negative: 0, correct: 0, incorrect: 0 };
  const hit = { all: 0, positive: 0, negative: 0, correct: 0, incorrect: 0 };
  const count = (name: SizeGroupName, i: number) => {
    stays[name]++;
    if (exhausted[i]) hit[name]++;
  };
  for (let i = 0; i < labels.length; i++) {
    count('all', i);
    if (labels[i] === 1) count('positive', i);
    else if (labels[i] === 0) count('negative', i);
    count(yFull[i] === labels[i] ? 'correct' : 'incorrect', i);
  }
  return {
    all: hit.all / stays.all,
    positive: hit.positive / stays.positive,
    negative: hit.negative / stays.negative,
    correct: hit.correct / stays.correct,
    incorrect: hit.incorrect / stays.incorrect,
  };
}

/**
 * |E| by outcome and by correctness, each group's mean, median and exhausted share with
 * their intervals. The histograms run to `maxSize` (e.g. S_max), else to the largest |E|.
 */
export function evidenceSizeSection(
  c: SearchOutcomes,
  boot: BootstrapOptions,
  maxSize?: number,
): EvidenceSizeSection {
  const dist = evidenceSizeDistribution(c.sizes, c.labels, c.yFull, maxSize);
  const fig = namedEstimates(c.sizes.length, boot, (indices) => {
    const labels = pick(c.labels, indices);
    const yFull = pick(c.yFull, indices);
    const d = evidenceSizeDistribution(pick(c.sizes, indices), labels, yFull, dist.maxSize);
    const exhausted = exhaustedShares(labels, yFull, pickFlags(c.exhausted, indices));
    const out: Record<string, number> = {};
    for (const [name, g] of Object.entries(sizeGroups(d))) {
      out[`${name}.mean`] = g.mean;
      out[`${name}.median`] = g.median;
      out[`${name}.exhausted`] = exhausted[name as SizeGroupName];
    }
    return out;
  });
  const groups = sizeGroups(dist);
  const group = (name: SizeGroupName): SizeGroup => ({
    n: groups[name].n,
    histogram: groups[name].histogram,
    mean: fig[`${name}.mean`]!,
    median: fig[`${name}.median`]!,
    exhausted: fig[`${name}.exhausted`]!,
  });
  return {
    maxSize: dist.maxSize,
    all: group('all'),
    byOutcome: { positive: group('positive'), negative: group('negative') },
    byCorrectness: { correct: group('correct'), incorrect: group('incorrect') },
  };
}

function sum(values: Numbers): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
}

function shareWithNotes(notes: Numbers): number {
  let hit = 0;
  for (let i = 0; i < notes.length; i++) if (notes[i]! > 0) hit++;
  return hit / notes.length;
}

export function modalitySection(c: EvidenceOutcomes, boot: BootstrapOptions): ModalitySection {
  const fig = namedEstimates(c.noteUnits.length, boot, (indices) => {
    const notes = pick(c.noteUnits, indices);
    return { units: sum(notes) / sum(pick(c.sizes, indices)), stays: shareWithNotes(notes) };
  });
  let staysWithNotes = 0;
  for (let i = 0; i < c.noteUnits.length; i++) if (c.noteUnits[i]! > 0) staysWithNotes++;
  return {
    evidenceUnits: sum(c.sizes),
    noteUnits: sum(c.noteUnits),
    noteUnitShare: fig.units,
    staysWithNotes,
    staysWithNotesShare: fig.stays,
  };
}

export function faithfulnessSection(
  c: EvidenceOutcomes,
  threshold: number,
  boot: BootstrapOptions,
): FaithfulnessSection {
  return namedEstimates(c.pFull.length, boot, (indices) => {
    const pFull = pick(c.pFull, indices);
    const pEvidence = pick(c.pEvidence, indices);
    const labels = pick(c.labels, indices);
    const yFull = pick(c.yFull, indices);
    return {
      sufficiencyAuroc: sufficiencyAuroc(pEvidence, labels),
      sufficiencyAuprc: sufficiencyAuprc(pEvidence, labels),
      fidelityMae: fidelityMae(pFull, pEvidence),
      comprehensiveness: comprehensiveness(pFull, pick(c.pWithoutEvidence, indices), yFull),
      decisionAgreement: decisionAgreement(pEvidence, yFull, threshold),
    };
  });
}
