import { describe, expect, it } from 'vitest';
import { writtenCount } from '../../../src/shared/counted';
import { PHI_LEVEL_FIGURES as shipped } from '../../../src/shared/phi-level-figures';
import { PHI_LEVEL_WORDS } from '../../../src/shared/import-wording';
import { phiLevelFigures } from '../../fixtures/phi-eval/score';

describe("the PHI guard's measured figures the import form and the CLI show", () => {
  it('are what the guard scores now on the sets never tuned on (npm run phi-figures)', () => {
    expect(shipped).toEqual(phiLevelFigures());
  });

  it('say each level with its recall and clean notes refused, as intervals', () => {
    const strict = shipped.levels.strict;
    expect(PHI_LEVEL_WORDS.strict.hint).toContain(
      `${writtenCount(strict.spans)} identifiers, ${writtenCount(strict.cleanNotes)} clean notes`,
    );
    expect(PHI_LEVEL_WORDS.strict.hint).toContain(
      `${(100 * strict.recall.estimate).toFixed(1)}% (${(100 * strict.recall.lower).toFixed(1)}–`,
    );
    expect(PHI_LEVEL_WORDS.default.hint).toMatch(/would refuse \d+\.\d% \(\d+\.\d–\d+\.\d%\)/);
  });
});
