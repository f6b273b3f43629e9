/**
 * The pattern-shaped identifiers: dates, ages over 89, places below a state, contact and
 * record numbers, device ids, URLs and IP addresses. Each rule is a regular expression,
 * optionally narrowed to one capture group (the cue words around an identifier are not
 * themselves identifying) and optionally vetoed by a check that regular expressions
 * express badly (a 7-digit phone against a dose range). For speed, a rule that starts with a
 * cue word is tried only where its cue words are, and one whose every match needs a rarer
 * character or word is not run on a text without it; neither changes what is found.
 */
import type { PhiKind } from '../../../shared/domain';
import lists from './names.json';
import { EPONYMS, inNamesList, inNamesListOnly, isKnownWord } from './word-facts';

/** A global pattern and, when every match starts with one of them, the words it starts with. */
export interface CuedPattern {
  pattern: RegExp;
  /**
   * The words, apart by "|", that every match starts with, at a word boundary (so each starts
   * with a letter or digit); the start of a word is enough ("licen" for licence and license).
   * The pattern is then tried only where one of them is (see CueIndex): a word the pattern can
   * start with that is missing here is an identifier missed.
   */
  cues?: string;
}

export interface PatternRule extends CuedPattern {
  kind: PhiKind;
  /** Global, with the `d` flag when `group` is set. */
  pattern: RegExp;
  /**
   * What every match contains, far cheaper to look for than the pattern itself (a character,
   * or a pattern that starts with a literal): a text without it is not scanned. Not global.
   */
  needs?: string | RegExp;
  /** The capture group that is the identifier; the whole match when absent. */
  group?: number;
  /** False vetoes a match that the pattern alone cannot tell from clinical text. */
  accept?: (found: string, text: string, start: number, end: number) => boolean;
  /**
   * How much of the match is the identifier, when only a look-up can tell where it ends
   * ("in new bedford w/ daughter"): its length from the start, 0 for none. Instead of `accept`.
   */
  measure?: (found: string, text: string, start: number, end: number) => number;
  /**
   * How far before the match the identifier starts, when the match is its last word and only
   * the words before it tell ("Lantern Hill Pediatrics" found at "Pediatrics"): 0 for none.
   */
  reach?: (found: string, text: string, start: number) => number;
}

type Found = (match: RegExpExecArray) => void;

/** Calls `found` with every match of a global pattern in one text, as `forEachMatch` does. */
export type Matcher = (pattern: RegExp, found: Found) => void;

/**
 * Calls `found` with every match of a global pattern, as `matchAll` would, without the copy
 * of the pattern and the iterator `matchAll` makes on each call. It moves the pattern's own
 * `lastIndex`, so `found` must not scan with the same pattern.
 */
export function forEachMatch(pattern: RegExp, text: string, found: Found): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    // An empty match would be found again at the same place.
    if (match[0] === '') pattern.lastIndex++;
    found(match);
  }
}

/** Capital and small letters, with the accented Latin ones names and places carry. */
export const UPPER = 'A-ZÀ-ÖØ-ÞĄĆČĎĐĘĚĞİŁŃŇŐŒŘŚŞŠŢŤŮŰŸŹŻŽ\\u1ea0-\\u1ef9';
export const LOWER = 'a-zß-öø-ÿ\\u0100-\\u017f\\u1ea0-\\u1ef9';
/** Small letters without Vietnamese: enough for places, and a smaller pattern to run. */
const LATIN_LOWER = 'a-zß-öø-ÿ\\u0100-\\u017f';

/** Dictionary spelling: accents folded, so "Łukasiewicz" and "Kraków" are looked up plainly. */
export function foldAccents(word: string): string {
  let plain = true;
  for (let i = 0; i < word.length && plain; i++) plain = word.charCodeAt(i) < 128;
  if (plain) return word;
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L');
}

const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The cue words of several patterns, found in one scan of a text. Each pattern run along the
 * whole text would cost a scan each; a cued pattern is instead tried only where one of its
 * cues starts. That finds exactly what a scan finds: every match starts at a cue, and trying
 * the places in text order, each from where the last match ended, is what a scan does.
 */
export class CueIndex {
  private readonly cueScan: RegExp;
  /**
   * For each cue word, the cue lists with a cue it starts with ("page" for "pager"). Patterns
   * with the same cue list ("at|from|to|in") share one list of places.
   */
  private readonly listsCued = new Map<string, number[]>();
  /** Each cued pattern made sticky, to match where it is put or not at all, and its cue list. */
  private readonly anchored = new Map<RegExp, { sticky: RegExp; list: number }>();

  constructor(patterns: readonly CuedPattern[]) {
    const lists = [...new Set(patterns.flatMap((p) => (p.cues ? [p.cues.toLowerCase()] : [])))];
    const cues = lists.map((list) => list.split('|'));
    // Longest first: where cues overlap the scan finds the longest ("pager", not "page"), and
    // every shorter cue there is a start of it.
    const words = [...new Set(cues.flat())].sort((a, b) => b.length - a.length);
    this.cueScan = new RegExp(`\\b(?:${words.map(escapeRegExp).join('|')})`, 'gi');
    for (const word of words) {
      const cued = cues.flatMap((own, i) => (own.some((c) => word.startsWith(c)) ? [i] : []));
      this.listsCued.set(word, cued);
    }
    for (const { pattern, cues } of patterns) {
      if (cues === undefined) continue;
      const sticky = new RegExp(pattern.source, pattern.flags.replace('g', 'y'));
      this.anchored.set(pattern, { sticky, list: lists.indexOf(cues.toLowerCase()) });
    }
  }

  /**
   * Finds the cues in the text, for a matcher that tries each cued pattern only where its
   * cues start, and runs any other pattern along the whole text.
   */
  matcher(text: string): Matcher {
    // Where each cue list's words start, by list; most have none in a given text.
    const starts: number[][] = [];
    const scan = this.cueScan;
    scan.lastIndex = 0;
    for (let cue = scan.exec(text); cue !== null; cue = scan.exec(text)) {
      for (const i of this.listsCued.get(cue[0].toLowerCase()) ?? []) {
        (starts[i] ??= []).push(cue.index);
      }
      // A cue can start inside a longer one: "number" in "social security number".
      scan.lastIndex = cue.index + 1;
    }
    return (pattern, found) => {
      const cued = this.anchored.get(pattern);
      if (cued === undefined) forEachMatch(pattern, text, found);
      else matchAt(cued.sticky, text, starts[cued.list] ?? [], found);
    };
  }
}

/** Every match a scan would find of a sticky pattern that can only match at `starts`. */
function matchAt(anchored: RegExp, text: string, starts: readonly number[], found: Found): void {
  let from = 0;
  for (const start of starts) {
    // A scan goes on from where its last match ended.
    if (start < from) continue;
    anchored.lastIndex = start;
    const match = anchored.exec(text);
    if (match === null) continue;
    from = start + Math.max(match[0].length, 1);
    found(match);
  }
}

const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|JAN(?:UARY)?|FEB(?:RUARY)?|MAR(?:CH)?|APR(?:IL)?|MAY|JUNE?|JULY?|AUG(?:UST)?|SEPT?(?:EMBER)?|OCT(?:OBER)?|NOV(?:EMBER)?|DEC(?:EMBER)?)';
/** Lower-case months too ("apr 8"), less "mar", "may" and "dec": a record, a verb, "decreased". */
const ANY_CASE_MONTH = `(?:${MONTH.slice(3, -1)}|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|december)`;
const FULL_MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const MONTH_CUES = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';
/** Every month in lower case, "mar", "may" and "dec" too: for where a date word says it is one. */
const LOWER_MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/**
 * A weekday as notes write it, with what ends it: "Wed ", "thurs.", "Saturday" (so that
 * "sats" and "monitor" are not cues).
 */
const WEEKDAY_ABBREVIATIONS = [
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
];
const WEEKDAY = `(?:(?:${WEEKDAY_ABBREVIATIONS.join('|')})[., ]|(?:mon|tues|wednes|thurs|fri|satur|sun)day)`;
const WEEKDAY_CUES = [
  ...WEEKDAY_ABBREVIATIONS.flatMap((day) => [`${day}.`, `${day},`, `${day} `]),
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
].join('|');
const ORDINAL = '(?:st|nd|rd|th)?';
/** A day of the month as an ordinal in words: "twelfth", "twenty-first", "thirtieth". */
/** A day of the month in words: "twelve", "twenty one", "thirty-one". */
const DAY_IN_WORDS =
  '(?:twenty[- ](?:one|two|three|four|five|six|seven|eight|nine)|thirty[- ]one|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|first|second|third)';
const DAY_ORDINAL_IN_WORDS =
  '(?:(?:twenty|thirty)[- ](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)';
/** A date's first characters: what makes "at Mercy on 3/14" a facility beside a date. */
const DATE_AHEAD = `(?:\\d{1,2}[/-]\\d|\\d{4}-\\d|(?:\\d{1,2}[\\s-]+)?${MONTH}\\b)`;

export const STATE_CODES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
/** State codes in lower case, less those that are words a number follows ("in 12345 cells"). */
const STATE_CODES_LOWER = STATE_CODES.toLowerCase()
  .split('|')
  .filter((code) => !['in', 'or', 'me', 'oh'].includes(code))
  .join('|');
const STATE_NAMES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Puerto Rico';
export const STATE_NAMES_CAPS = STATE_NAMES.toUpperCase();
/** State codes that are also clinical abbreviations (OR, PA view, MS, MD): need a ZIP or a line end. */
const AMBIGUOUS_STATES = new Set([
  'OR',
  'PA',
  'MS',
  'MD',
  'IN',
  'ME',
  'OK',
  'HI',
  'ID',
  'LA',
  'CO',
  'DE',
  'MA',
  'VA',
  'NE',
  'GA',
  'AL',
  'DC',
]);

/** State codes that are also a clinician's letters: "Teodora Kowalczyk, MD", "Ana Ruiz, PA". */
const CREDENTIAL_STATES = new Set(['MD', 'PA', 'MS']);

/**
 * Places by name: US towns of 10,000 people or more and the world's large cities, less those
 * that are English words or eponyms (names.json says where they come from). A name here is a
 * city only where a preposition, a state, a country or a ZIP code says it is a place.
 */
/** names.json keeps the long lists one line per initial letter, apart by "|". */
const placeList = (lines: string[]) => lines.flatMap((line) => line.split('|'));
const CITIES = new Set(placeList([...lists.usCities, ...lists.worldCities]));
const CITIES_LOWER = new Set([...CITIES].map((c) => c.toLowerCase()));
/**
 * US towns named by an English word ("Independence", "Anchorage", "Normal"): a town only
 * capitalised after a place's preposition ("outside Independence"), never alone.
 */
const WORD_TOWNS: ReadonlySet<string> = new Set(placeList(lists.usWordTowns));
/**
 * What ends a town named by a word: the clause, a state, or a word a place is followed by
 * ("in Normal with AF", "from Independence for HD"; not "to Normal saline").
 */
const WORD_TOWN_AFTER = new RegExp(
  `^(?:[ \\t]*(?:[,.;:)!?]|$)|[ \\t]+(?:with|for|where|by|then|in|on|at|to|and|or|since|until|who|when|after|before|last|present|area|resident|native|county|${STATE_CODES})\\b)`,
);
const COUNTRY_NAMES = new Set(placeList(lists.countries));
const COUNTRIES = [...COUNTRY_NAMES].map(escapeRegExp).join('|');
/** States and countries: places above a town, which Safe Harbor leaves in. */
const REGIONS: ReadonlySet<string> = new Set([
  ...STATE_NAMES.split('|'),
  ...COUNTRY_NAMES,
  'New England',
]);
/** A preposition or a verb a place follows: "lives in", "from", "visits". */
const PLACE_PREPOSITION = /\b(?:in|from|to|of|near|visits?|visiting|visited)[ \t]+$/i;
/**
 * Whether the capitalised word at [start, end) of `text` ends a state's or a country's name
 * after a place's preposition: "from Puerto Rico", "in Ohio", "winters in Florida".
 */
export function regionAt(text: string, start: number, end: number): boolean {
  let from = start;
  for (let words = 0; words < 3 && from >= 0; words++) {
    if (
      REGIONS.has(text.slice(from, end)) &&
      PLACE_PREPOSITION.test(text.slice(Math.max(0, from - 12), from))
    )
      return true;
    from = text.lastIndexOf(' ', from - 2) + 1;
    if (from <= 0) break;
  }
  return false;
}
export const isCity = (name: string) => CITIES.has(foldAccents(name).replace(/^Saint /, 'St. '));
/** A town the lists know, written in lower case: "tulsa", "wilkes-barre". */
export const isCityInLowerCase = (name: string) =>
  CITIES_LOWER.has(foldAccents(name).replace(/^saint /, 'st. '));

