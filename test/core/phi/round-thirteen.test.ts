import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi/detect';
import type { PhiLevel } from '../../../src/shared/domain';

const found = (text: string, level: PhiLevel = 'default') =>
  detectPhi(text, level).map((s) => `${s.kind}: ${text.slice(s.start, s.end)}`);

// The thirteenth round; texts written here, not copied from the sets.
describe('detectPhi, thirteenth round: names', () => {
  it.each([
    ['Vitals checked by DUCHESNE, R RN at 0400.', 'name: DUCHESNE, R'],
    ['VS: OKONKWO, T. MD', 'name: OKONKWO, T.'],
    ['Heparin drip titrated per protocol. -RB', 'name: RB'],
    ['Pt calmer after music. Reoriented x2. QLW', 'name: QLW'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('reads no initial as a given name without a credential after it', () => {
    expect(found('CXR: CHEST, R PA view')).toEqual([]);
    expect(found('SWELLING, R ARM')).toEqual([]);
    expect(found('Plan reviewed with team. DNR')).toEqual([]);
    expect(found('Weaned overnight; plan to repeat the CXR. -AM')).toEqual([]);
  });
});
