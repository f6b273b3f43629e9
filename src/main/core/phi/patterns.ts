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

const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The cue words of several patterns, found in one scan of a text. Each pattern run along the
 * whole text would cost a scan each; a cued pattern is instead tried only where one of its
 * cues starts. That finds exactly what a scan finds: every match starts at a cue, and trying
 * the places in text order, each from where the last match ended, is what a scan does.
 */
export class CueIndex {
  private readonly cueScan: RegExp;
  /** For each cue word, the patterns with a cue it starts with ("page" for "pager"). */
  private readonly patternsCued = new Map<string, number[]>();
  /** Each cued pattern made sticky, to match where it is put or not at all. */
  private readonly anchored = new Map<RegExp, { sticky: RegExp; index: number }>();

  constructor(patterns: readonly CuedPattern[]) {
    const cues = patterns.map((p) => p.cues?.toLowerCase().split('|') ?? []);
    // Longest first: where cues overlap the scan finds the longest ("pager", not "page"), and
    // every shorter cue there is a start of it.
    const words = [...new Set(cues.flat())].sort((a, b) => b.length - a.length);
    this.cueScan = new RegExp(`\\b(?:${words.map(escapeRegExp).join('|')})`, 'gi');
    for (const word of words) {
      const cued = cues.flatMap((own, i) => (own.some((c) => word.startsWith(c)) ? [i] : []));
      this.patternsCued.set(word, cued);
    }
    patterns.forEach(({ pattern, cues }, index) => {
      if (cues === undefined) return;
      const sticky = new RegExp(pattern.source, pattern.flags.replace('g', 'y'));
      this.anchored.set(pattern, { sticky, index });
    });
  }