/**
 * A word of a place's name: a plain capital first (a scan skips to those fast), accented
 * letters after it ("Kraków", "Bogotá").
 */
const PLACE_WORD = `[A-Z][${LATIN_LOWER}]+`;
/** What names a town by its area, its residents or its services, right after it. */
const TOWN_CUE_AFTER =
  '-area\\b|[ \\t]+(?:area|resident|native|FD|EMS|PD|Fire Department|Police)\\b';
const TOWN_CUE_AFTER_HINT = /area|resident|native|FD|EMS|PD|Fire|Police/;

const STREET_SUFFIX =
  '(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Trl|Plaza|Row|Alley|Turnpike|Pike|Close|Crescent|Mews|Gardens|Loop|Cove|Path)';
/** A word of a street's name: "Ann's", "César", "5th", "N.", "SW". */
const STREET_WORD = "(?:[A-Z][a-zà-ÿ]+(?:['’]s)?|\\d{1,3}(?:st|nd|rd|th)|[NSEW]\\.?|NE|NW|SE|SW)";
/** A house number: "12", "29A", Queens' "89-15". */
const HOUSE_NUMBER = '\\d{1,6}(?:-\\d{1,4})?';
/** What follows a street as its unit: "Apt 3", "Bldg C Apt 9", "Lot 17", ", 2nd floor". */
const STREET_UNIT =
  '(?:,?\\s+(?:(?:Apt|Apartment|Unit|Suite|Ste|Lot|Bldg|Building|Fl|Floor|Rm|#)\\.?\\s*#?\\s*\\w+|\\d{1,2}(?:st|nd|rd|th)\\s+[Ff]loor)){0,2}';
const LOWER_STREET_SUFFIX =
  '(?:st|street|ave|avenue|rd|road|blvd|boulevard|lane|ln|drive|dr|terrace|ter|parkway|pkwy|court|circle|cir|way|pl|hwy|loop|trail)';
/** The same in capitals, as face sheets write them: "7775 MESQUITE AVE., APT. 402". */
const CAPS_STREET_SUFFIX =
  '(?:STREET|ST|AVENUE|AVE|ROAD|RD|BOULEVARD|BLVD|LANE|LN|DRIVE|DR|COURT|TERRACE|CIRCLE|CIR|PARKWAY|PKWY|HIGHWAY|HWY|WAY|PLACE|LOOP|TRAIL)';
/** Words of a lower-case run that make it no street: "1 more time per dr". */
const NOT_STREET_WORD =
  /\b(?:per|with|and|or|the|for|to|at|by|of|on|in|from|times?|then|every|each|after|before|more|less|than|was|is|were|are|has|had|have|will|would|see|saw|call|called|told|asked|pt|patient|mg|tabs?|caps?|po|md|x)\b/i;
/** A street, not a count ("14 stairs") nor, in lower case or capitals, words that a dose's are. */
function streetValid(found: string): boolean {
  if (COUNTED.test(found)) return false;
  const words = found.replace(/^\S+\s+/, '');
  const lowerOrCaps = words === words.toLowerCase() || words === words.toUpperCase();
  return !lowerOrCaps || !NOT_STREET_WORD.test(words);
}

/** Counted things after a number, never a street's name: "14 stairs", "3 times". */
const COUNTED =
  /^\d+\s+(?:units?|tabs?|tablets?|days?|hours?|times?|doses?|liters?|weeks?|months?|years?|drops?|puffs?|sprays?|beats?|breaths?|steps?|feet|blocks?|stairs?|flights?|minutes?|seconds?|mg|mcg|meq|mmol|ml|cm|mm)\b/i;

const FACILITY_HEAD =
  '(?:Hospital|Medical Center|Medical Centre|Health Center|Health Centre|Healthcare|Health System|Clinic|Infirmary|Nursing Home|Veterans Home|Visiting Nurses?(?: Association| Service)?|Nursing (?:and|&) Rehabilitation(?: Center)?|Rehabilitation Center|Rehabilitation Hospital|Rehab Center|Rehab|Hospice|Memorial|Sanatorium|Care Center|Nursing Facility|Nursing Center|Surgical Center|Surgery Center|Urgent Care|Medical Group|Medical Associates|Associates|Institute|Dialysis Center|Dialysis Unit|Kidney Center|Cancer Center|Heart Center|Assisted Living(?: Facility| Center| Community)?|Skilled Nursing(?: Facility| Center)?|Subacute(?: Care| Center| Unit)?|Senior Living|Retirement (?:Home|Community|Village)|Convalescent (?:Home|Center|Hospital)|Rest Home|Care Home|Home for the Aged|Home Care|Home Health(?: Care| Agency| Services)?|Memory Care|Behavioral Health(?: Center| Hospital)?|Transitional Care(?: Center| Unit)?|Renal Care|Post-Acute(?: Care)?|Apothecary|Manor|Gardens|Village|Lodge|Commons|Community Health(?! Workers?\\b)|Kidney Care|Medical Pavilion|Adult Day (?:Health|Care|Center))';
/**
 * Heads that also name a department or a specialty ("Wound Center", "Bariatric Surgery"): a
 * facility's only when a word before them is a place's ("Lantern Hill Pediatrics", "Elm Street
 * Dialysis", "Millbrook Medical Practice").
 */
const WEAK_FACILITY_HEAD =
  '(?:Center|Centre|Pediatrics|Dialysis|Surgery|Practice|Pharmacy|Drugs?|Family Medicine|Health|Regional|Campus)';
const STRONG_HEAD_AT_END = new RegExp(`\\b${FACILITY_HEAD}$`, 'i');
/**
 * A place's word, whole or ending a compound: "Hill", "Millbrook", "Eastside", "Riverbend",
 * "Hometown" (not "Outside", "Bedside" nor "Support").
 */
const PLACE_PART =
  /^(?:hills?|lane|street|road|avenue|valley|park|river|lake|brook|creek|grove|woods?|meadows?|ridge|view|bay|harbou?r|point|springs?|fields?|falls|glen|heights|summit|shore|pines?|oaks?|cedars?|maple|elm|willow|birch|north|south|east|west|range|sage|desert|mesa|canyon|prairie|plains?|mountains?|island|bluffs?|hollow)$|(?:brook|field|wood|ridge|dale|ville|burg|haven|crest|view|bend|town|(?:east|west|north|south|lake|river|brook|hill|sea|bay|park)side)$/i;
const COMPASS = /^(?:north|south|east|west)$/i;
/** Title case of words in capitals: "LANTERN HILL" is read as "Lantern Hill". */
const titleCase = (caps: string) =>
  caps.replace(new RegExp(`[${UPPER}]+`, 'g'), (w) => w[0] + w.slice(1).toLowerCase());

/** A sentence's first word is no facility's: "From Oakwood Manor" is Oakwood Manor. */
const NOT_A_NAME_OPENER =
  '(?!(?:From|To|At|In|On|Per|Via|With|Transferred|Admitted|Discharged|Seen)\\s)';
const FACILITY_HEAD_CAPS = FACILITY_HEAD.toUpperCase();
/** Every word a facility's head starts with: where to look for one in capitals or a weak one. */
const HEAD_CUES =
  'hospital|medical|health|clinic|veterans|visiting|adult|infirmary|nursing|rehab|hospice|memorial|sanatorium|care|surgical|surgery|urgent|associates|institute|dialysis|kidney|cancer|heart|assisted|skilled|subacute|senior|retirement|convalescent|rest|home|memory|behavioral|transitional|renal|post-acute|apothecary|manor|gardens|village|lodge|commons|community|center|centre|pediatrics|practice|pharmacy|drug|drugs|family|regional|campus';
/** Capitalised words before "Clinic" or a date that name a department or a generic place. */
const NOT_A_FACILITY = new Set(
  'The This That Our Outside Other Another Same Brief Home Local Community Any Each Cardiology Neurology Oncology Hematology Renal Nephrology Pulmonary Pain Wound Anticoagulation Heart Failure Transplant Dialysis Diabetes Endocrine Endocrinology Urology Dermatology Rheumatology Psychiatry Surgery Surgical Vascular Thoracic Liver Hepatology Infectious Disease Diseases Gastroenterology GI Orthopedic Orthopedics Sleep Lipid Memory Movement Disorders Clinic Hospital Urgent Care Family Medicine Primary Cardiac Cardiothoracic Pediatric Geriatric Breast Spine Hand Eye Lung Kidney Stroke Epilepsy Headache HIV Travel Fertility Bone Marrow Coumadin Internal General Day Admission Discharge Transfer ICU MICU SICU CCU ED ER OR PACU Floor Unit Ward Rehab Rehabilitation Nursing Emergency Department Service Team Medical Center Health Acute Subacute Inpatient Outpatient Skilled Assisted Senior Living Long Term Short Cardiopulmonary Vestibular Pelvic Neuro Psychiatric Behavioral Mental Addiction Detox Substance Residential Adult Cancer Comprehensive Level Burn Trauma Infusion Imaging Diagnostic Treatment Institute Associates Physicians Group Practice Manor Gardens Village Lodge Commons Retirement Convalescent Rest VA SNF LTACH IRF Aged For Clinical Peritoneal'.split(
    ' ',
  ),
);

/** Words before a lower-case "manor" or "rehab" that make it any such place, not a named one. */
const GENERIC_LOWER = new Set(
  'the a an his her their our my your its this that these those local nearby outside other another same previous prior new old home nursing cardiac pulmonary vestibular stroke neuro physical occupational speech day assisted skilled acute subacute inpatient outpatient senior long term short rehab psych psychiatric dialysis va osh snf ltach group adult private state county community city area here there to at in on of for with and or from go going back return returned sent discharged transfer transferred be will would been was is'.split(
    ' ',
  ),
);

/** Heads of a hospital's, a clinic's or a pharmacy's name in lower case: "kalamazoo lutheran hospital". */
const LOWER_CLINICAL_HEAD =
  '(?:hospital|medical center|clinic|kidney center|dialysis center|behavioral health|pharmacy|veterans home|visiting nurses|surgical center|surgery center|health center|cancer center|ltach|snf)';
const LOWER_CLINICAL_HEAD_AT_END = new RegExp(`\\b${LOWER_CLINICAL_HEAD}$`);

/** Units after a number: "500-1000 mL" is a range, not a 7-digit phone number. */
const UNIT_AHEAD =
  /^\s*(?:m[lLgG]|cc|mcg|mg|g|kg|L|units?|U|IU|mEq|mmol|mmHg|%|\/|x|times|cells|min|hours?|hrs?|h|s|ms|cm|mm|m|ft|steps|kcal|cal|ng|pg|mOsm|copies)\b/;
const UNIT_AHEAD_ANY_CASE = new RegExp(UNIT_AHEAD.source, 'i');
const UNIT_OR_RANGE_BEFORE =
  /(?:\b(?:from|between|range|ranging|of|to|about|approx|approximately)\s*|[:=]\s*)$/i;
/**
 * Words a phone number is given after, even past a colon or "to": "number for results:
 * 555-0142", "Landline only: 201-4297", "clinicals faxed to 682-4088".
 */
const PHONE_WORD_BEFORE =
  /\b(?:phone|number|call|callback|cell|tel|fax|faxed|pager|line|landline|reach|contact)\b[^\n:]{0,40}(?::|\bto)\s*$/i;

