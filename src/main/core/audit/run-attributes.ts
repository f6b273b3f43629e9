/**
 * The attributes (sex, age band, …) of a run's stays as the store holds them, for the bias
 * audit: one query over the run's plan, so no tensor is loaded to read a few strings.
 */
import { attributesOfPlannedStays, type Store } from '../store';
import type { AttributesByStay } from './subgroups';

export function runStayAttributes(store: Store, runId: number): AttributesByStay {
  return attributesOfPlannedStays(store, runId);
}
