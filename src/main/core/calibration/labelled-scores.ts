/**
 * The checks every fit and threshold rule runs first: a length mismatch, a probability
 * outside [0, 1] or a label of 2 is a programming error (RangeError), while a split with
 * only one class is a property of the data, reported as bad input naming what is missing.
 */
import { InputError } from '../errors/input-error';
import { checkBinary, checkProbabilities, sameLength, type Numbers } from '../statistics/inputs';

export type { Numbers };

/** Checks scores and labels; returns the number of stays and of events (label 1). */
export function checkLabelledProbabilities(
  name: string,
  probabilities: Numbers,
  labels: Numbers,
): { stays: number; events: number } {
  const stays = sameLength(name, probabilities, labels);
  checkProbabilities(name, probabilities);
  checkBinary(name, labels);
  let events = 0;
  for (let i = 0; i < stays; i++) events += labels[i]!;
  return { stays, events };
}

/** As checkLabelledProbabilities, and refuses data without both an event and a non-event. */
export function checkBothClasses(
  name: string,
  probabilities: Numbers,
  labels: Numbers,
): { stays: number; events: number } {
  const counts = checkLabelledProbabilities(name, probabilities, labels);
  if (counts.events === 0 || counts.events === counts.stays) {
    throw new InputError(
      name,
      null,
      null,
      `needs stays of both outcomes, but all ${counts.stays} are ${counts.events === 0 ? 'non-events (label 0)' : 'events (label 1)'}.`,
    );
  }
  return counts;
}