  /**
   * Finds the cues in the text, for a matcher that tries each cued pattern only where its
   * cues start, and runs any other pattern along the whole text.
   */
  matcher(text: string): Matcher {
    // Where each pattern's cues start, by pattern; most have none in a given text.
    const starts: number[][] = [];
    const scan = this.cueScan;
    scan.lastIndex = 0;
    for (let cue = scan.exec(text); cue !== null; cue = scan.exec(text)) {
      for (const i of this.patternsCued.get(cue[0].toLowerCase()) ?? []) {
        (starts[i] ??= []).push(cue.index);
      }
      // A cue can start inside a longer one: "number" in "social security number".
      scan.lastIndex = cue.index + 1;
    }
    return (pattern, found) => {
      const cued = this.anchored.get(pattern);
      if (cued === undefined) forEachMatch(pattern, text, found);
      else matchAt(cued.sticky, text, starts[cued.index] ?? [], found);
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
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)';
const MONTH_CUES = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';
const ORDINAL = '(?:st|nd|rd|th)?';
/** A date's first characters: what makes "at Mercy on 3/14" a facility beside a date. */
const DATE_AHEAD = `(?:\\d{1,2}[/-]\\d|\\d{4}-\\d|(?:\\d{1,2}[\\s-]+)?${MONTH}\\b)`;

const STATE_CODES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
const STATE_NAMES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Puerto Rico';
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

const STREET_SUFFIX =
  '(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Trl|Plaza|Row|Alley|Turnpike|Pike)';
const STREET_WORD = '(?:[A-Z][a-z]+|\\d{1,3}(?:st|nd|rd|th)|[NSEW]\\.?)';

const FACILITY_HEAD =
  '(?:Hospital|Medical Center|Medical Centre|Health Center|Health Centre|Healthcare|Health System|Clinic|Infirmary|Nursing Home|Rehabilitation Center|Rehabilitation Hospital|Rehab Center|Hospice|Memorial|Sanatorium|Care Center|Nursing Facility|Nursing Center|Surgical Center|Surgery Center|Urgent Care|Medical Group|Medical Associates)';
/** Capitalised words before "Clinic" or a date that name a department or a generic place. */
const NOT_A_FACILITY = new Set(
  'The This That Our Outside Other Another Same Home Local Community Any Each Cardiology Neurology Oncology Hematology Renal Nephrology Pulmonary Pain Wound Anticoagulation Heart Failure Transplant Dialysis Diabetes Endocrine Endocrinology Urology Dermatology Rheumatology Psychiatry Surgery Surgical Vascular Thoracic Liver Hepatology Infectious Disease Diseases Gastroenterology GI Orthopedic Orthopedics Sleep Lipid Memory Movement Disorders Clinic Hospital Urgent Care Family Medicine Primary Cardiac Cardiothoracic Pediatric Geriatric Breast Spine Hand Eye Lung Kidney Stroke Epilepsy Headache HIV Travel Fertility Bone Marrow Coumadin Internal General Day Admission Discharge Transfer ICU MICU SICU CCU ED ER OR PACU Floor Unit Ward Rehab Rehabilitation Nursing Emergency Department Service Team Medical Center Health'.split(
    ' ',
  ),
);

/** Units after a number: "500-1000 mL" is a range, not a 7-digit phone number. */
const UNIT_AHEAD =
  /^\s*(?:m[lLgG]|cc|mcg|mg|g|kg|L|units?|U|IU|mEq|mmol|mmHg|%|\/|x|times|cells|min|hours?|hrs?|h|s|ms|cm|mm|m|ft|steps|kcal|cal|ng|pg|mOsm)\b/;
const UNIT_OR_RANGE_BEFORE =
  /(?:\b(?:from|between|range|ranging|of|to|about|approx|approximately)\s*|[:=]\s*)$/i;

function dayMonthValid(a: number, b: number): boolean {
  return a >= 1 && b >= 1 && ((a <= 12 && b <= 31) || (b <= 12 && a <= 31));
}

/** "03/14/1952", "3/14/52": month and day in either order, both in range. */
function numericDateValid(found: string): boolean {
  const [a, b] = found.split(/[/.-]/).map(Number);
  return dayMonthValid(a!, b!);
}

/** Scores and fractions share the shape: pain 7/10, strength 4/5, GCS 3/15, 2/3 cultures. */
const SCORE_DENOMINATORS = new Set([2, 3, 4, 5, 6, 8, 10, 15, 20, 24]);
const SCORE_BEFORE =
  /\b(?:pain|strength|score|GCS|power|motor|scale|rated|graded|grade|out of|x)\s*:?\s*$/i;

/** A month/day without a year, "1/26 CT": valid, and not a score or a fraction. */
function monthDayValid(found: string, text: string, start: number): boolean {
  const [month, day] = found.split('/').map(Number);
  if (
    SCORE_DENOMINATORS.has(day!) ||
    SCORE_BEFORE.test(text.slice(Math.max(0, start - 14), start))
  ) {
    return false;
  }
  return month! >= 1 && month! <= 12 && day! >= 1 && day! <= 31;
}

function isoDateValid(found: string): boolean {
  const [, month, day] = found.split(/[/.-]/).map(Number);
  return month! >= 1 && month! <= 12 && day! >= 1 && day! <= 31;
}

/**
 * A bare "350-4200" is a phone only when nothing says range: no unit after, no "from"
 * before, and not two round numbers (ranges are round, phone numbers seldom both).
 */
function localPhoneValid(found: string, text: string, start: number, end: number): boolean {
  if (UNIT_AHEAD.test(text.slice(end, end + 12))) return false;
  if (UNIT_OR_RANGE_BEFORE.test(text.slice(Math.max(0, start - 16), start))) return false;
  const [a, b] = found.split(/[-.]/);
  return !(a!.endsWith('0') && b!.endsWith('0'));
}

function hasDigits(count: number): (found: string) => boolean {
  return (found) => (found.match(/\d/g)?.length ?? 0) >= count;
}

function facilityValid(found: string): boolean {
  return found.split(/\s+/).some((w) => !NOT_A_FACILITY.has(w.replace(/['’]s$/, '')));
}

/** "Baltimore, MD" is a city; "Smith, MD" closing a signature is a credential. */
function cityValid(_found: string, text: string, start: number, end: number): boolean {
  const comma = /^,\s+([A-Z]{2})\b/.exec(text.slice(end, end + 8));
  const state = comma?.[1];
  if (comma === null || state === undefined || !AMBIGUOUS_STATES.has(state)) return true;
  const after = text.slice(end + comma[0].length, end + comma[0].length + 16);
  if (/^\s*\d{5}\b/.test(after)) return true;
  if (state === 'PA' && /^\s*(?:and|view|film|lateral|&)/i.test(after)) return false;
  const before = text.slice(Math.max(0, start - 40), start);
  return /^\s*(?:[.;)\n]|$)/.test(after) && !/\b(?:Dr|Signed|Dictated|by)\b\.?\s*$/i.test(before);
}

/** A bare domain's last part: "mercyhealth.org". */
const DOMAIN_END = '\\.(?:com|org|net|edu|gov|io|info|health|us|ly|co|me|uk|ca|ai|app)\\b';

/** An age over 89 written in digits starts 9, 10 or 11. */
const AGE_OVER_89_CUES = '9|10|11';

const ID_TOKEN = '([A-Z0-9][A-Z0-9-]{3,}[A-Z0-9])';

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
      `\\b[a-z0-9-]{2,}(?:\\.[a-z0-9-]+)*${DOMAIN_END}(?:\\/[^\\s,;)]*[^\\s.,;:)])?`,
      'gi',
    ),
  },
  {
    kind: 'ip address',
    pattern:
      /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.]*\d)/g,
  },
  {
    kind: 'ip address',
    needs: /:[0-9a-f]{1,4}:/i,
    pattern: /\b(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}\b/gi,
  },
  { kind: 'ssn', pattern: /\b\d{3}-\d{2}-\d{4}\b/g },
  {
    kind: 'ssn',
    cues: 'ssn|ss#|social security',
    pattern:
      /\b(?:SSN|SS#|social security(?: number| no\.?| #)?)\s*(?:is\s*)?[:#]?\s*(\d{3}[\s-]?\d{2}[\s-]?\d{4})\b/dgi,
    group: 1,
  },
  {
    kind: 'mrn',
    cues: 'mrn|mr#|mr no|medical record|med rec|patient id|pt id|unit no|unit number|hospital number|hospital no|chart',
    pattern:
      /\b(?:MRN|MR#|MR no\.?|medical record(?: number| no\.?| #)?|med rec(?: no\.?| #)?|patient id|pt id|unit no\.?|unit number|hospital number|hospital no\.?|chart(?: number| no\.?| #))\s*(?:is\s*)?[:#]?\s*([A-Z]{0,3}-?\d[\d-]{3,}[A-Z0-9]*)/dgi,
    group: 1,
    accept: hasDigits(4),
  },
  {
    kind: 'account number',
    cues: 'account|acct|billing|claim|health plan|insurance|member|subscriber|beneficiary|policy|group|medicaid|medicare|plan',
    pattern: new RegExp(
      `\\b(?:account|acct|billing|claim|health plan|insurance|member|subscriber|beneficiary|policy|group|medicaid|medicare|plan)(?: id| number| no\\.?| #| num)?\\s*(?:is\\s*)?[:#]?\\s*${ID_TOKEN}`,
      'dgi',
    ),
    group: 1,
    accept: hasDigits(4),
  },
  {
    kind: 'licence number',
    cues: 'driver|licen|dea|npi|certificate|cert|permit|passport|registration',
    pattern: new RegExp(
      `\\b(?:(?:driver'?s\\s+)?licen[cs]e(?! plate)|DEA|NPI|certificate|cert|permit|passport|registration)(?: id| number| no\\.?| #| num)?\\s*(?:is\\s*)?[:#]?\\s*${ID_TOKEN}`,
      'dgi',
    ),
    group: 1,
    accept: hasDigits(4),
  },
  {
    kind: 'device id',
    cues: 'serial|s/n|sn|device|udi|imei|lot|model/serial|vin|vehicle identification number|licen|plate',
    pattern: new RegExp(
      `\\b(?:serial(?: number| no\\.?| #| num)?|S\\/N|SN|device(?: id| identifier| number| no\\.?)|UDI|IMEI|lot(?: number| no\\.?| #)|model\\/serial|VIN|vehicle identification number|licen[cs]e plate(?: number| no\\.?| #)?|plate(?: number| no\\.?| #))\\s*(?:is\\s*)?[:#]?\\s*([A-Z0-9](?:[A-Z0-9-]|\\s(?=\\d)){2,}[A-Z0-9])`,
      'dgi',
    ),
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
    // A bare VIN: 17 characters without I, O or Q, mixing letters and digits.
    kind: 'device id',
    pattern:
      /\b(?=[A-HJ-NPR-Z0-9]{17}\b)(?=(?:[A-Z]*\d){3})(?=(?:\d*[A-Z]){3})[A-HJ-NPR-Z0-9]{17}\b/g,
  },
  {
    kind: 'phone',
    pattern:
      /(?<![\w-])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s*|\d{3}[.-])\d{3}[.-]\d{4}(?!\d)(?:\s*(?:x|ext\.?)\s*\d{1,5})?/g,
  },
  {
    kind: 'phone',
    needs: '+',
    pattern: /(?<![\w])\+\d{1,3}(?:[\s.-]?\(?\d{1,4}\)?){2,5}(?!\d)/g,
    accept: hasDigits(8),
  },
  {
    kind: 'phone',
    cues: 'phone|tel|telephone|cell|cellphone|mobile|fax|facsimile|pager|beeper|call|called|reached at|contact|number|ph|home',
    pattern:
      /\b(?:phone|tel|telephone|cell|cellphone|mobile|fax|facsimile|pager|beeper|call|called|reached at|contact(?: number)?|number|ph|home)\.?\s*(?:no\.?|number|#)?\s*(?:is\s*|at\s*)?[:#]?\s*((?:\+?1[\s.-]?)?(?:\(?\d{3}\)?[\s.-]?)?\d{3}[\s.-]?\d{4})(?!\d)/dgi,
    group: 1,
  },
  {
    kind: 'phone',
    cues: 'pager|beeper|page|paged|ext|extension|x',
    pattern: /\b(?:pager|beeper|page|paged|ext|extension|x)\.?\s*(#?\s*\d{4,5})\b/dgi,
    group: 1,
    accept: (_found, text, _start, end) => !UNIT_AHEAD.test(text.slice(end, end + 12)),
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
    kind: 'date',
    pattern: /(?<![\w/.-])\d{1,2}[/-]\d{1,2}[/-](?:\d{4}|\d{2})(?![\w/-]|\.\d)/g,
    accept: numericDateValid,
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.-])\d{1,2}\.\d{1,2}\.\d{4}(?![\w.])/g,
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
    pattern: new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}${ORDINAL}\\b(?:,?\\s+\\d{4}\\b)?`, 'g'),
  },
  {
    kind: 'date',
    pattern: new RegExp(
      `(?<![\\w/.-])\\d{1,2}${ORDINAL}[\\s-](?:of\\s+)?${MONTH}\\b\\.?(?:[\\s,-]+\\d{4}\\b|-\\d{2}\\b)?`,
      'g',
    ),
  },
  {
    kind: 'date',
    cues: MONTH_CUES,
    pattern: new RegExp(`\\b${MONTH}\\.?[\\s,-]+(?:of\\s+)?\\d{4}\\b`, 'g'),
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.-])(?:0?[1-9]|1[0-2])\/(?:19|20|21|22)\d{2}(?![\w/])/g,
  },
  {
    kind: 'date',
    cues: 'on|since|from|until|till|through|dated|dob|born|after|before|of',
    pattern:
      /\b(?:on|since|from|until|till|through|dated|DOB|born|after|before|of)\s*:?\s*(\d{1,2}\/\d{1,2})(?![\w/]|\.\d)/dgi,
    group: 1,
    accept: (found) => numericDateValid(found) && !/^\d\/\d$/.test(found),
  },
  {
    kind: 'date',
    pattern:
      /(?<![\w/.:-])\d{1,2}\/\d{1,2}(?![\w/%]|\.\d|\s*(?:strength|pain|sets|bottles|cultures))/g,
    accept: monthDayValid,
  },
  {
    kind: 'date',
    cues: 'dob|d.o.b|date of birth|birth',
    pattern: /\b(?:DOB|D\.O\.B\.?|date of birth|birth ?date)\s*[:#-]?\s*(\d{6,8})\b/dgi,
    group: 1,
  },
  {
    kind: 'age over 89',
    cues: AGE_OVER_89_CUES,
    pattern: /\b(?:9\d|1[01]\d)(?:\s*|-)(?:years?|yrs?|y)(?:\s*|-)(?:old|o)\b/gi,
  },
  {
    kind: 'age over 89',
    cues: AGE_OVER_89_CUES,
    pattern: /\b(?:9\d|1[01]\d)\s*(?:yo|y\/o|y\.o\.?|yrs?|years?)(?!\w)/gi,
  },
  {
    kind: 'age over 89',
    cues: 'age',
    pattern: /\b(?:age|aged|age of)\s*[:=]?\s*((?:9\d|1[01]\d))\b(?!\s*(?:%|mg|mL|kg))/dgi,
    group: 1,
  },
  {
    kind: 'age over 89',
    cues: 'ninety|one hundred',
    pattern:
      /\b(?:ninety|one hundred)(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?[-\s](?:years?[-\s]old|yo)\b/gi,
  },
  {
    // "97M", "92 F"; "Tmax 99F" is a temperature.
    kind: 'age over 89',
    cues: AGE_OVER_89_CUES,
    pattern: /\b(?:9\d|1[01]\d)\s?[MF]\b/g,
    accept: (_found, text, start) =>
      !/(?:\bT|max|temp\w*|°|febrile|fever\w*|\d\.)\s*(?:of|to|:)?\s*$/i.test(
        text.slice(Math.max(0, start - 16), start),
      ),
  },
  {
    kind: 'age over 89',
    cues: 'nonagenarian|centenarian',
    pattern: /\b(?:nonagenarian|centenarian)\b/gi,
  },
  {
    kind: 'street address',
    pattern: new RegExp(
      `\\b\\d{1,6}[A-Z]?\\s+(?:${STREET_WORD}\\s+){1,4}${STREET_SUFFIX}\\b\\.?(?:,?\\s+(?:Apt|Apartment|Unit|Suite|Ste|#)\\.?\\s*#?\\s*\\w+)?`,
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
      `\\b([A-Z][a-z]+(?:[\\s-][A-Z][a-z]+){0,2}),\\s+(${STATE_CODES}|${STATE_NAMES})\\b`,
      'dg',
    ),
    group: 1,
    accept: cityValid,
  },
  {
    kind: 'city',
    pattern: new RegExp(
      `\\b([A-Z][a-z]+(?:\\s[A-Z][a-z]+)?)\\s+(?:${STATE_CODES})\\s+\\d{5}\\b`,
      'dg',
    ),
    group: 1,
  },
  {
    kind: 'city',
    cues: 'lives in|resides in|moved|grew up in|native of|home in|living in',
    pattern:
      /\b(?:[Ll]ives in|[Rr]esides in|[Mm]oved (?:to|from)|[Gg]rew up in|[Nn]ative of|[Hh]ome in|[Ll]iving in)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b/dg,
    group: 1,
    accept: facilityValid,
  },
  {
    kind: 'zip code',
    cues: 'zip|postal code',
    pattern: /\b(?:zip|zipcode|zip code|postal code)\s*(?:is\s*)?[:#]?\s*(\d{5}(?:-\d{4})?)\b/dgi,
    group: 1,
  },
  { kind: 'zip code', pattern: /(?<![\w-])\d{5}-\d{4}(?![\w-])/g },
  {
    kind: 'zip code',
    pattern: new RegExp(`\\b(?:${STATE_CODES}|${STATE_NAMES}),?\\s+(\\d{5}(?:-\\d{4})?)\\b`, 'dg'),
    group: 1,
  },
  {
    kind: 'facility',
    needs: new RegExp(FACILITY_HEAD),
    pattern: new RegExp(
      `\\b(?:(?:St\\.?|Saint)\\s+)?(?:[A-Z][a-z'’]+\\.?\\s+|[A-Z]{2,5}\\s+|(?:of|and)\\s+(?=[A-Z])){1,5}${FACILITY_HEAD}\\b(?:\\s+of\\s+[A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2})?`,
      'g',
    ),
    accept: facilityValid,
  },
  {
    kind: 'facility',
    cues: 'hospital|medical center|clinic',
    pattern:
      /\b(?:Hospital|Medical Center|Clinic) of (?:the\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,3}/g,
  },
  {
    kind: 'facility',
    cues: 'at|from|to|in',
    pattern: new RegExp(
      `\\b(?:at|from|to|in)\\s+((?:St\\.?\\s+)?[A-Z][a-z'’]+(?:\\s+[A-Z][a-z'’]+){0,3})(?=,?\\s+(?:on\\s+|in\\s+)?${DATE_AHEAD})`,
      'dg',
    ),
    group: 1,
    accept: facilityValid,
  },
];
