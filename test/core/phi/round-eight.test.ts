import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi/detect';
import type { PhiLevel } from '../../../src/shared/domain';

const found = (text: string, level: PhiLevel = 'default') =>
  detectPhi(text, level).map((s) => `${s.kind}: ${text.slice(s.start, s.end)}`);

// The eighth round's rules, drawn from unseen-e's misses and false alarms (docs/phi-guard.md).
describe('detectPhi: HL7 segments read by field', () => {
  it('reads a PID segment: record, assigning facility, name, birth date, address, phone', () => {
    const pid =
      'PID|1||672533041^^^TCBMC^MR||OYELOWO^DAWN^J||19751024|M|||138 ORCHARD ST^^WHEELING^WV^47365||(505)607-5174';
    expect(found(pid)).toEqual([
      'mrn: 672533041',
      'facility: TCBMC',
      'name: OYELOWO^DAWN^J',
      'date: 19751024',
      'street address: 138 ORCHARD ST',
      'city: WHEELING',
      'zip code: 47365',
      'phone: (505)607-5174',
    ]);
  });

  it("reads a PV1 segment's facility, clinician and visit number, and an NK1's town", () => {
    expect(
      found('PV1|1|I|MICU^27^A^SBRMC||||1753607439^YOON^DARNELL^N^^^^MD|||||||||||1237676427'),
    ).toEqual([
      'facility: SBRMC',
      'licence number: 1753607439',
      'name: YOON^DARNELL^N',
      'mrn: 1237676427',
    ]);
    expect(found('NK1|1|MENSAH^CONSUELO^A|SON|3302 County Road 430^^Rapid City^SD^80143')).toEqual(
      expect.arrayContaining(['city: Rapid City', 'zip code: 80143']),
    );
  });

  it("names an observation's date-time a date, not a record number", () => {
    expect(found('OBR|1|892555016|922426697|71046^XR CHEST 2 VIEWS|||202409010519')).toContain(
      'date: 202409010519',
    );
  });

  it('leaves a message header, which names systems, and placeholders alone', () => {
    for (const level of ['default', 'strict'] as const) {
      expect(found('MSH|^~\\&|LAB|CORE|EHR|ADT|||ORU^R01|||2.5.1', level)).toEqual([]);
    }
    expect(found('PID|1||[**MRN**]^^^[**Hospital**]^MR||___^___')).toEqual([]);
  });
});

describe('detectPhi: the eighth round at both levels', () => {
  it.each([
    ['MRN:58724242 ADM:APRIL 23, 2019', 'date: APRIL 23, 2019'],
    ["Pt's husband, who is 99, is her primary caregiver.", 'age over 89: 99'],
    ['His mother is 101 and lives alone.', 'age over 89: 101'],
    ['family asked that Rabbi L. Gentry be called', 'name: L. Gentry'],
    ['Pastor S. Winter called back.', 'name: S. Winter'],
    ['Rep M. Fox at bedside, interrogation shows VT.', 'name: M. Fox'],
    ['Guarantor: Mark Wolf  Rel: Child', 'name: Mark Wolf'],
    ['referring_provider=X; home_zip=58666; admit_src=Y', 'zip code: 58666'],
    ['Social hx: a lifelong Rapid City resident, retired nurse.', 'city: Rapid City'],
    ['A lifelong Boston resident, lives alone.', 'city: Boston'],
    ['Found down at home; Altoona FD/EMS transported.', 'city: Altoona'],
    ['admitted from Heritage Oaks Post-Acute with C. diff', 'facility: Heritage Oaks Post-Acute'],
    ['Rx transferred from Corner Apothecary (555-5514).', 'facility: Corner Apothecary'],
    ['Trach/PEG, accepted to Mercy Ridge LTACH pending bed.', 'facility: Mercy Ridge LTACH'],
    [
      'Returned to Riverbend Transitional Care on 12/23/2024.',
      'facility: Riverbend Transitional Care',
    ],
    ['HD MWF at Eastgate Renal Care; EDW 99.1 kg.', 'facility: Eastgate Renal Care'],
    ['Rx sent to Farmacia San Judas.', 'facility: Farmacia San Judas'],
  ])('finds %j', (text, expected) => {
    expect(found(text)).toContain(expected);
    expect(found(text, 'strict')).toContain(expected);
  });

  it.each([
    'mother is 95% sure she took it',
    'sister is 90 minutes away',
    'PD catheter in place; Medical resident aware.',
    'DECEMBER 3RD FOLLOW UP WITH PCP',
  ])('leaves %j alone at the default level', (text) => {
    expect(found(text).filter((f) => !f.startsWith('date'))).toEqual([]);
  });
});

describe('detectPhi: the strict level reads derived clinical words as words', () => {
  it.each([
    'Renally dose gabapentin for CrCl 23; avoid contrast.',
    'The patient reports dizziness on standing. Orthostatics positive.',
    'Allergies: codeine (N/V). Premedicate before CT.',
    'Ppx: Caprini 7, SCDs on.',
    'PT SCREENED FOR AN LTACH; BED PENDING.',
    'Forrest IIb; Hinchey II. Friedewald used.',
    's/p Girdlestone in 2014; Whipple procedure planned.',
    'Guillain-Barré suspected; NIF -18, FVC 14 mL/kg.',
    'Asterixis, lactate 3.4; Gastrografin swallow negative.',
    'Chance fracture; Nuss bar removed; Spurling negative; Wexner score 12.',
  ])('leaves %j alone', (text) => {
    expect(found(text, 'strict')).toEqual([]);
  });

  it('still finds an unknown surname that only looks like a derived word', () => {
    // "Decosta": "de" and "costa" (a rib), but "costa" is a name too, so it proves nothing.
    expect(found('Seen by Nurse Decosta today.', 'strict')).toContain('name: Decosta');
  });
});
