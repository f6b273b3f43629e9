import { allUnits, type StayModel } from '../models/stay-model';
import { emptyUnitScores, rankByScore, type UnitRanking } from './unit-ranking';

/**
 * Top-k ranking (method.md, "Baselines"): the units with the highest selector scores, the
 * Phase II selector's own choice without search. Only valid units are ranked, so padding
 * note slots (score -Infinity) can never be chosen; equal scores fall to the smaller id.
 * Costs no model evaluation.
 */
export async function topKRanking(model: StayModel): Promise<UnitRanking> {
  const selector = await model.selectorScores();
  const scores = emptyUnitScores(model);
  for (let t = 0; t < model.hours; t++) scores[t] = selector.ts[t]!;
  for (const j of model.presentNotes) scores[model.hours + j] = selector.note[j]!;
  const ranking = rankByScore(allUnits(model), (unit) => scores[unit]!);
  return { method: 'top-k', ranking, scores, evaluations: 0 };
}
