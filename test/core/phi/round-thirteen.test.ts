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
    ['INTERPRETER ROSALIE KEMP (ASL) USED FOR CONSENT.', 'name: ROSALIE KEMP'],
    ['PT DMITRI OYELARAN ARRIVED VIA EMS.', 'name: DMITRI OYELARAN'],
    ['NEPHEW TOBIAS DROVE HER TO THE ED.', 'name: TOBIAS'],
    ['Heparin nomogram reviewed (GHT, PharmD): no change.', 'name: GHT'],
    ['Heparin nomogram reviewed (qa, PharmD): no change.', 'name: qa'],
    ['Crossmatch complete. WJZ MT', 'name: WJZ'],
    ['Specimen clotted; recollect. B. Okafor, MLS(ASCP)', 'name: B. Okafor'],
    ['Wheelchair brought by Nadia Lund (escort) at 1400.', 'name: Nadia Lund'],
    ['Scene released (Oskar Mbeki, investigator) at 0300.', 'name: Oskar Mbeki'],
    ['Coverage: subscriber Okafor, Imani, DOB on file.', 'name: Okafor, Imani'],
    ['EHR accessed by Ferreira, Joaquim from a shared terminal.', 'name: Ferreira, Joaquim'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('reads no initial as a given name without a credential after it', () => {
    expect(found('CXR: CHEST, R PA view')).toEqual([]);
    expect(found('SWELLING, R ARM')).toEqual([]);
    expect(found('Plan reviewed with team. DNR')).toEqual([]);
    expect(found('Weaned overnight; plan to repeat the CXR. -AM')).toEqual([]);
    expect(found('PT WILL NEED PT/OT EVAL. RN AWARE.')).toEqual([]);
    expect(found('PT STATES SHE WAS FINE UNTIL TODAY.')).toEqual([]);
    expect(found('Ambulated 20 ft with PT, MT assist.')).toEqual([]);
    expect(found('Bacteremia caused by Pseudomonas, Klebsiella.')).toEqual([]);
    expect(found('Comfort item (security blanket) at bedside.')).toEqual([]);
  });
});

describe('detectPhi, thirteenth round: dates', () => {
  it.each([
    ['Last INR on 11232022 was 2.4.', 'date: 11232022'],
    ['Admit 3/2  Disch March twelfth  LOS 10d.', 'date: March twelfth'],
    ['Extubated on October second by the night team.', 'date: October second'],
    ['Will recheck on the 29th once the son is here.', 'date: the 29th'],
    ['Radiation finished mid-October per onc.', 'date: October'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('leaves a verb, a protocol and a bare record number alone', () => {
    expect(found('The committee may second the motion.')).toEqual([]);
    expect(found('Early Mobility protocol started.')).toEqual([]);
    expect(found('MRN 05636632')).toEqual(['mrn: 05636632']);
  });
});

describe('detectPhi, thirteenth round: places', () => {
  it.each([
    ['Accepted at Stonemill LTAC of Bemidji for weaning.', 'facility: Stonemill LTAC of Bemidji'],
    ['Referral faxed to NorthStar Home Health today.', 'facility: NorthStar Home Health'],
    ['PT FROM ABILENE, KANSAS 67410. SON AT BEDSIDE.', 'city: ABILENE'],
    ['PT FROM ABILENE, KANSAS 67410. SON AT BEDSIDE.', 'zip code: 67410'],
    ['mailing address: po box 12, abilene, kansas 67410', 'zip code: 67410'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('reads no facility in a level of care alone, nor the clause before a town in capitals', () => {
    expect(found('Discussed LTAC vs SNF with the team.')).toEqual([]);
    expect(found('Plan: Select LTAC for vent wean.')).toEqual([]);
    expect(found('PT FROM ABILENE, KANSAS 67410.')).not.toContain('city: PT FROM ABILENE');
  });
});

describe('detectPhi, thirteenth round: contact details, ages and cues', () => {
  it.each([
    ['Send updates to kwame.osei at gmail dot com. Thanks.', 'email: kwame.osei at gmail dot com'],
    ['Login from IP 2001:db8:77::1f: flagged.', 'ip address: 2001:db8:77::1f'],
    ['Lives with her father (96), who still drives.', 'age over 89: 96'],
    ['Registered as Marek Dvorak (alias Tomas Novak).', 'name: Tomas Novak'],
    ['Trial: sepsis fluids (PI: Ingrid Solheim)', 'name: Ingrid Solheim'],
    ['Cohort: McAllister lab AKI registry', 'name: McAllister'],
    ['Result phoned by qz (core lab).', 'name: qz'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('leaves a sentence after an address, a younger relative and a service by initials alone', () => {
    expect(found('Send updates to kwame.osei at gmail dot com. Thanks.')).not.toContain(
      'email: kwame.osei at gmail dot com. Thanks',
    );
    expect(found('Lives with her mother (68), who helps with meds.')).toEqual([]);
    expect(found('PEG placed by GI; TF at 20 mL/hr.')).toEqual([]);
    expect(found('Given by mouth with water.')).toEqual([]);
    expect(found('Discussed with the PharmD today.', 'strict')).toEqual([]);
  });
});

describe('detectPhi, thirteenth round: relations in the plural and a patient introduced by age', () => {
  it.each([
    ['Present: daughters Marisol Quintana and her husband.', 'name: Marisol Quintana'],
    ['At bedside: son-in-law Anselm, tearful.', 'name: Anselm'],
    ['Consult for Tevita Fifita, a 58 y.o. w/ ESRD.', 'name: Tevita Fifita'],
    ['Odalys Ferrer is a 71 yo woman with COPD.', 'name: Odalys Ferrer'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('reads no clinical pair before an age as a name', () => {
    expect(found('Heart Failure, a 3 yr history, on GDMT.')).toEqual([]);
    expect(found('Sons at bedside.')).toEqual([]);
  });
});
