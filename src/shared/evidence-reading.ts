/**
 * A stay's evidence in words a reviewer reads without the method at hand: one sentence on
 * whether the evidence alone reproduces the decision and whether the stay without it loses
 * it, where the search chose between sets of equal score, and which step's set it reports.
 * Pure, so the trace view shows exactly what the tests check.
 */
import type { StayAuditDetail, StayAuditResult, TraceState, TraceStep } from './audit';
import type { HourlyVariable } from './stay-detail';
import { conceptSections } from './variable-concepts';

/** Scores this close count as equal: the search's own tolerance (core/search/state-order.ts). */
export const SCORE_TIE = 1e-9;

/**
 * Sufficient: the evidence alone gives the full input's decision. Necessary: the stay
 * without the evidence does not (the decision flips), at the run's threshold.
 */
export interface EvidenceRole {
  sufficient: boolean;
  necessary: boolean;
}

type EvidenceOutcome = Pick<
  StayAuditResult,
  'pFull' | 'yFull' | 'pEvidence' | 'pWithoutEvidence' | 'evidence'
>;

/** The run's decision: its threshold, and whether probabilities are calibrated risks. */
export interface DecisionScale {
  threshold: number;
  calibrated: boolean;
}

export function evidenceRole(
  result: Pick<StayAuditResult, 'yFull' | 'pEvidence' | 'pWithoutEvidence'>,
  threshold: number,
): EvidenceRole {
  const decision = (p: number) => (p >= threshold ? 1 : 0);
  return {
    sufficient: decision(result.pEvidence) === result.yFull,
    necessary: decision(result.pWithoutEvidence) !== result.yFull,
  };
}

/** Whole numbers as runs of consecutive ones: [1, 2, 5, 17, 18] → [[1, 2], [5, 5], [17, 18]]. */
export function numberRuns(numbers: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

/** "1–2, 5 and 17–18". */
export function runsText(numbers: readonly number[]): string {
  return listWords(
    numberRuns(numbers).map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)),
  );
}

/** Window ids as runs of 1-based hours: [0, 1, 16, 17] → [[1, 2], [17, 18]]. */
export function hourRuns(windows: readonly number[]): [number, number][] {
  return numberRuns(windows.map((t) => t + 1));
}

/** "a", "a and b", "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "hour 5", "hours 1–2 and 17–24" (hours since the window began, 1-based like W1…). */
export function hoursText(windows: readonly number[]): string {
  return `${windows.length === 1 ? 'hour' : 'hours'} ${runsText(windows.map((t) => t + 1))}`;
}

/** "step 4", "steps 1–10". */
export function stepsText(steps: readonly number[]): string {
  return `${steps.length === 1 ? 'step' : 'steps'} ${runsText(steps)}`;
}

/**
 * Decimals for the sentence's percentages: as few as keep every probability on its true side
 * of the threshold as printed (at whole percents, 34.4% and a 34.2% threshold both read 34%).
 */
function percentDigits(probabilities: readonly number[], threshold: number): number {
  const side = (p: number, digits: number) =>
    Math.sign(Number((100 * p).toFixed(digits)) - Number((100 * threshold).toFixed(digits)));
  for (let digits = 0; digits < 3; digits++)
    if (probabilities.every((p) => side(p, digits) === Math.sign(p - threshold))) return digits;
  return 3;
}

const VERDICTS: Record<`${boolean} ${boolean}`, string> = {
  'true true': 'sufficient and necessary',
  'true false': 'sufficient, not necessary',
  'false true': 'necessary, not sufficient',
  'false false': 'neither sufficient nor necessary',
};

/**
 * One plain sentence per stay, e.g. "82% risk, flagged at the 34% threshold: hours 1–2 and
 * 17–24 alone give 82% (flagged too); without them 55% (still flagged): sufficient, not
 * necessary." Paper-mode probabilities are not risks, and the sentence says so.
 */
export function evidenceSentence(
  result: EvidenceOutcome,
  decision: DecisionScale,
  windows: number,
): string {
  const { threshold } = decision;
  const digits = percentDigits(
    [result.pFull, result.pEvidence, result.pWithoutEvidence],
    threshold,
  );
  const percent = (p: number) => `${(100 * p).toFixed(digits)}%`;
  const flagged = result.yFull === 1;
  const opening = `${decision.calibrated ? `${percent(result.pFull)} risk` : `Uncalibrated model probability ${percent(result.pFull)}`}, ${flagged ? 'flagged' : 'not flagged'} at the ${percent(threshold)} threshold`;
  const { sufficient, necessary } = evidenceRole(result, threshold);
  const alone = sufficient
    ? flagged
      ? 'flagged too'
      : 'not flagged either'
    : flagged
      ? 'not flagged'
      : 'flagged';
  if (result.evidence.length === 0)
    return `${opening}; the search kept no unit, and the fixed context alone gives ${percent(result.pEvidence)} (${alone}).`;
  const without = necessary
    ? flagged
      ? 'no longer flagged'
      : 'now flagged'
    : flagged
      ? 'still flagged'
      : 'still not flagged';
  const one = result.evidence.length === 1;
  return `${opening}: ${evidenceText(result.evidence, windows)} alone ${one ? 'gives' : 'give'} ${percent(result.pEvidence)} (${alone}); without ${one ? 'it' : 'them'} ${percent(result.pWithoutEvidence)} (${without}): ${VERDICTS[`${sufficient} ${necessary}`]}.`;
}

