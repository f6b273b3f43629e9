import { describe, expect, it } from 'vitest';
import { ModelRuntime } from '../../../src/main/core/models';
import { BUNDLE_DIR } from './training-cohort';

describe('chunk embeddings', () => {
  it('do not depend on which texts share a call', async () => {
    const runtime = await ModelRuntime.open(BUNDLE_DIR, {});
    const texts = Array.from(
      { length: 300 },
      (_, i) =>
        `Portable chest radiograph ${i}. ${i % 3 ? 'Mild' : 'Moderate'} pulmonary edema with ${i % 5} small effusions. Lines and tubes unchanged since ${i % 7} days.`,
    );
    const together = await runtime.embedTexts(texts);
    for (let i = 0; i < texts.length; i += 13) {
      const [alone] = await runtime.embedTexts([texts[i]!]);
      expect(Array.from(alone!)).toEqual(Array.from(together[i]!));
    }
  });
});