/** A month and a day, month first, each in range. */
function monthFirstValid(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function dayMonthValid(a: number, b: number): boolean {
  return a >= 1 && b >= 1 && ((a <= 12 && b <= 31) || (b <= 12 && a <= 31));
}

/** "03/14/1952", "3/14/52": month and day in either order, both in range. */
function numericDateValid(found: string): boolean {
  const [a, b] = found.split(/[/.-]/).map(Number);
  return dayMonthValid(a!, b!);
}

/**
 * Scores and fractions share the shape: pain 7/10, strength 4/5, GCS 3/15, Apgars 7/9, 2/3
 * cultures, 12/12 lymph nodes.
 */
const SCORE_DENOMINATORS = new Set([2, 3, 4, 5, 6, 8, 10, 15, 20, 24]);
const SCORE_BEFORE =
  /\b(?:pain|strength|score|GCS|power|motor|scale|rated|graded|grade|out of|x|apgars?)\s*:?\s*$/i;
/** What a fraction counts: "2/4 bottles", "3/4 strength", "1/2 NS". */
const FRACTION_AFTER =
  /^\s*(?:strength|cores?|biops(?:y|ies)|slides?|fragments?|bottles?|sets?|cultures?|NS|tabs?|tablets?|doses?|of\b|sites?|lumens?|views?|systolic|diastolic|murmur|cups?|pills?|packs?|ppd|(?:lymph )?nodes?)/i;
/** A time or a part of the day after a month/day makes it a date: "3/15 0700", "6/20 evening". */
const TIME_AFTER =
  /^\s+(?:\d{4}\b|\d{1,2}:\d{2}|(?:am|pm|morning|evening|afternoon|night|overnight)\b|(?:CT|CXR|MRI|MRA|CTA|TTE|TEE|EKG|ECG|KUB)\b)/i;
/**
 * A time "at" a month/day: "for 01/24 at 10:25", "10/02 AT 1051"; not after a pain score out
 * of 10, "reassessed 3/10 at 0345".
 */
const TIME_AT_AFTER = /^\s+(?:at|@)\s*(?:\d{4}\b|\d{1,2}:\d{2})/i;
/** What ends a short month/day like "9/5" as a date: a stop, a time, a linking word. */
const DATE_END = /^(?:\s*(?:[.,;:)]|$)|\s+(?:\d|at|for|w\/|with|and|to|when|by|per|until)\b)/i;
/** "last HD 3/3", "last refill of lasix 8/4": a last or next time is a date. */
const LAST_BEFORE = /\b(?:last|next|prior|previous)\b[^.;:\n]{0,30}$/i;

/** Words a fraction's count follows: "day 3/5", "dose 2/4". */
const COUNTED_WORD =
  /^(?:days?|doses?|cycles?|weeks?|scores?|scales?|index|grades?|stages?|sessions?|visits?|rounds?)$/;
/** A month/day without a year, "1/26 CT": valid, and not a score or a fraction. */
function monthDayValid(found: string, text: string, start: number, end: number): boolean {
  const [month, day] = found.split('/').map(Number);
  if (!monthFirstValid(month!, day!)) return false;
  if (SCORE_BEFORE.test(text.slice(Math.max(0, start - 14), start))) return false;
  // A fraction is not written with a leading zero: "11/08", "01/24" are dates.
  if (/^0|\/0/.test(found)) return true;
  // A score's denominator is still a date's day when a time of day follows.
  const after = text.slice(end, end + 12);
  // What a fraction counts follows it: "7/12 cores", "2/4 bottles".
  if (FRACTION_AFTER.test(after)) return false;
  // A time before it, or a word in lower case before it and nothing but a full stop after it to
  // the note's end: "called at 20:19 7/5.", "confirmed by phone 9/2." (not a scale's "ADL 3/6.",
  // a course's "IVIG day 3/5." nor a symptom's score out of ten).
  const before = text.slice(Math.max(0, start - 12), start);
  if (/\d{1,2}:\d{2}[ \t]+$/.test(before)) return true;
  const word = /(?<![\w-])([a-z]{4,})[ \t]+$/.exec(before)?.[1];
  if (word && !COUNTED_WORD.test(word) && day !== 10 && /^\.?[ \t]*$/.test(text.slice(end)))
    return true;
  if (!SCORE_DENOMINATORS.has(day!) || TIME_AFTER.test(after)) return true;
  if (day !== 10 && TIME_AT_AFTER.test(after)) return true;
  return LAST_BEFORE.test(text.slice(Math.max(0, start - 40), start)) && DATE_END.test(after);
}

function isoDateValid(found: string): boolean {
  const [, month, day] = found.split(/[/.-]/).map(Number);
  return monthFirstValid(month!, day!);
}

/**
 * A bare "350-4200" is a phone only when nothing says range: no unit after, no "from"
 * before, and not two round numbers (ranges are round, phone numbers seldom both).
 */
function localPhoneValid(found: string, text: string, start: number, end: number): boolean {
  if (UNIT_AHEAD.test(text.slice(end, end + 12))) return false;
  const before = text.slice(Math.max(0, start - 60), start);
  if (UNIT_OR_RANGE_BEFORE.test(before.slice(-16)) && !PHONE_WORD_BEFORE.test(before)) {
    return false;
  }
  const [a, b] = found.split(/[-.]/);
  return !(a!.endsWith('0') && b!.endsWith('0'));
}

/** Payers whose name says a number after it is a member's: "UHC ID …", "Aetna H4109427-06". */
const PAYERS =
  'medicaid|medicare|masshealth|medi-cal|tricare|champva|uhc|unitedhealthcare|united healthcare|aetna|cigna|humana|anthem|bcbs|blue cross|blue shield|kaiser|molina|wellcare|ambetter|highmark|amerigroup|caresource|centene|emblemhealth';

/** A licence number: four digits at least, and any letters before the digits in capitals. */
function licenceValid(found: string): boolean {
  return hasDigits(4)(found) && !/^[a-z]/.test(found);
}

/**
 * "304 530 7644" is a phone; "350 420 1150" in a list of measurements is not: no unit after,
 * no number just before or after, and not three round numbers.
 */
function spacedPhoneValid(found: string, text: string, start: number, end: number): boolean {
  if (UNIT_AHEAD.test(text.slice(end, end + 12))) return false;
  if (/\d[ \t,]*$/.test(text.slice(Math.max(0, start - 4), start))) return false;
  if (/^[ \t,]*\d/.test(text.slice(end, end + 4))) return false;
  const groups = found.replace(/\s*(?:x|ext).*$/, '').match(/\d+/g) ?? [];
  return !groups.slice(-3).every((g) => g.endsWith('0'));
}

function hasDigits(count: number): (found: string) => boolean {
  return (found) => (found.match(/\d/g)?.length ?? 0) >= count;
}