/** "hours 1–2 and 17–24 plus note chunks N1 and N3" (unit ids from T on are notes). */
export function evidenceText(evidence: readonly number[], windows: number): string {
  const hours = evidence.filter((u) => u < windows);
  const notes = evidence.filter((u) => u >= windows).map((u) => `N${u - windows + 1}`);
  const noteText =
    notes.length > 0 ? `note chunk${notes.length > 1 ? 's' : ''} ${listWords(notes)}` : '';
  if (hours.length === 0) return noteText;
  return noteText ? `${hoursText(hours)} plus ${noteText}` : hoursText(hours);
}

type ChartedVariable = Pick<HourlyVariable, 'concept' | 'mean'>;

/**
 * What hour t (0-based) charted, section by section in the variables' (concept) order:
 * "HR, SBP, SpO₂ (vital signs); lactate, pH (blood gas)", or "nothing charted".
 */
export function chartedText(variables: readonly ChartedVariable[], t: number): string {
  const charted = variables.filter((v) => (v.mean[t] ?? null) !== null);
  if (charted.length === 0) return 'nothing charted';
  return conceptSections(charted, (v) => v.concept.group)
    .map(({ group, items }) => `${items.map((v) => v.concept.short).join(', ')} (${group})`)
    .join('; ');
}

/** Consecutive hours that charted the same variables, as one run (0-based, inclusive). */
export interface ChartedRun {
  first: number;
  last: number;
  charted: string;
}

/**
 * The given hours in order, consecutive ones that charted alike merged: a day of hourly
 * vitals reads as one line, and the hour a lab came back stands out as its own.
 */
export function chartedRuns(
  variables: readonly ChartedVariable[],
  hours: readonly number[],
): ChartedRun[] {
  const runs: ChartedRun[] = [];
  for (const t of [...hours].sort((a, b) => a - b)) {
    const charted = chartedText(variables, t);
    const last = runs.at(-1);
    if (last && last.last === t - 1 && last.charted === charted) last.last = t;
    else runs.push({ first: t, last: t, charted });
  }
  return runs;
}

/** What put the leader first among sets of equal score: method.md's tie-breaks, in order. */
export type TieBreak = 'closest p' | 'fewer units' | 'unit order';

/** Kept sets of one step whose score equals the leader's. */
export interface LeaderTie {
  step: number;
  score: number;
  /** The tied sets in beam order, the leader first. */
  tied: TraceState[];
  /** Every kept set ties while more were scored: the beam's cut may have dropped others. */
  wholeBeam: boolean;
  decidedBy: TieBreak;
}

/** Steps whose leading set shares its score with another kept set, and how it won. */
export function leaderTies(trace: readonly TraceStep[], pFull: number): LeaderTie[] {
  return trace.flatMap((step) => {
    const leader = step.kept[step.leader];
    if (!leader) return [];
    const tied = [
      leader,
      ...step.kept.filter(
        (s, i) => i !== step.leader && Math.abs(s.score - leader.score) <= SCORE_TIE,
      ),
    ];
    if (tied.length < 2) return [];
    return [
      {
        step: step.step,
        score: leader.score,
        tied,
        wholeBeam: tied.length === step.kept.length && step.childrenScored > step.kept.length,
        decidedBy: tieBreak(leader, tied[1]!, pFull),
      },
    ];
  });
}

function tieBreak(leader: TraceState, runnerUp: TraceState, pFull: number): TieBreak {
  if (Math.abs(pFull - leader.p) !== Math.abs(pFull - runnerUp.p)) return 'closest p';
  if (leader.size !== runnerUp.size) return 'fewer units';
  return 'unit order';
}

/** The step whose leading set is reported, and the step whose leading set scored highest. */
export interface ReportedStep {
  reported: { step: number; state: TraceState };
  /** The earliest step with the highest leading score (the reported one when it is highest). */
  peak: { step: number; state: TraceState };
}

/**
 * The search reports the leading set of the last step it took: the step that converged, or
 * S_max's when it exhausted; it never returns to an earlier step. Null without a trace, or
 * if the stored evidence is not that set (then nothing here may claim why it was chosen).
 */
export function reportedStep(
  audit: Pick<StayAuditDetail, 'trace' | 'evidence'>,
): ReportedStep | null {
  const leaders = audit.trace.flatMap((step) => {
    const state = step.kept[step.leader];
    return state ? [{ step: step.step, state }] : [];
  });
  const reported = leaders.at(-1);
  if (!reported || reported.state.units.join(',') !== audit.evidence.join(',')) return null;
  const peak = leaders.reduce((best, l) =>
    l.state.score > best.state.score + SCORE_TIE ? l : best,
  );
  return { reported, peak };
}
