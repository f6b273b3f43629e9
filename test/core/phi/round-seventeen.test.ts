import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi/detect';
import type { PhiLevel } from '../../../src/shared/domain';

const found = (text: string, level: PhiLevel = 'default') =>
  detectPhi(text, level).map((s) => `${s.kind}: ${text.slice(s.start, s.end)}`);

// The seventeenth round, tuned on unseen-k: values under an export's labels (CSV headers,
// attribute tables, key=value pairs), logins, officers and callers, initials closing a note,
// a name before a relation, dates closing a note or a clause, months with a year in lower case,
// towns named by a word before "who", streets ending in Loop, rural routes in capitals. Texts
// written here, not copied from the sets.
describe('detectPhi, seventeenth round', () => {
  it.each([
    // A CSV table read by its header, and an attribute table by its first column.
    [
      'mrn,dob,city,zip\nQ551203,04/02/1931,Seldovia,99663',
      ['mrn: Q551203', 'date: 04/02/1931', 'city: Seldovia', 'zip code: 99663'],
    ],
    ['attribute,value\ntown,Kotzebue\nssn,512-44-9081', ['city: Kotzebue', 'ssn: 512-44-9081']],
    // key=value pairs under labels that name an identifier.
    ['pump_serial=X7 QRT; placed=2024', ['device id: X7 QRT']],
    ['home_phone=555-0142, language=Tagalog', ['phone: 555-0142']],
    // Logins, after "user" or signing a comment after a dash.
    ['order entered by user mvillalobos2 at 0300', ['name: mvillalobos2']],
    ['Please fix the header. — rtamburello', ['name: rtamburello']],
    // An officer's title, a caller's label, initials closing a note, an initial and a surname
    // in capitals, a name before a relation.
    ['Security (Ofc. Baptiste) escorted the visitor out.', ['name: Baptiste']],
    ['identity verified. caller: ingeborg saltonstall.', ['name: ingeborg saltonstall']],
    ['Medicaid application pending, copy to records. RQ', ['name: RQ']],
    ['CULTURE RESULT PHONED BY T. MARCHETTI.', ['name: T. MARCHETTI']],
    ["Linden Moss (pt's nephew) will drive her home.", ['name: Linden Moss']],
    ['fyi dorotea from the front desk called about parking.', ['name: dorotea']],
    ['Emergency contact: neighbor "Boots", no phone.', ['name: Boots']],
    ['records for pelletier, xanthe, dob 1/2/1950', ['name: pelletier, xanthe', 'date: 1/2/1950']],
    // Dates: after a time, closing a note, closing a clause, months with a year in lower case.
    ['K 6.9 called to RN at 03:12 4/9.', ['date: 4/9']],
    ['Wound photo uploaded, dressing applied 8/6.', ['date: 8/6']],
    ['Family agreed to hospice the 21st.', ['date: the 21st']],
    ['readmits from march 2021 to may 2022', ['date: march 2021', 'date: may 2022']],
    // Towns named by a word before "who", streets ending in Loop, rural routes in capitals.
    [
      'PT IS A 91 YEAR OLD MAN FROM BEND WHO PRESENTS WITH CP.',
      ['age over 89: 91 YEAR OLD', 'city: BEND'],
    ],
    ['Lives at 4410 Sandpiper Loop with her son.', ['street address: 4410 Sandpiper Loop']],
    ['MAIL TO RR 7 BOX 112, WILLOW.', ['street address: RR 7 BOX 112']],
  ])('reads %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    'Gleason 4+3=7, 5/12 cores positive.',
    'Katz ADL 3/6.',
    'IVIG day 3/5.',
    'Placed on BiPAP 12/5.',
    'Dyspnea 8/10, anxiety 7/10.',
    'SSN XXX-XX-XXXX on file.',
    'EXAM: JVD TO ANGLE OF JAW.',
    'Brief Hospital Course: admitted for melena.',
    'Hope to extubate hospital day 3.',
    'The model number on the device is cdvra500q.',
    'OFC 34 cm, length 50 cm.',
    'Dx Osgood-Schlatter as a teen.',
    'pt ok, vss, afebrile.',
    'Given the 2nd dose today.',
  ])('leaves %j alone at the default level', (text) => {
    expect(found(text)).toEqual([]);
  });
});
