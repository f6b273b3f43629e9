/**
 * Cross-field checks of a parsed manifest: the model sizes must follow from the feature,
 * note and context schemas (D = 4V, Dc = 4L + 1, De = 2F + 1, ...) and the standardisation
 * vectors must have one entry per column. The input encoding indexes these arrays blindly,
 * so an inconsistent manifest is refused here rather than read out of bounds later.
 */
import { BundleError } from './bundle-error';
import { hasNoteStream, type BundleManifest } from './manifest-schema';
import { staticSlots } from './static-input-vector';
import { resolveTextEncoder } from './text-encoder-spec';

/** Files a bundle holds beside those its manifest lists, never listed themselves. */
const UNLISTED_FILES = ['manifest.json', 'manifest.signature.json', 'calibration.json'];

export function checkManifestConsistency(m: BundleManifest): void {
  const reserved = m.files.filter((f) => UNLISTED_FILES.includes(f.path));
  if (reserved.length > 0) {
    throw new BundleError(
      'manifest',
      `manifest.json lists ${reserved.map((f) => f.path).join(', ')} in "files"; the manifest, its signature and calibration.json are never listed there. Retrain the bundle.`,
    );
  }
  const v = m.featureSchema.variables.length;
  const labels = m.context.cxr.labels.length;
  const fields = m.context.ecg.fields.length;
  const s = m.model.sizes;
  const notes = hasNoteStream(m);
  const rules: [string, number, number][] = [
    ['featureSchema.D (4 x variables)', m.featureSchema.D, 4 * v],
    ['model.sizes.D', s.D, m.featureSchema.D],
    ['model.sizes.T', s.T, m.featureSchema.hours],
    ['units.timeSeries.count', m.units.timeSeries.count, m.featureSchema.hours],
    [
      'featureSchema.standardisation.mean length',
      m.featureSchema.standardisation.mean.length,
      3 * v,
    ],
    ['featureSchema.standardisation.sd length', m.featureSchema.standardisation.sd.length, 3 * v],
    ['context.cxr.Dc (4 x labels + 1)', m.context.cxr.Dc, 4 * labels + 1],
    ['model.sizes.Dc', s.Dc, m.context.cxr.Dc],
    ['context.ecg.De (2 x fields + 1)', m.context.ecg.De, 2 * fields + 1],
    ['model.sizes.De', s.De, m.context.ecg.De],
    ['context.ecg.standardisation.mean length', m.context.ecg.standardisation.mean.length, fields],
    ['context.ecg.standardisation.sd length', m.context.ecg.standardisation.sd.length, fields],
    // A TS-only bundle has no note slots: M = E = P = 0, no units.notes, no text encoder.
    ['model.sizes.M', s.M, m.units.notes?.Mmax ?? 0],
    ['model.sizes.E', s.E, m.textEncoder?.embeddingDim ?? 0],
    ['model.sizes.P (0 in a TS-only bundle)', notes ? 0 : s.P, 0],
    ['units.notes present (1) with a note stream', m.units.notes ? 1 : 0, notes ? 1 : 0],
    ['textEncoder present (1) with a note stream', m.textEncoder ? 1 : 0, notes ? 1 : 0],
    // Ds and context.static come together: both absent (0) or the same width.
    ['model.sizes.Ds', s.Ds ?? 0, m.context.static?.Ds ?? 0],
    [
      'context.static.Ds (slots of its inputs)',
      m.context.static?.Ds ?? 0,
      (m.context.static?.inputs ?? []).reduce((sum, input) => sum + staticSlots(input), 0),
    ],
  ];
  const broken = rules.filter(([, got, want]) => got !== want);
  if (broken.length > 0) {
    throw new BundleError(
      'manifest',
      `manifest.json is inconsistent: ${broken.map(([what, got, want]) => `${what} is ${got}, expected ${want}`).join('; ')}. Retrain the bundle rather than editing the manifest.`,
    );
  }
  const sds = [...m.featureSchema.standardisation.sd, ...m.context.ecg.standardisation.sd];
  if (sds.some((sd) => !(sd > 0))) {
    throw new BundleError(
      'manifest',
      'manifest.json has a standardisation sd that is not positive. Retrain the bundle.',
    );
  }
  if (m.featureSchema.forwardFill) {
    throw new BundleError(
      'unsupported',
      'This bundle was trained with forward filling, which this build of ToE Audit does not implement. Retrain with forwardFill: false.',
    );
  }
  if (!m.textEncoder) return;
  // Refuses an unknown tokenizer or an incomplete wordpiece section.
  resolveTextEncoder(m);
  if (m.textEncoder.file !== 'text_encoder.onnx') {
    throw new BundleError(
      'unsupported',
      `This bundle's text encoder is "${m.textEncoder.file}"; schemaVersion 1 requires text_encoder.onnx.`,
    );
  }
}
