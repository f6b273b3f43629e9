import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi/detect';

const found = (text: string) => detectPhi(text).map((s) => [s.kind, text.slice(s.start, s.end)]);

describe('detectPhi', () => {
  // The identifiers a new user's probe got past the first guard (issue 16).
  it.each([
    ['Patient John Smith seen by Dr. Mary Jones', 'name', 'John Smith'],
    ['Mr. Robert Brown', 'name', 'Robert Brown'],
    ['wife Jane Smith at bedside', 'name', 'Jane Smith'],
    ['DOB 03/14/1952', 'date', '03/14/1952'],
    ['Seen on 03/14/2187', 'date', '03/14/2187'],
    ['Age 92', 'age over 89', '92'],
    ['Zip 02115', 'zip code', '02115'],
    ['Account 4455667788', 'account number', '4455667788'],
    ['See https://example.org/chart.', 'url', 'https://example.org/chart'],
    ['From 10.0.0.12 at night', 'ip address', '10.0.0.12'],
    ['pacemaker serial PJN123456', 'device id', 'PJN123456'],
    ['Transferred from Mercy Hospital', 'facility', 'Mercy Hospital'],
    ['Call 555-0199', 'phone', '555-0199'],
  ])('finds %j', (text, kind, span) => {
    expect(found(text)).toContainEqual([kind, span]);
  });

  it.each([
    'Urine output by shift (mL): 350 420 1150',
    'Foley catheter; Swan-Ganz in place; Parkinson disease; Graves disease; Babinski negative.',
    "Glasgow Coma Scale 15; Hodgkin lymphoma; Crohn's; Down syndrome; Cushing's triad; Addison's; Wilson disease.",
    'Stenosis at C5-C6 and L4-L5; level II nodes.',
    'Vancomycin 15 mg/kg, GCS 15, APACHE II 22, Na 138, at 14:30, POD 3, day 2.',
    'Bolus 500-1000 mL; BP 120/80; pain 7/10.',
    'Compared to ___, stable. Seen at [**Hospital1 18**] by [**Name (NI) 123**] on [**2187-3-14**].',
  ])('leaves clinical text alone: %s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('gives spans in text order that slice the identifier out of the text', () => {
    const text = 'Mrs. Ana Okafor, DOB 2/3/2101, lives at 12 Elm Street, Quincy, MA 02169.';
    expect(found(text)).toEqual([
      ['name', 'Ana Okafor'],
      ['date', '2/3/2101'],
      ['street address', '12 Elm Street'],
      ['city', 'Quincy'],
      ['zip code', '02169'],
    ]);
  });
});
