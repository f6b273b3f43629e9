/**
 * Why a stay is in the review worklist, and what its reviewer is asked to judge, in the run's
 * review policy's own terms (docs/abstention.md, "The policies"). One sentence each, written
 * for the clinician with one patient: percentages as a chart reads them (36%, not 0.3572),
 * "alert" for the model's decision and "queued for review" for the policy's, never one word
 * for both. The notation (p_full, τ, the review score) stays in the "how this was computed"
 * fold of the view that shows these sentences.
 */
import type { AbstentionPolicyName, ReviewBudget } from './abstention';
import type { AbstentionReason } from './abstention-queue';
import { taskOutcome } from './task-titles';

// Callers that name a run's task with its sentences take its title from here too.
export { taskTitle } from './task-titles';

/** What the sentences need of one stay of a run's queue (an AbstentionRow and its run). */
export interface QueuedStayFacts {
  /** The probability the decision used: calibrated when the run calibrated, else raw. */
  risk: number;
  /** The alert threshold on that same scale. */
  threshold: number;
  /** Whether the model raised an alert (risk ≥ threshold). */
  alert: boolean;
  /** Whether `risk` is calibrated, so "wrong about N times in 100" can be said of it. */
  calibrated: boolean;
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  /** Whether the policy queued the stay at the budget (lists may show stays it did not). */
  queued: boolean;
  /** How the stay's search ended. */
  search: AbstentionReason;
  /** The run's task code (E1), for naming the outcome the reviewer checks for. */
  task: string;
}

export interface ReviewReason {
  /** Why the stay is (or is not) queued, in the policy's terms: one sentence. */
  reason: string;
  /** What the reviewer is asked to judge: one question and where to look. */
  question: string;
}

/**
 * A probability as a clinician reads it: whole percent, with "<1%" and ">99%" at the ends so
 * that a real risk never reads as 0% or a sure one as 100%.
 */
export function percentText(p: number): string {
  const percent = p * 100;
  if (percent > 0 && percent < 0.5) return '<1%';
  if (percent < 100 && percent >= 99.5) return '>99%';
  return `${Math.round(percent)}%`;
}

/** "a 36% risk", "an 88% risk", "an 8% risk": the article follows the spoken number. */
function aRisk(p: number): string {
  const text = percentText(p);
  return `${/^(8|11%|18%)/.test(text) ? 'an' : 'a'} ${text} risk`;
}

/** "just above the 34% alert threshold": near means within 5 percentage points. */
function besideThreshold(facts: QueuedStayFacts): string {
  const at = `the ${percentText(facts.threshold)} alert threshold`;
  if (percentText(facts.risk) === percentText(facts.threshold)) return `at ${at}`;
  const near = Math.abs(facts.risk - facts.threshold) < 0.05 ? 'just ' : '';
  return `${near}${facts.risk >= facts.threshold ? 'above' : 'below'} ${at}`;
}

/** Which decisions the budget queues: "the 10% of decisions most likely wrong". */
function budgetGroup(budget: ReviewBudget, rankedBy: string): string {
  switch (budget.kind) {
    case 'share':
      return `the ${Number((budget.share * 100).toFixed(2))}% of decisions ${rankedBy}`;
    case 'stays':
      return `the ${budget.count} ${budget.count === 1 ? 'decision' : 'decisions'} ${rankedBy}`;
    case 'max-error':
      return `the decisions ${rankedBy} that must be checked to keep the error among the rest at or below ${percentText(budget.alpha)}`;
  }
}

/** "among the 10% of decisions most likely wrong", or why the stay is outside them. */
function membership(facts: QueuedStayFacts, rankedBy: string): string {
  const group = budgetGroup(facts.budget, rankedBy);
  return facts.queued ? `among ${group}` : `but it is not queued for review: not among ${group}`;
}

/** The model's own chance that its decision is wrong, said as counts. */
function ownErrorEstimate(facts: QueuedStayFacts): string {
  const wrong = Math.round((facts.alert ? 1 - facts.risk : facts.risk) * 100);
  const times = `about ${Math.max(1, Math.min(99, wrong))} times in 100`;
  return facts.alert
    ? `it raised an alert it thinks is wrong ${times}`
    : `it raised no alert, and thinks that is wrong ${times}`;
}

