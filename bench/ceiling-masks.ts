// The ceiling's workload: `count` distinct random evidence masks of one stay, each of its
// own random density, scored in one forward() call (the straightforward path).
import type { EvidenceQuery, StayModel } from '../src/main/core/models';
import { seededRandom } from './random';

export const CEILING_MASKS = 4096;

export function randomQueries(
  model: Pick<StayModel, 'hours' | 'noteSlots' | 'presentNotes'>,
  count: number,
  seed: number,
): EvidenceQuery[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const density = random();
    const ts = Float32Array.from({ length: model.hours }, () => (random() < density ? 1 : 0));
    const note = new Float32Array(model.noteSlots);
    for (const j of model.presentNotes) note[j] = random() < density ? 1 : 0;
    return { ts, note };
  });
}

/** States scored per second: one warm-up call, then the median of `repeats` timed calls. */
export async function statesPerSecond(
  model: StayModel,
  queries: readonly EvidenceQuery[],
  repeats = 3,
): Promise<number> {
  await model.forward(queries);
  const rates: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    await model.forward(queries);
    rates.push(queries.length / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)]!;
}
