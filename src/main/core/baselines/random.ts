import { allUnits, type StayModel } from '../models/stay-model';
import { sampleIndices, seededGenerator, type SeedOptions } from './seeded-random';
import type { UnitRanking } from './unit-ranking';

/**
 * Random selection, the lower bound (method.md, "Baselines"): a uniform random order of the
 * stay's valid units, so the first k of it are k valid units drawn uniformly without
 * replacement — and budgets are nested (the k = 3 pick extends the k = 1 pick), as for the
 * other rankings. Reproducible from (seed, stream); pass the stay id as the stream.
 */
export function randomRanking(
  model: Pick<StayModel, 'hours' | 'presentNotes'>,
  options: SeedOptions = {},
): UnitRanking {
  const units = allUnits(model);
  const order = sampleIndices(seededGenerator(options), units.length, units.length);
  return { method: 'random', ranking: order.map((i) => units[i]!), evaluations: 0 };
}