/** What the search found, in plain words, for the paper's rule. */
function searchOutcome(facts: QueuedStayFacts): string {
  const decision = facts.alert ? 'this alert' : 'this decision not to alert';
  switch (facts.search) {
    case 'unreachable':
      return `The search found no small set of hours or notes that reproduces ${decision}, and at ${aRisk(facts.risk)}, so near the threshold, no set could have`;
    case 'both':
      return `The search found no small set of hours or notes that reproduces ${decision} confidently and stays close to the model's ${percentText(facts.risk)} risk`;
    case 'confidence':
      return `The search found no small set of hours or notes that reproduces ${decision} confidently`;
    case 'stability':
      return `The search found hours or notes that reproduce ${decision}, but on their own they move the risk too far from the model's ${percentText(facts.risk)}`;
    case 'unexplained':
      return `The search stopped without reproducing ${decision} for no reason it recorded (worth checking the run)`;
    case 'converged':
      return `The search did find a small set of hours or notes that reproduces ${decision}`;
  }
}

function reasonSentence(facts: QueuedStayFacts): string {
  const risk = `The model gives ${aRisk(facts.risk)}, ${besideThreshold(facts)}`;
  switch (facts.policy) {
    case 'error-probability':
      return facts.calibrated
        ? `${risk}: ${ownErrorEstimate(facts)}, ${membership(facts, 'most likely wrong')}.`
        : `${risk} (an uncalibrated score, so only a ranking): ${membership(facts, 'nearest to being wrong by that score')}.`;
    case 'guaranteed':
      return facts.calibrated
        ? `${risk}: ${ownErrorEstimate(facts)}, ${facts.queued ? 'which is more than the cut certified on the validation split accepts' : 'which the cut certified on the validation split accepts, so it is not queued for review'}.`
        : `${risk} (an uncalibrated score): ${facts.queued ? 'beyond' : 'within'} the cut certified on the validation split.`;
    case 'confidence':
      return `${risk}: ${facts.alert ? 'its alert' : 'its decision not to alert'} is ${membership(facts, 'nearest the threshold, where a small change in the record would flip it')}.`;
    case 'exhausted':
      return facts.search === 'converged'
        ? `${searchOutcome(facts)}; ${facts.queued ? `it is queued for review because the searches that failed did not fill the budget, and at ${aRisk(facts.risk)} it is next nearest the ${percentText(facts.threshold)} alert threshold` : 'so the paper’s rule does not queue it for review'}.`
        : `${searchOutcome(facts)}, ${facts.queued ? 'so the paper’s rule queues it for review' : `but it is not queued for review: the budget holds ${budgetGroup(facts.budget, 'whose search failed, nearest the threshold first')}`}.`;
    case 'toe-tuned':
      return `${risk}: with its stopping rule re-tuned on the validation split, the search did not settle ${facts.alert ? 'this alert' : 'this decision'} well clear of the threshold, ${membership(facts, 'least settled')}.`;
    case 'learned':
      return `${risk}: a model of wrong decisions, fitted on the validation split from the risk and the search's record, puts it ${membership(facts, 'most likely wrong')}.`;
  }
}

function questionSentence(facts: QueuedStayFacts): string {
  const outcome = taskOutcome(facts.task) ?? `the “${facts.task}” outcome`;
  return facts.alert
    ? `Is this alert warranted? Check whether the evidence hours and notes show a real risk of ${outcome}.`
    : `Was a deterioration missed? Check the evidence hours and notes for signs of ${outcome} the model did not alert on.`;
}

/**
 * Stays named by how their search ended, after the noun: "false positives whose search ran
 * out of steps" (the method's "exhausted", a word a reader need not learn).
 */
export const SEARCH_STATUS_WORDS: Record<'converged' | 'exhausted', string> = {
  converged: 'whose search found a small set of evidence',
  exhausted: 'whose search ran out of steps',
};

/** The reason sentence and the reviewer's question for one stay of the worklist. */
export function reviewReason(facts: QueuedStayFacts): ReviewReason {
  return { reason: reasonSentence(facts), question: questionSentence(facts) };
}

/**
 * How a search ended, in plain words, for the worklist's "search details": the paper's
 * reasons (unreachable, both, confidence, stability) without τ or C and S.
 */
export const SEARCH_ENDINGS: Record<AbstentionReason, string> = {
  unreachable: 'could not succeed: risk too near the threshold',
  both: 'no set both confident and close to the risk',
  confidence: 'no set confident enough',
  stability: 'evidence alone moved the risk too far',
  unexplained: 'stopped for no recorded reason',
  converged: 'found a small set of evidence',
};
