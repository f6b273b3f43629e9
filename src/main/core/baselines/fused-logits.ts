import { sigmoid, type EvidenceQuery, type StayModel } from '../models/stay-model';

/**
 * Fused logits l_ts + l_note for many queries in ONE forward() call: a call is the
 * expensive unit with the ONNX runtime (session dispatch, tensor marshalling), so a
 * baseline hands over all of a stay's queries at once and the runtime splits them into
 * device-sized micro-batches itself if it must. (Exhaustive enumeration, whose set count
 * grows combinatorially, chunks its own calls.)
 */
export async function fusedLogits(
  model: StayModel,
  queries: readonly EvidenceQuery[],
): Promise<Float64Array> {
  const logits = await model.forward(queries);
  if (logits.ts.length !== queries.length || logits.note.length !== queries.length) {
    throw new Error(`the model returned ${logits.ts.length} logits for ${queries.length} queries`);
  }
  return logits.ts.map((l, i) => l + logits.note[i]!);
}

/** Fused probabilities p(m) = sigmoid(l_ts + l_note), in one call. */
export async function fusedProbabilitiesOf(
  model: StayModel,
  queries: readonly EvidenceQuery[],
): Promise<Float64Array> {
  return (await fusedLogits(model, queries)).map(sigmoid);
}
