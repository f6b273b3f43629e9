/**
 * Full-input scoring of a bundle on a cohort split, with exactly the definitions the
 * training pipeline records in manifest.metrics (docs/model-bundle.md, "Metrics"):
 *   TS-only = sigmoid(l_ts(1)), notes-only = sigmoid(l_note(a)), fused = sigmoid(l_ts(1) + l_note(a)),
 * computed with the monolithic stream graphs, like the pipeline's PyTorch evaluation, so the
 * app's figures equal the manifest's on the training cohort.
 */
import type { BundleStream } from '../../../shared/model-bundles';
import type { Split } from '../../../shared/domain';
import type { ProgressSink } from '../jobs/progress';
import {
  auroc,
  averagePrecision,
  expectedCalibrationError,
  withCi,
  type BootstrapCi,
} from '../statistics';
import type { Store } from '../store';
import { sessionFor } from './bundle-signatures';
import type { ModelRuntime } from './model-runtime';
import { runRows, type BatchInput } from './session-runs';
import { sigmoid } from './stay-model';
import type { StayTensors } from './stay-inputs';

export interface FullInputLogits {
  ts: Float64Array;
  note: Float64Array;
}

/** Stays encoded and scored per slice: bounds memory and gives the progress bar steps. */
const STAYS_PER_SLICE = 64;

function stack(
  tensors: readonly StayTensors[],
  pick: (t: StayTensors) => Float32Array,
): Float32Array {
  const size = tensors[0] ? pick(tensors[0]).length : 0;
  const out = new Float32Array(tensors.length * size);
  tensors.forEach((t, i) => out.set(pick(t), i * size));
  return out;
}

/** l_ts(1) and l_note(a) of many stays, batched across stays. */
export async function fullInputLogits(
  runtime: ModelRuntime,
  tensors: readonly StayTensors[],
): Promise<FullInputLogits> {
  const { T, D, Dc, De, M, E } = runtime.manifest.model.sizes;
  const n = tensors.length;
  const cxr: BatchInput = { data: stack(tensors, (t) => t.cxr), dims: [Dc] };
  const ecg: BatchInput = { data: stack(tensors, (t) => t.ecg), dims: [De] };
  const Ds = runtime.manifest.model.sizes.Ds;
  // encodeStay gives every stay its static vector when the bundle reads static inputs.
  const statics: Record<string, BatchInput> = Ds
    ? { static: { data: stack(tensors, (t) => t.static!), dims: [Ds] } }
    : {};
  const presence = stack(tensors, (t) => t.presence);
  const sessions = runtime.bundle.sessions;
  const ts = await runRows(
    sessions['ts_stream.onnx'],
    'ts_stream.onnx',
    {
      ts: { data: stack(tensors, (t) => t.ts), dims: [T, D] },
      ts_mask: { data: new Float32Array(n * T).fill(1), dims: [T] },
      cxr,
      ecg,
      ...statics,
    },
    'logit',
    n,
    runtime.maxBatch,
  );
  // A TS-only bundle has no note stream: l_note = 0, and "fused" is sigmoid(l_ts).
  if (!runtime.hasNoteStream) return { ts: Float64Array.from(ts), note: new Float64Array(n) };
  const note = await runRows(
    sessionFor(sessions, 'note_stream.onnx'),
    'note_stream.onnx',
    {
      chunk_embeddings: { data: stack(tensors, (t) => t.chunkEmbeddings), dims: [M, E] },
      presence: { data: presence, dims: [M] },
      note_mask: { data: presence, dims: [M] },
      cxr,
      ecg,
      ...statics,
    },
    'logit',
    n,
    runtime.maxBatch,
  );
  return { ts: Float64Array.from(ts), note: Float64Array.from(note) };
}

export interface LabelledLogits extends FullInputLogits {
  stayKeys: string[];
  labels: Uint8Array;
}

/** Scores every labelled stay of a cohort split (stays without a label for the task are skipped). */
export async function scoreSplit(
  runtime: ModelRuntime,
  store: Store,
  cohortId: number,
  split: Split,
  progress: ProgressSink = () => undefined,
): Promise<LabelledLogits> {
  const task = runtime.manifest.task;
  const ids = store.stayIds(cohortId, split);
  const stayKeys: string[] = [];
  const labels: number[] = [];
  const ts: number[] = [];
  const note: number[] = [];
  progress({ phase: `scoring ${split} stays`, done: 0, total: ids.length });
  for (let start = 0; start < ids.length; start += STAYS_PER_SLICE) {
    const stays = store
      .loadStays(ids.slice(start, start + STAYS_PER_SLICE))
      .filter((s) => s.outcomes[task] !== undefined);
    const logits = await fullInputLogits(runtime, await runtime.encodeStays(stays));
    stays.forEach((stay, i) => {
      stayKeys.push(stay.stayKey);
      labels.push(stay.outcomes[task]!);
      ts.push(logits.ts[i]!);
      note.push(logits.note[i]!);
    });
    progress({
      phase: `scoring ${split} stays`,
      done: Math.min(ids.length, start + STAYS_PER_SLICE),
      total: ids.length,
    });
  }
  return {
    stayKeys,
    labels: Uint8Array.from(labels),
    ts: Float64Array.from(ts),
    note: Float64Array.from(note),
  };
}

export interface StreamFigures {
  auroc: BootstrapCi;
  auprc: BootstrapCi;
  ece: BootstrapCi;
}

/** Probabilities of each stream under the manifest's definitions. */
export function streamProbabilities(logits: FullInputLogits): Record<BundleStream, Float64Array> {
  return {
    ts: logits.ts.map(sigmoid),
    note: logits.note.map(sigmoid),
    fused: logits.ts.map((l, i) => sigmoid(l + logits.note[i]!)),
  };
}

/** AUROC, AUPRC (average precision) and ECE of each stream, each with a bootstrap 95% CI. */
export function fullInputMetrics(
  scored: LabelledLogits,
  options: { seed: number; resamples?: number },
): Record<BundleStream, StreamFigures> {
  const probabilities = streamProbabilities(scored);
  const ci = { seed: options.seed, resamples: options.resamples ?? 1000 };
  const figures = (p: Float64Array): StreamFigures => ({
    auroc: withCi((s, y) => auroc(s, y), [p, scored.labels], ci),
    auprc: withCi((s, y) => averagePrecision(s, y), [p, scored.labels], ci),
    ece: withCi((s, y) => expectedCalibrationError(s, y), [p, scored.labels], ci),
  });
  return {
    ts: figures(probabilities.ts),
    note: figures(probabilities.note),
    fused: figures(probabilities.fused),
  };
}
