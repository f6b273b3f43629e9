/**
 * The descriptive sections of a run's cohort statistics: evidence size, modality use,
 * calibration and faithfulness. Each figure is the metrics module's own function, computed
 * on the seeded stay resamples (joint-bootstrap: the resamples withCi draws for the seed)
 * and converted to its JSON-safe form.
 */
import {
  auroc,
  averagePrecision,
  comprehensiveness,
  decisionAgreement,
  evidenceSizeDistribution,
  expectedCalibrationError,
  fidelityMae,
  reliabilityCurve,
  sufficiencyAuprc,
  sufficiencyAuroc,
  pick,
  type BootstrapOptions,
  type EvidenceSizeDistribution,
  type Numbers,
  type SizeSummary,
} from '../metrics';
import type {
  CalibrationBinReport,
  CalibrationSection,
  EvidenceSizeSection,
  FaithfulnessSection,
  Figure,
  ModalitySection,
  SizeGroup,
} from '../../../shared/audit-statistics';
import { namedIntervals } from './joint-bootstrap';
import { jsonNumber, toFigure } from './reported-figure';

// The sections' shapes cross the API, so they live in src/shared.
export type {
  CalibrationBinReport,
  CalibrationSection,
  EvidenceSizeSection,
  FaithfulnessSection,
  ModalitySection,
  SizeGroup,
};
import type { StayColumns } from './stay-columns';

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

export function evidenceSizeSection(
  c: StayColumns,
  boot: BootstrapOptions,
  maxSize?: number,
): EvidenceSizeSection {
  const dist = evidenceSizeDistribution(c.sizes, c.labels, c.yFull, maxSize);
  const ci = namedIntervals(c.n, boot, (indices) => {
    const d = evidenceSizeDistribution(
      pick(c.sizes, indices),
      pick(c.labels, indices),
      pick(c.yFull, indices),
      dist.maxSize,
    );
    const out: Record<string, number> = {};
    for (const [name, g] of Object.entries(sizeGroups(d))) {
      out[`${name}.mean`] = g.mean;
      out[`${name}.median`] = g.median;
    }
    return out;
  });
  const groups = sizeGroups(dist);
  const group = (name: SizeGroupName): SizeGroup => ({
    n: groups[name].n,
    histogram: groups[name].histogram,
    mean: toFigure(ci[`${name}.mean`]!),
    median: toFigure(ci[`${name}.median`]!),
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

export function modalitySection(c: StayColumns, boot: BootstrapOptions): ModalitySection {
  const ci = namedIntervals(c.n, boot, (indices) => {
    const notes = pick(c.noteUnits, indices);
    return { units: sum(notes) / sum(pick(c.sizes, indices)), stays: shareWithNotes(notes) };
  });
  return {
    evidenceUnits: sum(c.sizes),
    noteUnits: sum(c.noteUnits),
    noteUnitShare: toFigure(ci.units),
    staysWithNotes: c.noteUnits.filter((units) => units > 0).length,
    staysWithNotesShare: toFigure(ci.stays),
  };
}

export function calibrationSection(
  probs: Numbers,
  labels: Numbers,
  bins: number,
  boot: BootstrapOptions,
): CalibrationSection {
  const ci = namedIntervals(probs.length, boot, (indices) => {
    const p = pick(probs, indices);
    const y = pick(labels, indices);
    const out: Record<string, number> = { ece: expectedCalibrationError(p, y, bins) };
    reliabilityCurve(p, y, bins).forEach((bin, b) => (out[`bin${b}`] = bin.observedRate));
    return out;
  });
  const curve = reliabilityCurve(probs, labels, bins).map((bin, b) => ({
    lower: bin.lower,
    upper: bin.upper,
    count: bin.count,
    meanPredicted: jsonNumber(bin.meanPredicted),
    observedRate: toFigure(ci[`bin${b}`]!),
  }));
  return { ece: toFigure(ci.ece!), curve };
}

export function faithfulnessSection(
  c: StayColumns,
  threshold: number,
  boot: BootstrapOptions,
): FaithfulnessSection {
  const ci = namedIntervals(c.n, boot, (indices) => {
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
  return {
    sufficiencyAuroc: toFigure(ci.sufficiencyAuroc),
    sufficiencyAuprc: toFigure(ci.sufficiencyAuprc),
    fidelityMae: toFigure(ci.fidelityMae),
    comprehensiveness: toFigure(ci.comprehensiveness),
    decisionAgreement: toFigure(ci.decisionAgreement),
  };
}

/** The full-input model's own discrimination, for context beside the evidence figures. */
export function discriminationSection(
  c: StayColumns,
  boot: BootstrapOptions,
): { auroc: Figure; auprc: Figure } {
  const ci = namedIntervals(c.n, boot, (indices) => {
    const pFull = pick(c.pFull, indices);
    const labels = pick(c.labels, indices);
    return { auroc: auroc(pFull, labels), auprc: averagePrecision(pFull, labels) };
  });
  return { auroc: toFigure(ci.auroc), auprc: toFigure(ci.auprc) };
}