function facilityValid(found: string): boolean {
  return found.split(/\s+/).some((w) => !NOT_A_FACILITY.has(w.replace(/['’]s$/, '')));
}

/**
 * A named facility, not a score or criteria named after one ("Cleveland Clinic score"), and
 * with a weak head only after a place's word or, a pharmacy, its owner's name.
 */
function namedFacility(found: string, text: string, _start: number, end: number): boolean {
  const name = found === found.toUpperCase() ? titleCase(found) : found;
  if (!facilityValid(name) || NAMED_AFTER_PLACE.test(text.slice(end, end + 20))) return false;
  if (STRONG_HEAD_AT_END.test(name)) return true;
  const before = name.split(/\s+/).slice(0, -1);
  // A compass point alone names a building's part, not a place: "North Campus".
  if (before.some((w) => PLACE_PART.test(w) && !COMPASS.test(w))) return true;
  // A pharmacy is named for its owners as often as for its place: "Kessler Family Pharmacy".
  return PHARMACY_HEAD.test(name) && before.some((w) => ownerName(w));
}
const PHARMACY_HEAD = /\b(?:Pharmacy|Drugs?)$/i;
/** A surname or a possessive that names a shop's owner: "Kessler", "Walton's". */
const ownerName = (word: string) =>
  /['’]s$/.test(word) || (inNamesList(word) && !NOT_A_FACILITY.has(word));

/** The words before a facility's head, in capitals or capitalised: "LANTERN HILL", "Elm Street". */
const CAPS_WORDS_BEFORE = new RegExp(
  `(?:^|[^\\w'’-])((?:(?:ST\\.?|SAINT)\\s+)?(?:[${UPPER}][${UPPER}'’]+(?:-[${UPPER}]+)?\\s+|(?:OF|AND|&)\\s+){1,5})$`,
);
const WORDS_BEFORE = new RegExp(
  `(?:^|[^\\w'’-])((?:(?:St\\.?|Saint)\\s+)?(?:[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?\\.?\\s+|(?:of|and|&)\\s+){1,4})$`,
);
/**
 * The words of a clause before a facility's name, up to the last of them: "TRANSFERRED FROM",
 * "HE WAS SEEN IN" ("CLINIC" alone is no facility's name).
 */
const CLAUSE_BEFORE =
  /^.*\b(?:FROM|TO|AT|IN|ON|PER|VIA|WITH|BY|FOR|WAS|WERE|IS|ARE|BE|BEEN|HAS|HAD|HE|SHE|THEY|WE|HIS|HER|THEIR|THE|AN|A|PT|PATIENT|SEEN|SENT|TRANSFERRED|ADMITTED|DISCHARGED|REFERRED|FOLLOW|UP)\s+|^(?:(?:OF|AND|&)\s+)+/i;

/**
 * How far back from its head a facility's name reaches: its words in capitals before a head in
 * capitals, or its capitalised words before a weak head; 0 when no named facility ends there.
 * A name in capitals is one in text in mixed case ("at HOLY NAME OF MARY HOSPITAL."); in a
 * note all in capitals, one after "AT", "TO" or "FROM": "SEE DEVICE CLINIC" and "RATHER THAN
 * REHAB" are words.
 */
function facilityBefore(head: string, text: string, start: number): number {
  const inCapitals = head === head.toUpperCase();
  const before = text.slice(Math.max(0, start - 80), start);
  const end = start + head.length;
  const allCapitals = inCapitals && !/[a-z]/.test(before.slice(-40) + text.slice(end, end + 40));
  const run = (inCapitals ? CAPS_WORDS_BEFORE : WORDS_BEFORE).exec(before)?.[1];
  // The run ends where the head starts; the words that open a clause are not the name's.
  const reach = run?.replace(CLAUSE_BEFORE, '').replace(/^(?:(?:OF|AND|&)\s+)+/i, '').length ?? 0;
  if (reach === 0) return 0;
  // In a note all in capitals, a name only where a place is ("PLACEMENT AT GOLDEN YEARS MANOR")
  // or a field's label ("SENDING: HARROW VALLEY REGIONAL MEDICAL CENTER").
  if (
    allCapitals &&
    !/(?:\b(?:AT|TO|FROM)|\b[A-Z]{2,}:)\s+$/.test(before.slice(0, before.length - reach))
  )
    return 0;
  const name = text.slice(start - reach, start) + head;
  return namedFacility(name, text, start - reach, end) ? reach : 0;
}

/** Which of the shapes after a preposition was found, and whether it names a facility. */
function facilityAfterPreposition(found: string, text: string, start: number): boolean {
  if (/^The\s/.test(found)) return true;
  if (/^[A-Z]{3,6}$/.test(found)) return facilityInitials(found, text, start);
  if (found !== found.toLowerCase()) return facilityValid(found);
  // "at the nursing home" is any such place, not a named one.
  const words = found.split(/\s+/);
  if (words.slice(0, -1).some((w) => GENERIC_LOWER.has(w))) return false;
  // A hospital, a clinic or a pharmacy is a named one where its first word is a name's or a
  // place's, or no list's ("at lakeshore kidney center"; not "at wound clinic").
  if (!LOWER_CLINICAL_HEAD_AT_END.test(found)) return true;
  // "extubate hospital day 3": a hospital day, no hospital.
  if (/^\s+day\b/.test(text.slice(start + found.length, start + found.length + 6))) return false;
  const first = words[0] === 'st.' ? words[1]! : words[0]!;
  return (
    words.slice(0, -1).some((w) => PLACE_PART.test(w)) ||
    /['’]s$/.test(first) ||
    words[0] === 'st.' ||
    !isKnownWord(first) ||
    inNamesListOnly(first) ||
    PLACE_PART.test(first)
  );
}

/**
 * Initials that a hospital goes by: "at PRH", "to BIDMC", "from NSMC"; not a lab's, a bleed's or
 * a dialysis' ("to TSH", "progression to ICH", "transitioned to CVVH"). Those ending in H only
 * after "at" or "from", where a place is.
 */
const NOT_FACILITY_INITIALS = new Set(
  'OSH LTACH TSH LDH FSH PTH BPH CRH ACTH MCH MCHC ICH IVH SDH EDH SAH IPH PPH LVH RVH CVVH PNH HIGH RICH MUCH SUCH INCH EACH WITH BOTH'.split(
    ' ',
  ),
);
/** Initials that are no word and none of the above: "TRMH", not "CARE" nor "OSH". */
const mayBeFacilityInitials = (found: string) =>
  !isKnownWord(found) && !NOT_FACILITY_INITIALS.has(found);
function facilityInitials(found: string, text: string, start: number): boolean {
  if (NOT_FACILITY_INITIALS.has(found) || (found.match(/[AEIOU]/g)?.length ?? 0) > 1) return false;
  if (/(?:MC|RC|HC)$/.test(found)) return true;
  return (
    /[^AEIOUST]H$/.test(found) &&
    /\b(?:at|from)\s+$/.test(text.slice(Math.max(0, start - 6), start))
  );
}

/**
 * Words after a place's name, one modifier between at most, that make it a rule's or a
 * device's: "Milan criteria", "Cleveland Clinic incontinence score".
 */
const NAMED_AFTER_PLACE =
  /^\s+(?:[a-z]+\s+)?(?:criteria|classification|score|collar|shunt|rules?|grade|category|questionnaire|scale|protocol|formula|equation|staging|system|maneuver|procedure|virus|fever|disease|syndrome|sign)\b/i;

/**
 * The length of the longest run of the first words of `found` that `isPlace` takes for a town,
 * with the text right after it; 0 for none. Tried longest first: "LIVES IN DULUTH WITH".
 */
function longestPlace(
  found: string,
  text: string,
  start: number,
  isPlace: (place: string, after: string) => boolean,
): number {
  for (
    let end = found.length;
    end > 0;
    end = Math.max(found.lastIndexOf(' ', end - 1), found.lastIndexOf('-', end - 1))
  ) {
    if (isPlace(found.slice(0, end), text.slice(start + end, start + end + 24))) return end;
  }
  return 0;
}

/**
 * The place after a preposition: a known one, "Grand Rapids", "Kraków", a town named by a word
 * capitalised, "outside Independence", or in lower case "new bedford"; any words in lower
 * case before a state in brackets, "in mcallen (texas)"; capitals before a state's code, "in
 * CAÑON CITY, CO". A capitalised one must end where its capitals do ("in Boston Scientific" is
 * a company), and none may name a rule ("Milan criteria").
 */
function knownPlace(place: string, after: string): boolean {
  let known: boolean;
  if (place === place.toLowerCase()) {
    known =
      (place.length >= 4 && isCityInLowerCase(place)) ||
      (after.includes('(') &&
        STATE_IN_BRACKETS.test(after) &&
        !place.split(/[ -]/).some((w) => NOT_A_TOWN_LOWER.test(w)));
  } else if (place === place.toUpperCase()) {
    // In capitals, a known town or a town named by a word where a clause ends after it: "the
    // move from EUREKA.", "staying with friends in WILKES-BARRE".
    const town = titleCase(place);
    known =
      !/^(?:THE|A|AN|HIS|HER|THEIR|OUR|MY)\b/.test(place) &&
      ((STATE_CODE_AFTER.test(after) && capsCityValid(place)) ||
        isCity(town) ||
        (WORD_TOWNS.has(town) &&
          (WORD_TOWN_AFTER.test(after) || WORD_TOWN_AFTER.test(after.toLowerCase()))));
  } else {
    // "in Springfield MA" is a town and its state.
    known =
      (isCity(place) || (WORD_TOWNS.has(place) && WORD_TOWN_AFTER.test(after))) &&
      (!CAPITAL_AFTER.test(after) || STATE_AFTER.test(after));
  }
  return known && !NAMED_AFTER_PLACE.test(after);
}
const CAPITAL_AFTER = new RegExp(`^[ \\t-]*[${UPPER}]`);
const STATE_AFTER = new RegExp(`^[ \\t]+(?:${STATE_CODES})\\b`);
const STATE_IN_BRACKETS = new RegExp(`^[ \\t]*\\((?:${STATE_NAMES})\\)`, 'i');
/**
 * Words in lower case that are no town's before a state in brackets: "to wife (Virginia)",
 * "from out of state (Texas)".
 */
const NOT_A_TOWN_LOWER =
  /^(?:the|a|an|his|her|their|this|that|out|of|state|county|country|area|pain|wife|husband|son|daughter|mother|father|sister|brother|friend|family|home|hospital|clinic|rehab|icu|ed|er)$/;

/** Nationalities and languages look like places before a country: "Spanish (Mexico)". */
const NATIONALITY = /(?:ish|ese|ian|ean|ic|i)$/;

/** "Kraków, Poland", "Lagos (Nigeria)": a city before a country, not a list of countries. */
function cityBeforeCountry(found: string): boolean {
  if (isCity(found)) return true;
  if (COUNTRY_NAMES.has(found)) return false;
  const words = found.split(/[\s-]+/);
  return !words.some((w) => NOT_A_FACILITY.has(w)) && !NATIONALITY.test(found);
}

/** "Baltimore, MD" is a city; "Smith, MD" closing a signature is a credential. */
function cityValid(found: string, text: string, start: number, end: number): boolean {
  const comma = /^,\s+([A-Z]{2})\b/.exec(text.slice(end, end + 8));
  const state = comma?.[1];
  if (comma === null || state === undefined || !AMBIGUOUS_STATES.has(state)) return true;
  const after = text.slice(end + comma[0].length, end + comma[0].length + 16);
  if (/^\s*\d{5}\b/.test(after)) return true;
  if (state === 'PA' && /^\s*(?:and|view|film|lateral|&)/i.test(after)) return false;
  const before = text.slice(Math.max(0, start - 40), start);
  if (/\b(?:Dr|Signed|Dictated|by)\b\.?\s*$/i.test(before)) return false;
  // MD, PA and MS are credentials after a name as often as states after a town.
  if (CREDENTIAL_STATES.has(state)) return isCity(found);
  // A known town, or a line's end, says the two letters are its state: "Springfield, MA on 4/21".
  return isCity(found) || /^\s*(?:[.;)\n]|$)/.test(after);
}

/** A bare domain's last part: "mercyhealth.org". */
const DOMAIN_END = '\\.(?:com|org|net|edu|gov|io|info|health|us|ly|co|me|uk|ca|ai|app)\\b';

/** "97M", "92 F": not a temperature ("Tmax 99F") nor a distance ("walked 95m"). */
function ageInDigitsValid(found: string, text: string, start: number): boolean {
  if (!/^\d+\s?[MF]$/i.test(found)) return true;
  const before = text.slice(Math.max(0, start - 24), start);
  if (/(?:\bT|max|temp\w*|°|febrile|fever\w*|\d\.)\s*(?:of|to|:)?\s*$/i.test(before)) return false;
  return !/m$/i.test(found) || !/(?:ambulat|walk|distance|gait)\w*\W+(?:\w+\W+)?$/i.test(before);
}

/** An age over 89 written in digits starts 9, 10 or 11. */
const AGE_OVER_89_CUES = '9|10|11';
/** The relatives whose age a note gives in prose. */
const RELATIVES =
  'husband|wife|spouse|partner|mother|father|mom|dad|grandmother|grandfather|sister|brother|aunt|uncle|neighbor|neighbour|friend';
/** An age over 89 in words: "ninety-one", "one hundred and two". */
const AGE_IN_WORDS =
  '(?:ninety(?:[-\\s](?:one|two|three|four|five|six|seven|eight|nine))?|one hundred(?:(?:\\s+and)?[-\\s](?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))?)';
/** Safe Harbor's own grouping is not an age: "aged 90 or older", "90+". */
const AGE_GROUP_AFTER = /^\s*(?:or (?:older|over|above|more)|and (?:older|over|above)|\+)/i;
const notAgeGroup = (_found: string, text: string, _start: number, end: number) =>
  !AGE_GROUP_AFTER.test(text.slice(end, end + 16));
/** A measurement a sentence is about, so "is now 94." is its value: "HR 120, is now 94.". */
const MEASURE_IN_SENTENCE =
  /\b(?:hr|heart rate|pulse|rate|sats?|spo2|o2|bp|sbp|map|rr|resp|temp|glucose|bg|sugar|weight|wt|k|na|score|level|count|pain|gcs|inr|cr|bun|hgb|plt|wbc)\b[^.;!?\n]*$/i;
/**
 * An age after its words, not an age group; "is now 94" only where it ends the clause, in a
 * sentence no measure is in.
 */
function ageAfterWords(found: string, text: string, start: number, end: number): boolean {
  if (!notAgeGroup(found, text, start, end)) return false;
  const before = text.slice(Math.max(0, start - 80), start);
  if (!/is now\s*$/i.test(before)) return true;
  return (
    /^\s*(?:[.;]|years|yrs|$)/i.test(text.slice(end, end + 8)) && !MEASURE_IN_SENTENCE.test(before)
  );
}

/**
 * An identifier after its label: letters, digits and hyphens, with a digit in it (so that a
 * word after the label, "insurance policy TIC-0961450", is not taken for it and passed over).
 */
const ID_TOKEN = '((?=[A-Z0-9-]*\\d)[A-Z0-9][A-Z0-9-]{3,}[A-Z0-9])';
/** A licence number as licences write them: in groups of digits or with letters before. */
const LICENCE_TOKEN =
  '(\\d{3} \\d{3} \\d{3,4}|[A-Z]{1,4}[. ]\\d{4,}|\\d{1,3}\\.\\d{4,}|(?=[A-Z0-9-]*\\d)[A-Z0-9][A-Z0-9-]{3,}[A-Z0-9])';

/** IPv6's shapes with one run of zero groups written "::", or ending in IPv4. */
const H16 = '[0-9a-f]{1,4}';
const IPV4_TAIL = '(?:(?:25[0-5]|2[0-4]\\d|[01]?\\d?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|[01]?\\d?\\d)';
const IPV6 = [
  `(?:${H16}:){1,7}:(?!${H16})`,
  `(?:${H16}:){1,6}:${H16}`,
  `(?:${H16}:){1,5}(?::${H16}){1,2}`,
  `(?:${H16}:){1,4}(?::${H16}){1,3}`,
  `(?:${H16}:){1,3}(?::${H16}){1,4}`,
  `(?:${H16}:){1,2}(?::${H16}){1,5}`,
  `${H16}:(?::${H16}){1,6}`,
  `::(?:ffff(?::0{1,4})?:)?${IPV4_TAIL}`,
  `::(?:${H16}:){0,5}${H16}`,
  `(?:${H16}:){1,4}:${IPV4_TAIL}`,
].join('|');

/** "NRH" after "Northshore Regional Hospital (NRH)": the initials of the name's words. */
export function isAcronymOf(acronym: string, name: string): boolean {
  const initials = name
    .split(/[\s-]+/)
    .map((w) => w[0] ?? '')
    .join('');
  let at = 0;
  for (const letter of initials) if (letter === acronym[at]) at++;
  return at === acronym.length && initials[0] === acronym[0];
}

/**
 * "of Huntington PD" after an officer is a town's police; "of Parkinson PD" is a disease (PD
 * also stands for peritoneal dialysis).
 */
function policeTown(found: string, text: string, start: number, end: number): boolean {
  if (!facilityValid(found)) return false;
  if (!EPONYMS.has(found.split(' ')[0]!) || !/^\s+PD\b/.test(text.slice(end, end + 4))) return true;
  return /\b(?:officer|police|deputy|trooper|sergeant|detective|sheriff)\b/i.test(
    text.slice(Math.max(0, start - 80), start),
  );
}

/** A town's name in capitals: "SPOKANE", "ST. PETERSBURG", "CAÑON CITY". */
export const CAPS_TOWN = `(?:ST\\.[ \\t])?[A-Z][${UPPER}]+(?:[ -](?!(?:${STATE_CODES})\\b)[${UPPER}]{2,}){0,2}`;
const STATE_CODE_AFTER = new RegExp(`^,?[ \\t]+(?:${STATE_CODES})\\b`);

/** A town in capitals, not clinical capitals: "SPOKANE WA", not "CHEST PA". */
export function capsCityValid(found: string): boolean {
  return (
    facilityValid(titleCase(found)) &&
    !/\b(?:CHEST|ABD|ABDOMEN|PELVIS|HEAD|NECK|XR|CT|MRI|PORTABLE|VIEW|AND|WITH|NO)\b/.test(found)
  );
}

/**
 * The town at the end of the text before a ZIP code, then a state in lower case: "Gallup, nm
 * 08533"; its group 1 is the town.
 */
export function townBeforeLowerState(before: string): RegExpExecArray | null {
  const town = LOWER_STATE_TOWN_BEFORE.exec(before);
  return town && facilityValid(town[1]!) ? town : null;
}
const LOWER_STATE_TOWN_BEFORE = new RegExp(
  `\\b(${PLACE_WORD}(?:[ -]${PLACE_WORD}){0,2}),[ \\t]*(?:${STATE_CODES_LOWER})[ \\t]+$`,
);

/**
 * A town before its ZIP code, with or without its state: "Quincy MA 02169", "Yonkers 10701",
 * "New Bedford 02740-1234".
 */
const CITY_ZIP = new RegExp(
  `\\b(${PLACE_WORD}(?:[ -]${PLACE_WORD}){0,2}),?\\s+(?:(?:${STATE_CODES})\\s+)?\\d{5}(?:-\\d{4})?\\b(?![\\w-]|\\.\\d)`,
  'dg',
);
/**
 * After a state, any town; without one, a known town, one after a place's preposition that is
 * no common word ("from Chester 47594", "from Reading 20379"), or any before a ZIP+4 not its
 * label.
 */
function cityZipValid(found: string, text: string, start: number, end: number): boolean {
  const zip = /^,?\s+((?:[A-Z]{2}\s+)?)\d{5}(-\d{4})?/.exec(text.slice(end, end + 24));
  if (zip === null) return false;
  if (zip[1] !== '') return true;
  if (UNIT_AHEAD.test(text.slice(end + zip[0].length, end + zip[0].length + 12))) return false;
  const afterPreposition =
    PLACE_PREPOSITION.test(text.slice(Math.max(0, start - 12), start)) &&
    (WORD_TOWNS.has(found) ||
      found.split(/[ -]/).every((w) => !isKnownWord(w) || inNamesListOnly(w)));
  return (
    isCity(found) ||
    afterPreposition ||
    (zip[2] !== undefined && !/\b(?:Zip|ZIP|Zipcode|Postal|Code|Box)$/.test(found))
  );
}

export const PATTERN_RULES: readonly PatternRule[] = [
  { kind: 'email', needs: '@', pattern: /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g },
  {
    kind: 'url',
    cues: 'http|ftp://|www.',
    pattern: /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'()[\]]+[^\s<>"'()[\].,;:!?]/gi,
  },
  {
    kind: 'url',
    needs: new RegExp(DOMAIN_END, 'i'),
    pattern: new RegExp(
      // One letter is a name only before a path ("x.com/handle"): "q.d." is no address.
      `\\b(?:[a-z0-9-]{2,}(?:\\.[a-z0-9-]+)*${DOMAIN_END}(?:\\/[^\\s,;)]*[^\\s.,;:)])?|[a-z0-9]${DOMAIN_END}\\/[^\\s,;)]*[^\\s.,;:)])`,
      'gi',
    ),
  },
  {
    // With leading zeros too ("010.001.002.003"); a port or a prefix length may follow.
    kind: 'ip address',
    pattern:
      /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|[01]?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d?\d)(?![\d.]*\d)/g,
    // A version's four numbers: "firmware 4.2.0.17", "v 10.0.1.5".
    accept: (_found, text, start) =>
      !/\b(?:firmware|software|version|ver|v|build|release)\.?[ \t:]*$/i.test(
        text.slice(Math.max(0, start - 12), start),
      ),
  },
  {
    kind: 'ip address',
    needs: /:[0-9a-f]{1,4}:/i,
    pattern: /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi,
  },
  {
    // IPv6 compressed ("2001:db8::1", "fe80::1%eth0", "::ffff:10.0.0.1").
    kind: 'ip address',
    needs: '::',
    // A colon after it may end a clause: "from IP 2001:db8::bb94: 'can you…'".
    pattern: new RegExp(`(?<![\\w:.])(?:${IPV6})(?:%[0-9a-z]+)?(?![\\w]|:[\\w:])`, 'gi'),
    // Enough hexadecimal digits to be an address, not "a::b".
    accept: (found) => (found.match(/[0-9a-f]/gi)?.length ?? 0) >= 5,
  },
  { kind: 'ssn', pattern: /\b\d{3}-\d{2}-\d{4}\b/g },
  // Masked but for its last four digits, "***-**-4471": still an SSN's digits.
  { kind: 'ssn', pattern: /(?<![\w*#])(?:\*{3}|[Xx]{3}|#{3})-(?:\*{2}|[Xx]{2}|#{2})-\d{4}\b/g },
  {
    // The organ network's id of a donor or recipient: "UNOS ID VHZ980".
    kind: 'mrn',
    cues: 'unos',
    pattern: /\b(?:UNOS)(?:\s+(?:ID|#|number|no\.?))?\s*[:#]?\s*([A-Z0-9]{5,10})\b/dg,
    group: 1,
    accept: hasDigits(3),
  },
  {
    kind: 'ssn',
    cues: 'ssn|ss#|soc',
    pattern:
      /\b(?:SSN|SS#|social security(?: number| no\.?| #)?|soc\.? sec\.?(?: number| no\.?| #)?)\s*(?:is\s*)?[:#]?\s*((?:\d{3}|xxx|\*{3})[\s.-]?(?:\d{2}|xx|\*{2})[\s.-]?\d{4})\b/dgi,
    group: 1,
  },
  {
    // "last 4 of SSN (1169)", "SSN ending in 4721".
    kind: 'ssn',
    cues: 'last 4|last four|ssn|ss#|social|soc',
    pattern:
      /\b(?:last (?:4|four)(?:\s+digits)?\s+(?:of\s+)?(?:the\s+|pt['’]s\s+|his\s+|her\s+)?(?:SSN|SS#|social(?: security(?: number| no\.?| #)?)?)|(?:SSN|SS#|social security(?: number| no\.?| #)?|soc\.? sec\.?(?: number| no\.?| #)?)\s*(?:\(?last\s+(?:4|four)\)?|(?:ending|ends)(?:\s+in)?))\s*[:#(]?\s*(\d{4})\b/dgi,
    group: 1,
  },
  {
    kind: 'mrn',
    cues: 'mrn|mr#|mr no|medical record|med rec|patient id|pt id|unit no|unit number|hospital number|hospital no|hosp #|hosp no|hosp number|hosp.|chart|encounter|visit|csn|accession|specimen|requisition',
    pattern:
      /\b(?:MRN|MR#|MR no\.?|medical record(?: number| no\.?| #)?|med rec(?: no\.?| #)?|patient id|pt id|unit no\.?|unit number|hospital number|hospital no\.?|hosp\.?(?: number| no\.?| #)|chart(?: number| no\.?| #)|(?:encounter|visit)(?: id| number| no\.?| #)|CSN|accession(?: number| no\.?| #)?|(?:specimen|requisition)(?: id| number| no\.?| #)?)\s*(?:is\s*)?[:#]?\s*([A-Z]{0,3}-?\d[\d-]{3,}[A-Z0-9]*)/dgi,
    group: 1,
    accept: hasDigits(4),
  },
  {
    // Record, case and kit numbers under their everyday labels: "BB armband TY67903",
    // "evidence kit SAK-449673", "APS case #A-7365654", "referral 45-399523", "employee
    // EMP682577" (five digits at least: "case 2" and a time are no record).
    kind: 'mrn',
    cues: 'armband|wristband|kit|case|referral|employee|record|incident',
    pattern:
      /\b(?:armband|wristband|kit|case|referral|employee|record|incident)(?: id| number| no\.?| #)?\s*[:#]?\s*((?:[A-Z]{1,4}-)?[A-Z]{0,4}-?\d[\dA-Z-]{4,})\b/dgi,
    group: 1,
    accept: hasDigits(5),
  },
  {
    // An accession number's shape, letters then year then serial: "CT-25-4282645".
    kind: 'mrn',
    needs: /-\d\d-\d/,
    pattern: /\b[A-Z]{1,4}-\d{2}-\d{5,8}\b/g,
    accept: (_found, text, start, end) =>
      !/[\w-]/.test((text[start - 1] ?? '') + (text[end] ?? '')),
  },
  {
    // A plan's or a payer's number, its kind of plan between: "Medicaid managed care ID …".
    kind: 'account number',
    cues: `account|acct|billing|claim|health plan|insurance|member|subscriber|beneficiary|policy|group|plan|fin|mbi|hicn|${PAYERS}`,
    pattern: new RegExp(
      `\\b(?:account|acct|billing|claim|health plan|insurance|member|subscriber|beneficiary|policy|group|plan|FIN|MBI|HICN|${PAYERS})(?: for life| supplement| advantage| part [abcd]| MBI| HICN| ID| member| managed care| HMO| PPO| blue shield| of [a-z]+)*(?: id| number| no\\.?| #| num)?\\s*(?:is\\s*)?[:#]{0,2}\\s*${ID_TOKEN}`,
      'dgi',
    ),
    group: 1,
    accept: hasDigits(4),
  },
  {
    // "Ins: Blue Cross Blue Shield U8969-7255": a payer's name, then the member's number.
    kind: 'account number',
    cues: 'ins:|insurance:|payer:|payor:|carrier:',
    pattern: new RegExp(
      `\\b(?:Ins:|INS:|Insurance:|INSURANCE:|Payer:|PAYER:|Payor:|PAYOR:|Carrier:|CARRIER:)\\s*(?:[A-Z][A-Za-z&'’-]*\\s+){0,4}${ID_TOKEN}`,
      'dg',
    ),
    group: 1,
    accept: hasDigits(4),
  },
  {
    // The NHS number, in three groups of digits.
    kind: 'account number',
    cues: 'nhs',
    pattern: /\b(?:NHS)(?: number| no\.?| #)?\s*[:#]?\s*(\d{3}[ -]?\d{3}[ -]?\d{4})\b/dgi,
    group: 1,
  },
  {
    // A state's licence written with the state before it: "OH-L73701", "MA-A82354".
    kind: 'licence number',
    needs: /[A-Z]{2}-[A-Z]{1,2}\d/,
    pattern: new RegExp(`(?<![\\w-])(?:${STATE_CODES})-[A-Z]{1,2}\\d{4,7}(?![\\w-])`, 'g'),
  },
  {
    // A medical interpreter's certificate, its board's letters joined to it: "ID CCHI-32743".
    kind: 'licence number',
    needs: /(?:CHI|CMI)-\d/,
    pattern: /(?<![\w-])(?:CCHI|CHI|NBCMI|CMI)-\d{4,6}(?![\w-])/g,
  },
  {
    kind: 'licence number',
    cues: 'driver|lic|dea|npi|certificate|cert|permit|passport|registration|cchi|nbcmi',
    pattern: new RegExp(
      `\\b(?:(?:driver'?s\\s+)?licen[cs]e(?! plate)|lic\\.?|DEA|NPI|certificate|cert|permit|passport|registration|CCHI|NBCMI)(?: id| number| no\\.?| #| num)?\\s*(?:is\\s*)?[:#(]{0,2}\\s*${LICENCE_TOKEN}`,
      'dgi',
    ),
    group: 1,
    accept: licenceValid,
  },
  {
    // A driver's licence by its letters, in capitals ("mg/dl 1400" is a dose), or "DL" alone
    // before a licence's letter and digits ("Pt's DL J2423141").
    kind: 'licence number',
    cues: 'dl|d.l.',
    pattern: new RegExp(
      `\\b(?:DL ?#|DL:|DL no\\.?|DL number|D\\.L\\.|DL(?= [A-Z]{1,2}\\d{5,}\\b))\\s*[:#(]{0,2}\\s*${LICENCE_TOKEN}`,
      'dg',
    ),
    group: 1,
    accept: licenceValid,
  },
  {
    kind: 'device id',
    cues: 'serial|s/n|sn|device|udi|imei|lot|model/serial|vin|vehicle identification number|licen|plate|transmitter',
    pattern: new RegExp(
      `\\b(?:serial(?: number| no\\.?| #| num)?|S\\/N|SN|device(?: id| identifier| number| no\\.?|_serial|_sn)|UDI|IMEI|lot(?: number| no\\.?| #)|model\\/serial|VIN|vehicle identification number|licen[cs]e plate(?: number| no\\.?| #)?|plate(?: number| no\\.?| #)|transmitter(?: id| serial| sn| #))\\s*(?:is\\s*)?[:#=]?\\s*(?:\\(21\\))?([A-Z0-9](?:[A-Z0-9-]|\\s(?=\\d)){2,}[A-Z0-9])`,
      'dgi',
    ),
    group: 1,
    // A transmitter's or a serial's id may carry one digit only: "8GZKFM".
    accept: (found) => hasDigits(2)(found) || (hasDigits(1)(found) && found.length >= 6),
  },
  {
    // A GS1 UDI: "(01)00900210458367(17)290319(21)E0X972K8".
    kind: 'device id',
    needs: '(01)',
    pattern: /(?<![\w)])\(01\)\d{14}(?:\(\d{2,4}\)[A-Za-z0-9-]+)*/g,
  },
  {
    // "plate 7ABC123", "vehicle tag 880 MXH": capitals and digits, the way plates are written.
    kind: 'device id',
    cues: 'licen|plate|tag',
    pattern:
      /\b(?:[Ll]icen[cs]e [Pp]late|LICEN[CS]E PLATE|[Pp]late|PLATE|[Tt]ag|TAG)\b(?: number| no\.?| #)?\s*[:#]?\s*((?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{1,4}[ -]?[A-Z0-9]{2,5})\b/dg,
    group: 1,
    accept: hasDigits(2),
  },
  {
    // "Pacemaker (PJN518166)": an id of letters and digits shortly after a device word.
    kind: 'device id',
    cues: 'pacemaker|icd|defibrillator|pump|lvad|vad|stimulator|implant|impella|generator|lead|valve|prosthesis',
    pattern:
      /\b(?:pacemaker|ICD|defibrillator|pump|LVAD|VAD|stimulator|implant|Impella|generator|lead|valve|prosthesis)\b[^.\n]{0,24}?\b([A-Z]{1,4}-?\d{5,}[A-Z0-9]*)\b/dgi,
    group: 1,
  },
  {
    // A bare VIN: 17 characters without I, O or Q, mixing letters and digits (three of each
    // at least: counted after the match, which is far cheaper than lookaheads at every word).
    kind: 'device id',
    pattern: /\b[A-HJ-NPR-Z0-9]{17}\b/g,
    accept: (found) => hasDigits(3)(found) && /(?:\d*[A-Z]){3}/.test(found),
  },
  {
    kind: 'phone',
    // "617-555-0142", "(806) 713 9751 x12", "415/275-0448", "505 - 338 - 1566", and ten digits
    // in groups apart by spaces, "304 530 7644" (not in a list of measurements).
    pattern:
      /(?<![\w-])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s*\d{3}[.\s-]|\d{3}[.-]\d{3}[.-]|[2-9]\d{2}\/[2-9]\d{2}[.-]|[2-9]\d{2} - [2-9]\d{2} - |[2-9]\d{2} [2-9]\d{2} )\d{4}(?!\d)(?:,?\s*(?:x|ext\.?)\s*\d{1,5})?/g,
    accept: (found, text, start, end) => {
      const spaced = !found.includes('-') && !found.includes('.') && !found.includes('(');
      return !spaced || spacedPhoneValid(found, text, start, end);
    },
  },
  {
    kind: 'phone',
    needs: '+',
    pattern: /(?<![\w])\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}(?!\d)/g,
    accept: hasDigits(8),
  },
  {
    kind: 'phone',
    cues: 'phone|tel|telephone|cell|cellphone|mobile|fax|facsimile|pager|beeper|call|called|reached at|contact|number|ph|home|line|hotline',
    pattern:
      /\b(?:phone|tel|telephone|cell|cellphone|mobile|fax|facsimile|pager|beeper|call|called|reached at|contact(?: number)?|number|ph|home|line|hotline)\.?\s*(?:no\.?|number|#)?\s*(?:is\s*|at\s*)?[:#]?\s*((?:\+?1[\s.-]?)?(?:\(?\d{3}\)?[\s.-]?)?\d{3}[\s.-]?\d{4})(?!\d)/dgi,
    group: 1,
  },
  {
    kind: 'phone',
    cues: 'pager|beeper|page|paged|pgr|ext|extension|x',
    pattern: /\b(?:pager|beeper|page|paged|pgr|ext|extension|x)\.?\s*(#?\s*\d{4,5}|\d-\d{4})\b/dgi,
    group: 1,
    accept: (_found, text, _start, end) => !UNIT_AHEAD.test(text.slice(end, end + 12)),
  },
  {
    // "page J. O'Brien at 2-9532", "paged at 03169": an in-house number after "at" (four
    // digits alone there are a time).
    kind: 'phone',
    cues: 'page|pager|pgr|beeper',
    pattern:
      /\b(?:page[ds]?|pager|pgr|beeper)\b[^\n;]{0,40}?\bat\s+(#\s?\d{4,5}|\d{5}|\d-\d{4})\b/dgi,
    group: 1,
    accept: (_found, text, _start, end) => !UNIT_AHEAD.test(text.slice(end, end + 12)),
  },
  {
    // Dialled from abroad with 00: "0057-762-615804".
    kind: 'phone',
    needs: '00',
    pattern: /\b00[1-9]\d{0,2}[\s.-]\d{1,4}(?:[\s.-]\d{2,8}){1,3}(?![\w-]|\.\d)/g,
    accept: (found, text, start) => hasDigits(10)(found) && !/[\w.+-]/.test(text[start - 1] ?? ''),
  },
  {
    // Ten bare digits shaped like a North American number (area and exchange start 2-9).
    kind: 'phone',
    pattern: /(?<![\w./-])[2-9]\d{2}[2-9]\d{6}(?![\w/-]|\.\d)/g,
  },
  {
    kind: 'phone',
    pattern: /(?<![\w./-])[2-9]\d{2}[-.]\d{4}(?![\w/-]|\.\d)/g,
    accept: localPhoneValid,
  },
  {
    // A record number a census line or an ID band carries with a hash: "#12345678", "#123-45-67".
    kind: 'mrn',
    needs: '#',
    pattern: /(?<![\w#])#\s?(\d[\d-]{5,}\d)\b/dg,
    group: 1,
    accept: hasDigits(6),
  },
  {
    // A date written as one token, "signed 20211117 1845", "last fill on 03142023": the same
    // digits as a record number below, and found first, so the date is kept (a label before it
    // makes it a record's).
    kind: 'date',
    pattern:
      /(?<![\w.,/#+$-])(?:(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:19|20)\d\d)(?![\w,/%:-]|\.\d)/g,
  },
  {
    // Eight to twelve bare digits that are no count of something: a record number.
    kind: 'mrn',
    pattern: /(?<![\w.,/#+$-])\d{8,12}(?![\w,/%:-]|\.\d)/g,
    accept: (_found, text, _start, end) => !UNIT_AHEAD_ANY_CASE.test(text.slice(end, end + 12)),
  },
  {
    kind: 'date',
    // One separator twice: "4-6/10" is a pain score's range.
    pattern: /(?<![\w/.-])\d{1,2}([/-])\d{1,2}\1(?:\d{4}|\d{2})(?![\w/-]|\.\d)/g,
    accept: numericDateValid,
  },
  {
    kind: 'date',
    // "7.3.22", "19.3.2020." (a sentence's full stop after it); not an IP address's part.
    pattern: /(?<![\w/.-])\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\w|\.\d)/g,
    accept: numericDateValid,
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.-])\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?![\w/-]|\.\d)/g,
    accept: isoDateValid,
  },
  {
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(
      `\\b${ANY_CASE_MONTH}\\.?\\s+\\d{1,2}${ORDINAL}\\b(?:,?\\s+\\d{4}\\b)?`,
      'g',
    ),
    // "MAY 2 UNITS", "jan 5 mg": a dose, not a date.
    accept: (_found, text, _start, end) => !UNIT_AHEAD_ANY_CASE.test(text.slice(end, end + 12)),
  },
  {
    // "3rd of March", "12-Jun-2020", and run together as a military date: "30SEPT2019"; in lower
    // case with its year, "3 feb 2023".
    kind: 'date',
    pattern: new RegExp(
      `(?<![\\w/.-])\\d{1,2}(?:${ORDINAL}[\\s-](?:of\\s+)?(?:${MONTH}\\b\\.?(?:[\\s,-]+\\d{4}\\b|-\\d{2}\\b)?|${LOWER_MONTH}\\b\\.?[\\s,-]+(?:19|20)\\d{2}\\b)|${MONTH}(?:\\d{4}|\\d{2})\\b)`,
      'g',
    ),
  },
  {
    // "March 2019", "May '16", "Apr-19".
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(
      `\\b${MONTH}\\.?(?:[\\s,-]+(?:of\\s+)?\\d{4}\\b|\\s*['’]\\d{2}\\b|-\\d{2}\\b(?!-))`,
      'g',
    ),
  },
  {
    // In lower case, "mar", "may" and "dec" with a day are dates only with their year ("dec 4
    // 2020"), and any month with a year, whole or cut short, or a range of months with one:
    // "widowed feb '19", "june 2022", "admits apr-jun 2022".
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(
      `\\b${LOWER_MONTH}(?:-${LOWER_MONTH})?\\.?\\s+(?:\\d{1,2}${ORDINAL},?\\s+(?:19|20)\\d{2}|['’]\\d{2}|(?:19|20)\\d{2})\\b`,
      'g',
    ),
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.-])(?:0?[1-9]|1[0-2])\/(?:19|20|21|22)\d{2}(?![\w/])/g,
  },
  {
    // After a word that dates what follows, a month/day is a date whatever its day, and so
    // are six digits, month and day first or day and month ("COMPARISON: 120921").
    kind: 'date',
    cues: 'on|since|from|until|till|through|dated|dob|born|after|before|of|adm|admitted|seen|visit|intubated|extubated|placed|started|stopped|discharged|transferred|sent|faxed|mailed|filed|verified|request|requested|cxr|ct|mri|echo|tte|ekg|ecg|due|note|meeting|report|date|comparison|compared|expected',
    pattern:
      /\b(?:on|since|from|until|till|through|dated|DOB|born|after|before|of|adm|admitted|seen|visit|intubated|extubated|placed|started|stopped|discharged|transferred|sent|faxed|mailed|filed|verified|request(?:ed)?|CXR|CT|MRI|echo|TTE|EKG|ECG|due|note|meeting|report|(?:date|comparison|compared to|compared with|expected)(?=\s*:?\s*\d{6}))\s*:?\s*(\d{1,2}\/\d{1,2}(?![\w/]|\.\d)|\d{6}(?![\w/-]|\.\d))/dgi,
    group: 1,
    accept: (found, text, _start, end) => {
      const after = text.slice(end, end + 12);
      if (!found.includes('/')) {
        const [a, b] = [Number(found.slice(0, 2)), Number(found.slice(2, 4))];
        return dayMonthValid(a, b) && !UNIT_AHEAD_ANY_CASE.test(after);
      }
      if (!numericDateValid(found) || FRACTION_AFTER.test(after)) return false;
      // "on 9/5." is a date, "on 2/3 maintenance" a fraction: one digit each wants a clear end.
      return !/^\d\/\d$/.test(found) || DATE_END.test(after);
    },
  },
  {
    kind: 'date',
    pattern:
      /(?<![\w/.:-])\d{1,2}\/\d{1,2}(?![\w/%]|\.\d|\s*(?:strength|pain|sets|bottles|cultures|(?:lymph\s+)?nodes?))/g,
    accept: monthDayValid,
  },
  {
    // A month-day with a hyphen after a word that dates it, where the clause ends or a linking
    // word follows: "collected 7-22.", "dated 10-8.", "readmitted 8-19 to" (not "on 2-3 L").
    kind: 'date',
    cues: 'on|dated|collected|drawn|readmitted|admitted|discharged|notified|interrogated',
    pattern:
      /\b(?:on|dated|collected|drawn|readmitted|admitted|discharged|notified|interrogated)\s+(\d{1,2}-\d{1,2})(?![\w/-]|\.\d)/dgi,
    group: 1,
    accept: (found, text, _start, end) => {
      const [month, day] = found.split('-').map(Number);
      return monthFirstValid(month!, day!) && DATE_END.test(text.slice(end, end + 12));
    },
  },
  {
    // A range of month/days, both dates: "admission 11/8-11/10 at", "9/13-9/19." (the first
    // alone reads as a score out of 8 or 10); not a range of scores, "pain 3/10-5/10".
    kind: 'date',
    needs: '/',
    pattern: /(?<![\w/.:-])\d{1,2}\/\d{1,2}-\d{1,2}\/\d{1,2}(?![\w/%]|\.\d)/g,
    accept: (found, text, start, end) => {
      const [from, to] = found.split('-') as [string, string];
      const scores = from.split('/')[1] === to.split('/')[1];
      return (
        numericDateValid(from) &&
        numericDateValid(to) &&
        !scores &&
        !SCORE_BEFORE.test(text.slice(Math.max(0, start - 14), start)) &&
        DATE_END.test(text.slice(end, end + 12))
      );
    },
  },
  {
    // A month alone is a date's element too: "admitted in March", "since early January".
    kind: 'date',
    cues: 'in|since|until|during|early|late|mid|last|next|this|by',
    pattern: new RegExp(
      `\\b(?:in|since|until|during|early|late|mid-?|last|next|this|by)\\s+(?:(?:early|late|mid-?)\\s*)?(${FULL_MONTH})\\b(?!\\s+\\d)`,
      'dgi',
    ),
    group: 1,
    // Capitalised, as a month is written: "may" and "march" in lower case are verbs.
    accept: (found) => /^[A-Z]/.test(found),
  },
  {
    // A weekday, then the date: "Wed 7/24", "sat. 24 sept", "sunday the 19th", "Tues 8/11".
    kind: 'date',
    cues: WEEKDAY_CUES,
    pattern: new RegExp(
      `\\b${WEEKDAY}[.,]?\\s*(?:\\d{1,2}\\/\\d{1,2}(?:\\/(?:\\d{4}|\\d{2}))?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${LOWER_MONTH}\\b\\.?|${LOWER_MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?|the\\s+\\d{1,2}(?:st|nd|rd|th))(?![\\w/]|\\.\\d)`,
      'gi',
    ),
    // "sat 2/3 of the day" is a verb and a fraction.
    accept: (found, text, _start, end) => {
      const numbers = /(\d+)\/(\d+)/.exec(found);
      if (numbers === null) return true;
      const valid = monthFirstValid(Number(numbers[1]), Number(numbers[2]));
      return valid && !FRACTION_AFTER.test(text.slice(end, end + 12));
    },
  },
  {
    // "she will come in on the 18th.", "admitted on the twenty-first", "next INR check the
    // 17th", "fell in March and again the 19th", "turned 96 the 17th"; after a date word any
    // month in lower case is one, "dec" too: "on dec 7".
    kind: 'date',
    cues: 'on|by|until|since|from|before|after|through|till|around|dated|check|due|visit|appt|appointment|return|surgery|scheduled|expected|planned|again|fell|turned',
    pattern: new RegExp(
      `\\b(?:on|by|until|since|from|before|after|through|till|around|dated|check|due|visit|appt|appointment|return|surgery|scheduled|expected|planned|again|fell|turned\\s+\\d{1,3})\\s+(the\\s+(?:\\d{1,2}(?:st|nd|rd|th)|${DAY_ORDINAL_IN_WORDS})\\b(?=\\s*(?:[.;:)!?]|-\\s|,(?!\\s*\\d{1,2}(?:st|nd|rd|th)\\b)|$|(?:of|at|and|or|when|once|to|for|after|before|in the|morning|evening|afternoon|night)\\b))|${LOWER_MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b)`,
      'dgi',
    ),
    group: 1,
    accept: (_found, text, _start, end) => !UNIT_AHEAD_ANY_CASE.test(text.slice(end, end + 12)),
  },
  {
    // A day of the month closing its clause after any word: "agreed on comfort care the 18th.",
    // "THE 10TH."; an ordinal count goes on to what it counts ("the 2nd dose").
    kind: 'date',
    needs: /\d(?:st|nd|rd|th)\b/i,
    pattern:
      /\b(?:the|THE)\s+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th|ST|ND|RD|TH)\b(?=\s*(?:[.;!?)]|$))/g,
  },
  {
    // A month named by the year around it: "stent exchange April of last year".
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(`\\b${FULL_MONTH}(?= of (?:last|this|next) year\\b)`, 'g'),
  },
  {
    // A date in words: "may twelve, 1945", "April twenty-first, 1928"; an ordinal needs no
    // year, "Disch August twelfth", "arrived December tenth".
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(
      `\\b${LOWER_MONTH}\\s+(?:(?:${DAY_IN_WORDS}|${DAY_ORDINAL_IN_WORDS}),?\\s+(?:19|20)\\d\\d|${DAY_ORDINAL_IN_WORDS}|first|second|third)\\b`,
      'gi',
    ),
    // "may second" is a verb without a year.
    accept: (found) => !/^may\s+(?:first|second|third)$/.test(found),
  },
  {
    // A month the part of it says happened then: "chemo started mid-September", "early March".
    kind: 'date',
    cues: 'mid|early|late',
    pattern: new RegExp(`\\b(?:mid|early|late)[- ](${FULL_MONTH})\\b`, 'dg'),
    group: 1,
  },
  {
    kind: 'date',
    cues: 'dob|d.o.b|date of birth|birth',
    pattern: /\b(?:DOB|D\.O\.B\.?|date of birth|birth ?date)\s*[:#-]?\s*(\d{6,8})\b/dgi,
    group: 1,
  },
  {
    // An age over 89 in digits, one try per number for all its shapes: "92 years old",
    // "92-year-old", "94 years of age", "92yo", "97yoF", "93y M", "her 103rd birthday", "97M",
    // "92 F", "97f w/ cough".
    kind: 'age over 89',
    cues: AGE_OVER_89_CUES,
    pattern:
      /\b(?:9\d|1[01]\d)(?:(?:\s*|-)(?:years?|yrs?|y)(?:\s*|-)(?:old|o)\b|\s*(?:years?|yrs?)\s+of\s+age\b|[\s-]*(?:yo|y\/o|y\.o\.?|yrs?|years?|y)(?:[MF](?![a-z]))?(?!\w)|(?:st|nd|rd|th)(?=\s+birthday)|\s?[MF]\b(?!\/))/gi,
    accept: ageInDigitsValid,
  },
  {
    // "DOB May 17, 1924 (99)": the age in brackets after a date of birth.
    kind: 'age over 89',
    cues: 'dob|d.o.b|date of birth',
    pattern:
      /\b(?:DOB|D\.O\.B\.?|date of birth)\s*[:#-]?\s*[^()\n]{4,24}?\s*\(((?:9\d|1[01]\d)(?:\s*(?:y|yo|yrs?|years?))?)\)/dgi,
    group: 1,
  },
  {
    // "a woman in her mid-90s", "in his late nineties".
    kind: 'age over 89',
    cues: 'in his|in her|in their',
    pattern:
      /\b(?:in (?:his|her|their))\s+((?:(?:early|mid|late)[\s-]*)?(?:90['’]?s|nineties))\b/dgi,
    group: 1,
  },
  {
    kind: 'age over 89',
    // "aged 93", "turned 100", a relative's "lived to 101", "died at 96", "alive at 105", "she
    // is now 94.".
    cues: 'age|turn|lived|died|alive|is now',
    pattern: new RegExp(
      `\\b(?:age|aged|age of|turned|turns|turning|lived to|died at|alive at|is now)\\s*[:=]?\\s*((?:9\\d|1[01]\\d)\\b|${AGE_IN_WORDS}\\b)(?!\\s*(?:%|mg|mL|kg|degrees|°|min))`,
      'dgi',
    ),
    group: 1,
    accept: ageAfterWords,
  },
  {
    // A relative's age in prose: "Pt's husband, who is 99, is her caregiver", "mother is 101",
    // or in brackets: "lives with her mother (98)".
    kind: 'age over 89',
    cues: RELATIVES,
    pattern: new RegExp(
      `\\b(?:${RELATIVES})(?:(?:,?\\s+who)?\\s+is\\s+(?:now\\s+)?|\\s*\\((?=(?:9\\d|1[01]\\d)\\)))((?:9\\d|1[01]\\d)|${AGE_IN_WORDS})\\b(?![ \\t]*(?:%|mg|mL|kg|lb|pounds|degrees|°|min|minutes|miles|percent))`,
      'dgi',
    ),
    group: 1,
  },
  {
    // "born 3/20/28, which makes him 97".
    kind: 'age over 89',
    cues: 'makes|making',
    pattern: new RegExp(
      `\\b(?:makes|making)\\s+(?:him|her|them|the patient|pt)\\s+((?:9\\d|1[01]\\d)|${AGE_IN_WORDS})\\b`,
      'dgi',
    ),
    group: 1,
  },
  {
    kind: 'age over 89',
    cues: 'ninety|one hundred',
    pattern: new RegExp(`\\b${AGE_IN_WORDS}[-\\s](?:years?[-\\s]old|yo|y\\/o)\\b`, 'gi'),
  },
  {
    kind: 'age over 89',
    cues: 'nonagenarian|centenarian',
    pattern: /\b(?:nonagenarian|centenarian)\b/gi,
  },
  {
    // "12 Elm Street, Apt 3", "89-15 César Chávez Blvd Lot 17"; in lower-case notes "49b
    // magnolia st." and "120a sw sycamore dr"; on face sheets "86 PLEASANT RD BLDG C APT 9"
    // (one scan for all).
    kind: 'street address',
    pattern: new RegExp(
      `\\b${HOUSE_NUMBER}(?:[A-Z]?\\s+(?:${STREET_WORD}\\s+){1,4}${STREET_SUFFIX}\\b\\.?${STREET_UNIT}|[a-z]?\\s+(?:(?:n|s|e|w|ne|nw|se|sw)\\.?\\s+)?(?:[a-z]{3,}\\s+){1,3}${LOWER_STREET_SUFFIX}\\b\\.?(?:,?\\s+(?:apt|unit|lot|ste|suite|#)\\.?\\s*#?\\s*\\w+)?|[A-Z]?\\s+(?:(?:[NSEW]|NE|NW|SE|SW)\\.?\\s+)?(?:[A-Z]{2,}\\s+){1,3}${CAPS_STREET_SUFFIX}\\b\\.?(?:,?\\s+(?:APT|UNIT|STE|SUITE|BLDG|LOT|#)\\.?\\s*#?\\s*[A-Z0-9]+){0,2})`,
      'g',
    ),
    accept: streetValid,
  },
  {
    // A rural route's box: "HC 6 Box 399", "RR 2 Box 15", "RR 4 BOX 194", "rr 6 box 91".
    kind: 'street address',
    cues: 'hc |hcr |rr |rural route|star route',
    pattern: /\b(?:HC |HCR |RR |Rural Route|Star Route)\s*\d{1,4},?\s+Box\s+\d{1,5}\b/gi,
  },
  {
    // A county road named by letters: "N7069 County Rd Y".
    kind: 'street address',
    needs: 'County',
    pattern: /\b(?:[NSEW]?\d{1,6}\s+)?County\s+(?:Rd|Road|Hwy|Highway)\s+(?:[A-Z]{1,2}|\d{1,3})\b/g,
  },
  {
    // Latin American style, the name before the number: "Av. Hidalgo 297, Col. Centro".
    kind: 'street address',
    cues: 'av.|avenida|calle|calzada|carrera|rua|rue',
    pattern: new RegExp(
      `\\b(?:Av\\.|Avenida|Calle|Calzada|Carrera|Rua|Rue)\\s+(?:(?:de|del|la|los|las)\\s+)?[${UPPER}][${LOWER}]+(?:\\s+[${UPPER}][${LOWER}]+){0,2}\\s+\\d{1,5}\\b(?:,\\s*(?:Col\\.|Colonia)\\s+[${UPPER}][${LOWER}]+(?:\\s+[${UPPER}][${LOWER}]+)?)?`,
      'g',
    ),
  },
  {
    kind: 'street address',
    cues: 'route|rte|highway|hwy|interstate',
    pattern: /\b(?:Route|Rte\.?|Highway|Hwy\.?|Interstate)\s+\d{1,3}\b/g,
  },
  { kind: 'street address', needs: /box/i, pattern: /\bP\.?\s?O\.?\s+Box\s+\d+\b/gi },
  {
    kind: 'city',
    needs: new RegExp(`,\\s+(?:${STATE_CODES}|${STATE_NAMES})`),
    pattern: new RegExp(
      `\\b(${PLACE_WORD}(?:[\\s-]${PLACE_WORD}){0,2}),\\s+(${STATE_CODES}|${STATE_NAMES})\\b`,
      'dg',
    ),
    group: 1,
    accept: cityValid,
  },
  { kind: 'city', needs: /\d{5}/, pattern: CITY_ZIP, group: 1, accept: cityZipValid },
  {
    kind: 'city',
    needs: new RegExp(`[,(][ \\t]*(?:${COUNTRIES})\\b`),
    pattern: new RegExp(
      `\\b(${PLACE_WORD}(?:[ -]${PLACE_WORD}){0,2})(?:,[ \\t]*|[ \\t]+\\()(?:${COUNTRIES})\\b`,
      'dg',
    ),
    group: 1,
    accept: cityBeforeCountry,
  },
  {
    kind: 'city',
    cues: 'lives|resides|moved|grew up in|native of|home in|living in',
    pattern:
      /\b(?:[Ll]ives(?: alone| independently| with \w+(?: \w+)?)? in|[Rr]esides in|[Mm]oved (?:to|from)|[Gg]rew up in|[Nn]ative of|[Hh]ome in|[Ll]iving in)\s+([A-Z][a-z]+(?:[A-Z][a-z]+)?(?:\s[A-Z][a-z]+)?)\b/dg,
    group: 1,
    // "lives in Ohio": a state or a country is no town.
    accept: (found) => facilityValid(found) && !REGIONS.has(found),
  },
  {
    // "Suffolk County", "Prince George's County": a county is a place below a state.
    kind: 'city',
    needs: 'County',
    pattern:
      /\b[A-Z][a-z]+(?:['’]s)?(?: [A-Z][a-z]+(?:['’]s)?)? County\b(?! (?:Rd|Road|Route|Hwy|Highway)\b)/g,
  },
  {
    // "Orleans Parish": Louisiana's counties.
    kind: 'city',
    needs: 'Parish',
    pattern: /\b[A-Z][a-z]+(?: [A-Z][a-z]+)? Parish\b/g,
  },
  {
    // "Officer R. FitzGerald of Bakersfield PD": a police or fire department is its town's.
    kind: 'city',
    cues: 'of',
    pattern:
      /\b(?:of)\s+([A-Z][a-z]+(?:[A-Z][a-z]+)?(?:\s[A-Z][a-z]+){0,2})\s+(?:PD|P\.D\.|Police|Sheriff|Fire Department|Fire Dept)\b/dg,
    group: 1,
    accept: policeTown,
  },
  {
    // "Zip 02115", and Mexico's "C.P. 53939" (código postal).
    kind: 'zip code',
    // "home_zip=58666" in an export's key=value fields too.
    cues: 'zip|home_|postal code|c.p.',
    pattern:
      /\b(?:home_)?(?:zip|zipcode|zip code|postal code|C\.P\.)\s*(?:is\s*)?[:#=]?\s*(\d{5}(?:-\d{4})?)\b/dgi,
    group: 1,
  },
  {
    // A Canadian postal code, "B8X 7T9"; a British postcode after a town or a comma, "Leeds
    // LS3 1NY, United Kingdom" (the town before it is found with it).
    kind: 'zip code',
    pattern: /\b(?:[A-Z]\d[A-Z] \d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})\b/g,
    accept: (found, text, start, end) => {
      if (/[\w-]/.test((text[start - 1] ?? '') + (text[end] ?? ''))) return false;
      const canadian = /^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(found);
      return canadian || /(?:[a-zà-ÿ],?|,)[ \t]+$/.test(text.slice(Math.max(0, start - 3), start));
    },
  },
  { kind: 'zip code', pattern: /(?<![\w-])\d{5}-\d{4}(?![\w-])/g },
  {
    kind: 'zip code',
    // A state's name in any case: "Texas 78701", "TEXAS 78701", "texas 78701".
    pattern: new RegExp(
      `\\b(?:${STATE_CODES}|${STATE_NAMES}|${STATE_NAMES_CAPS}|${STATE_NAMES.toLowerCase()}),?\\s+(\\d{5}(?:-\\d{4})?)\\b`,
      'dg',
    ),
    group: 1,
  },
  {
    // A state in lower case and its ZIP code, as patients type them: "Gallup, nm 08533", "st.
    // cloud, mn 03605-3610" (the comma and the ZIP code make the state's letters a state's, not
    // a word). The town before is found with the ZIP code (detect.ts).
    kind: 'zip code',
    needs: /\d{5}/,
    pattern: new RegExp(
      `,[ \\t]*(?:${STATE_CODES_LOWER})[ \\t]+(\\d{5}(?:-\\d{4})?)(?![\\w-])`,
      'dg',
    ),
    group: 1,
  },
  {
    // "Cedar Hollow Nursing & Rehabilitation Center", "Tri-County Medical Center", "TriCounty
    // Home Health".
    kind: 'facility',
    needs: new RegExp(FACILITY_HEAD),
    pattern: new RegExp(
      `\\b(?:(?:St\\.?|Saint)\\s+)?(?:${NOT_A_NAME_OPENER}[A-Z][a-z'’]+(?:[A-Z][a-z]+)?(?:-[A-Z][a-z'’]+)?\\.?(?:\\s+&)?\\s+|[A-Z]{2,5}\\s+|(?:of|and)\\s+(?=[A-Z])){1,5}${FACILITY_HEAD}\\b(?:\\s+of\\s+[A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2})?`,
      'g',
    ),
    accept: namedFacility,
  },
  {
    // Found at its head, the words before it read back: in capitals, "EASTSIDE SICKLE CELL
    // CLINIC", "HOLY NAME OF MARY HOSPITAL"; with a weak head, "Lantern Hill Pediatrics".
    kind: 'facility',
    cues: HEAD_CUES,
    pattern: new RegExp(
      `\\b(?:${FACILITY_HEAD_CAPS}|${WEAK_FACILITY_HEAD}|${WEAK_FACILITY_HEAD.toUpperCase()})\\b`,
      'g',
    ),
    reach: facilityBefore,
  },
  {
    kind: 'facility',
    cues: 'hospital|medical center|clinic|hospice',
    pattern:
      /\b(?:Hospital|Medical Center|Clinic|Hospice) of (?:the\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,3}/g,
  },
  {
    // A long-term acute care hospital by its name: "Mercy Ridge LTACH", "Bridgewell LTAC of
    // Saginaw" (in capitals the head is every word's case, so only a name in mixed case: "FOR
    // AN LTACH" names none).
    kind: 'facility',
    needs: 'LTAC',
    pattern: new RegExp(
      `\\b(?:${NOT_A_NAME_OPENER}[A-Z][a-z'’]+\\s+){1,3}LTACH?\\b(?:\\s+of\\s+[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?)?`,
      'g',
    ),
    // The head names the kind: a word no list knows before it is the name ("Bridgewell LTAC
    // of Saginaw").
    accept: (found, text, start, end) =>
      namedFacility(found, text, start, end) ||
      found
        .split(/\s+(?:LTACH?|of)\b/)[0]!
        .split(/\s+/)
        .some((word) => !isKnownWord(word)),
  },
  {
    // Named as Spanish and French write it, the head first: "Clínica Esperanza", "Farmacia
    // San Judas".
    kind: 'facility',
    cues: 'clínica|clinica|centro|sanatorio|hôpital|hopital|farmacia',
    pattern: new RegExp(
      `\\b(?:Cl[ií]nica|Centro (?:M[eé]dico|de Salud)|Sanatorio|H[ôo]pital|Farmacia)\\s+(?:(?:de|del|la|las|los|San|Santa|Saint|Sainte)\\s+)*[${UPPER}][${LOWER}]+(?:\\s+[${UPPER}][${LOWER}]+){0,2}`,
      'g',
    ),
  },
  {
    // A chain's store, by its chain and where it stands: "Walgreens on Route 9", "CVS Pharmacy
    // on Elm St" (CVS alone is a chorionic villus sampling; Target alone a word).
    kind: 'facility',
    cues: 'walgreens|rite|duane|cvs|walmart|kroger|costco|target|publix|safeway|wegmans|meijer',
    pattern:
      /\b(?:Walgreens|Rite Aid|Duane Reade|(?:CVS|Walmart|Kroger|Costco|Target|Publix|Safeway|Wegmans|Meijer) Pharmacy)(?: (?:on|at) (?:Route \d+|[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:St|Street|Ave|Avenue|Rd|Road|Blvd|Pike|Hwy)\b))?/gi,
  },
  {
    // A visiting nurse association by its region: "VNA of the North Shore", "VNA-NS" ("VNA"
    // alone is any).
    kind: 'facility',
    needs: 'VNA',
    pattern: /\bVNA(?: of (?:the )?[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}|-[A-Z]{2,4}\b)/g,
  },
  {
    // Where a patient goes, by its initials: "Disposition: TRMH" (not "Disposition: SNF").
    kind: 'facility',
    cues: 'disposition|dispo',
    pattern: /\b(?:Disposition|Dispo)\s*:?[ \t]*([A-Z]{3,6})\b(?![-/])/dgi,
    group: 1,
    accept: (found) => found === found.toUpperCase() && mayBeFacilityInitials(found),
  },
  {
    // A medical centre's or a hospital's initials wherever written: "the SBRMC charges", "MTGH"
    // (four letters at least, ending as those names end: RMC, MC, MH, GH).
    kind: 'facility',
    pattern: /(?<![\w-])[A-Z]{2,3}(?:MC|MH|GH)(?![\w-])/g,
    accept: mayBeFacilityInitials,
  },
  {
    // After a preposition (one try for all): "The Pines at Westbury" ("The", capitalised
    // mid-sentence, opens a home's name); a hospital's initials, "implanted at PRH"; any name
    // before a date, "from Lakeside on 3/4"; in lower-case notes "lives at sunnybrook manor".
    kind: 'facility',
    cues: 'at|from|to|in',
    pattern: new RegExp(
      `\\b(?:at|from|From:?|to|in)\\s+(The\\s+[A-Z][a-z'’]+(?:\\s+[A-Z][a-z'’]+)?\\s+at\\s+[A-Z][a-z'’]+(?:\\s+[A-Z][a-z'’]+)?|[A-Z]{3,6}\\b(?![-/'’]|\\s+[A-Z])|(?:St\\.?\\s+)?[A-Z][a-z'’]+(?:\\s+[A-Z][a-z'’]+){0,3}(?=,?\\s+(?:on\\s+|in\\s+)?${DATE_AHEAD})|(?:st\\.\\s+)?(?:[a-z]+(?:['’]s)?\\s+){1,3}(?:manor|gardens|village|lodge|commons|nursing home|rehab|rehabilitation center|assisted living|senior living|care center|hospice|${LOWER_CLINICAL_HEAD})\\b)`,
      'dg',
    ),
    group: 1,
    accept: facilityAfterPreposition,
  },
  // After the facility rules: "from Lakeside on 3/4" is the facility, named like its town.
  {
    // A town in an export's or a face sheet's field: "home_city=Duluth", "City: Rapid City".
    kind: 'city',
    cues: 'home_city|city',
    pattern: new RegExp(
      `\\b(?:home_city[ \\t]*[:=]|City:)[ \\t]*([${UPPER}${LOWER}][${LOWER}${UPPER}'’.]*(?:[ -][${UPPER}${LOWER}][${LOWER}${UPPER}'’.]*){0,2})(?=[ \\t]*(?:[;,|\\n]|$))`,
      'dg',
    ),
    group: 1,
  },
  {
    // A town named by its area, its residents or its services: "Scranton-area", "lives in the
    // Yakima area", "a lifelong Rapid City resident", "Kalamazoo native", "Altoona FD/EMS
    // transported", a town named by a word ("a lifelong Flagstaff resident") and one in lower
    // case ("lifelong hattiesburg resident"). The match is empty, so every word is tried as the
    // town's first, one word or two: "Lifelong Duluth resident" is tried at "Lifelong Duluth",
    // then at "Duluth".
    kind: 'city',
    needs: TOWN_CUE_AFTER_HINT,
    pattern: new RegExp(
      `\\b(?=([${UPPER}${LATIN_LOWER}][${LATIN_LOWER}]+(?:[ -](?!area\\b)[${UPPER}${LATIN_LOWER}][${LATIN_LOWER}]+)?)(?:${TOWN_CUE_AFTER}))`,
      'dg',
    ),
    group: 1,
    accept: (found) =>
      found === found.toLowerCase()
        ? isCityInLowerCase(found)
        : /^[A-Z]/.test(found) && (isCity(found) || WORD_TOWNS.has(found)),
  },
  {
    // "GRANDMOTHER … LIVES IN DULUTH": a known town, in a line written in capitals.
    kind: 'city',
    cues: 'lives|living|resides|grew up',
    pattern: /\b(?:LIVES|LIVING|RESIDES|GREW UP) IN\s+([A-Z]{3,}(?: [A-Z]{3,})?)\b/dg,
    group: 1,
    // "LIVES IN DULUTH WITH HIS SON": the town is the words the list knows.
    measure: (found, text, start) =>
      longestPlace(found, text, start, (town) => isCity(titleCase(town))),
  },
  {
    // A known place after a preposition: "agency in Yonkers", "from Kraków", "in new bedford",
    // "a trailer outside Pueblo".
    kind: 'city',
    cues: 'in|from|to|near|outside',
    pattern: new RegExp(
      // No word is a preposition: "from OLOS in wichita" is tried at "in", "flew in from
      // marietta" at "from".
      `\\b(?:[Ii]n|IN|[Ff]rom|FROM|[Tt]o|TO|[Nn]ear|NEAR|[Oo]utside|OUTSIDE)\\s+(?!(?:in|from|to|near|outside|IN|FROM|TO|NEAR|OUTSIDE)\\s)((?:St\\.\\s)?[${UPPER}${LOWER}]+(?:[ -](?!(?:in|from|to|near|outside|IN|FROM|TO|NEAR|OUTSIDE)\\b)[${UPPER}${LOWER}]+){0,2})`,
      'dg',
    ),
    group: 1,
    measure: (found, text, start) => longestPlace(found, text, start, knownPlace),
  },
];
