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
import { comprehensiveness, fidelityMae, sufficiencyAuprc, sufficiencyAuroc } from './faithfulness';
import {
  evidenceSizeDistribution,
  type EvidenceSizeDistribution,
  type SizeSummary,
} from './evidence-size';
import { pick, type BootstrapOptions } from './bootstrap';
import { type Numbers } from './inputs';
import { namedEstimates } from './bootstrap-estimates';
import { proportionEstimate } from './exact-intervals';
import type { EvidenceOutcomes, SearchOutcomes } from './outcome-columns';

const SIZE_GROUPS = ['all', 'positive', 'negative', 'correct', 'incorrect'] as const;
type SizeGroupName = (typeof SIZE_GROUPS)[number];

function sizeGroups(d: EvidenceSizeDistribution): Record<SizeGroupName, SizeSummary> {
  return {
    all: d.all,
    positive: d.byOutcome.positive,
    negative: d.byOutcome.negative,
    correct: d.byCorrectness.correct,
    incorrect: d.byCorrectness.incorrect,
  };
}

/** Exhausted searches and stays of each group, for its exhausted share. */
function exhaustedCounts(
  c: SearchOutcomes,
): Record<SizeGroupName, { exhausted: number; stays: number }> {
  const out = {} as Record<SizeGroupName, { exhausted: number; stays: number }>;
  for (const name of SIZE_GROUPS) out[name] = { exhausted: 0, stays: 0 };
  const count = (name: SizeGroupName, i: number) => {
    out[name].stays++;
    if (c.exhausted[i]) out[name].exhausted++;
  };
  for (let i = 0; i < c.labels.length; i++) {
    count('all', i);
    if (c.labels[i] === 1) count('positive', i);
    else if (c.labels[i] === 0) count('negative', i);
    count(c.yFull[i] === c.labels[i] ? 'correct' : 'incorrect', i);
  }
  return out;
}

/**
 * |E| by outcome and by correctness, each group's mean, median and exhausted share with
 * their intervals (the mean and median bootstrapped, the exhausted share, a count over a
 * count, Clopper–Pearson). The histograms run to `maxSize` (e.g. S_max), else to the
 * largest |E|.
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
    const out: Record<string, number> = {};
    for (const [name, g] of Object.entries(sizeGroups(d))) {
      out[`${name}.mean`] = g.mean;
      out[`${name}.median`] = g.median;
    }
    return out;
  });
  const groups = sizeGroups(dist);
  const exhausted = exhaustedCounts(c);
  const level = boot.level ?? 0.95;
  const group = (name: SizeGroupName): SizeGroup => ({
    n: groups[name].n,
    histogram: groups[name].histogram,
    mean: fig[`${name}.mean`]!,
    median: fig[`${name}.median`]!,
    exhausted: proportionEstimate(exhausted[name].exhausted, exhausted[name].stays, level),
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

/**
 * The note share of evidence units pools units within stays (a stay's units are not
 * independent trials), so it is bootstrapped over stays; the share of stays with a note is a
 * count of stays and gets its Clopper–Pearson interval.
 */
export function modalitySection(c: EvidenceOutcomes, boot: BootstrapOptions): ModalitySection {
  const fig = namedEstimates(c.noteUnits.length, boot, (indices) => ({
    units: sum(pick(c.noteUnits, indices)) / sum(pick(c.sizes, indices)),
  }));
  let staysWithNotes = 0;
  for (let i = 0; i < c.noteUnits.length; i++) if (c.noteUnits[i]! > 0) staysWithNotes++;
  return {
    evidenceUnits: sum(c.sizes),
    noteUnits: sum(c.noteUnits),
    noteUnitShare: fig.units,
    staysWithNotes,
    staysWithNotesShare: proportionEstimate(staysWithNotes, c.noteUnits.length, boot.level ?? 0.95),
  };
}

export function faithfulnessSection(
  c: EvidenceOutcomes,
  threshold: number,
  boot: BootstrapOptions,
): FaithfulnessSection {
  // Stays whose evidence alone takes the full input's decision: a count of stays.
  let agree = 0;
  for (let i = 0; i < c.pFull.length; i++)
    if ((c.pEvidence[i]! >= threshold ? 1 : 0) === c.yFull[i]) agree++;
  const bootstrapped = namedEstimates(c.pFull.length, boot, (indices) => {
    const pFull = pick(c.pFull, indices);
    const pEvidence = pick(c.pEvidence, indices);
    const labels = pick(c.labels, indices);
    const yFull = pick(c.yFull, indices);
    return {
      sufficiencyAuroc: sufficiencyAuroc(pEvidence, labels),
      sufficiencyAuprc: sufficiencyAuprc(pEvidence, labels),
      fidelityMae: fidelityMae(pFull, pEvidence),
      comprehensiveness: comprehensiveness(pFull, pick(c.pWithoutEvidence, indices), yFull),
    };
  });
  return {
    ...bootstrapped,
    decisionAgreement: proportionEstimate(agree, c.pFull.length, boot.level ?? 0.95),
  };
}
