/**
 * Person names: runs of capitalised words that either follow a cue (a title, a relation,
 * "patient", a signature) or contain a given name or surname from the shipped dictionary.
 * Eponyms (Foley catheter, Parkinson's, pouch of Douglas) are told apart by the words
 * around them, not by dropping common surnames from the dictionary.
 */
import type { PhiSpan } from '../../../shared/domain';
import lists from './names.json';
import { forEachMatch, type CuedPattern, type Matcher } from './patterns';

const GIVEN = new Set(lists.givenNames);
const SURNAMES = new Set(lists.surnames);
/** Surnames that are everyday words (Brown, Young): names only beside a given name or a cue. */
const WORD_SURNAMES = new Set(lists.wordSurnames);
const EPONYMS = new Set(lists.eponyms);

/** A capitalised word (McDonald, O'Brien, Garcia-Lopez) or an initial. */
const RUN =
  /(?:[A-Z](?:[a-z]+(?:[A-Z][a-z]+)?|['’][A-Z][a-z]+)(?:-[A-Z][a-z]+)*|[A-Z]\.)(?:[ \t]+(?:[A-Z](?:[a-z]+(?:[A-Z][a-z]+)?|['’][A-Z][a-z]+)(?:-[A-Z][a-z]+)*|[A-Z]\.))*/g;

/** Capitalised words that are never part of a name: sentence openers, services, calendar. */
const STOP = new Set(
  `A An The This That These Those He She It They We I You His Her Hers Their Our My Is Was Were Are Be Been Has Had Have Will Would Can Could Should May Might Must Does Did Do Not No Yes And Or But If So In On At To For With Without From Of By As Per Via After Before During Since Until Then Now Also Still Again Please Note Today Tonight Tomorrow Yesterday Overnight Currently Recently Later Earlier Plan Assessment Impression Findings Finding History Exam Examination Comparison Technique Indication Reason Clinical Report Summary Addendum Reviewed Denies Reports States Says Notes Remains Continues Tolerating Afebrile Alert Awake Doing Underwent Presented Admitted Transferred Discharged Seen Examined Given Started Received Required Appears Found Noted Became Developed Remained Refused Agrees Understands Expressed Wishes Lives Arrived Returned Went Stable Unstable Comfortable Patient Pt Patients Called Paged Notified Updated Informed Told Asked Family Wife Husband Son Daughter Mother Father Sister Brother Mr Mrs Ms Miss Mx Dr Doctor Prof Nurse Attending Resident Fellow Intern Staff Team Service Services Consult Consults Primary Care Unit Floor Ward Bed Room Home Emergency Department Cardiology Neurology Nephrology Renal Surgery Medicine Oncology Hematology Pulmonary Infectious Disease Diseases Gastroenterology Hepatology Radiology Pathology Psychiatry Social Work Case Management Nursing Pharmacy Physical Therapy Occupational Speech Nutrition Palliative Trauma Anesthesia Urology Orthopedics Dermatology Endocrine Endocrinology Rheumatology Transplant Interventional Vascular Thoracic Cardiac Neurosurgery Obstetrics Gynecology Pediatrics Respiratory Chaplain Admitting Night Float Covering Hospital Clinic Center Medical General Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Left Right Bilateral Chest Abdomen Heart Lungs Neuro Skin Extremities Labs Lab Blood Urine Culture Cultures Micro Echo Imaging Head Neck Pain Fever Code Full Status Goals Allergies Medications Meds Vitals Access Lines Diet Activity Dispo Disposition Contact Proxy Name Phone Signed Dictated Electronically Transcribed Date Time Street Avenue Road Clear Normal Negative Positive None Unknown`.split(
    /\s+/,
  ),
);

/**
 * What comes right before a name: a title (case matters: "ms" is milliseconds), a relation,
 * "patient", a signature line. Each match ends where a name would start.
 */
const TITLE_CUE: CuedPattern = {
  cues: 'mr|mrs|ms|miss|mx|dr|drs|prof|doctor|rev|nurse|rn|np|pa',
  pattern: /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Drs|Prof|Doctor|Rev|Nurse|RN|NP|PA)\b\.?[ \t]*/g,
};
const WORD_CUE: CuedPattern = {
  cues: 'wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|aunt|uncle|cousin|friend|neighbo|boyfriend|girlfriend|fianc|stepson|stepdaughter|guardian|caregiver|hcp|health|proxy|patient|pt|name|called|paged|notified|updated|informed|told|asked|discussed with|spoke|d/w|cc|signed|dictated|transcribed by|electronically signed by|reviewed by|seen|examined by|evaluated by|attending|resident|fellow|intern|pcp|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse',
  pattern:
    /\b(?:wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|aunt|uncle|cousin|friend|neighbou?r|boyfriend|girlfriend|fianc[eé]e?|stepson|stepdaughter|guardian|caregiver|HCP|health ?care proxy|proxy|patient|pt|named|name is|name|called|paged|notified|updated|informed|told|asked|discussed with|spoke with|spoke to|d\/w|cc|signed by|signed|dictated by|dictated|transcribed by|electronically signed by|reviewed by|seen by|seen and examined by|examined by|evaluated by|attending|resident|fellow|intern|PCP|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse)\b[ \t]*[:,(]?[ \t]*(?:(?:is|was)[ \t]+)?/gi,
};

/** Where a name would start after a cue: one pass over the text, not a look back per word. */
function cuedStarts(matches: Matcher): Set<number> {
  const starts = new Set<number>();
  for (const cue of [TITLE_CUE, WORD_CUE]) {
    matches(cue.pattern, (m) => starts.add(m.index + m[0].length));
  }
  return starts;
}

/** Credentials after a name: "Jane Smith, MD". */
const CREDENTIAL_AFTER = /^,?\s*(?:MD|M\.D\.|DO|RN|NP|PA-C|PhD|FACS|FACP|MPH|BSN|CNP)\b/;

/** Words that make the capitalised word before them an eponym: "Foley catheter". */
const EPONYM_HEAD =
  /^(?:['’]s?)?(?:\s+[a-z]+|\s+\d+|\s+[IV]+)?\s+(?:disease|blade|protein|virus|estimate|fascia|inventory|frame|neuroma|discriminant|depression|syndrome|signs?|catheter|score|scale|criteria|test|reflex|maneuver|manoeuvre|phenomenon|palsy|lymphoma|procedure|operation|tube|classification|grade|triad|line|bag|drain|fracture|fistula|ulcer|nodes?|ring|law|equation|formula|effect|cells?|bod(?:y|ies)|granules|diverticulum|contracture|repair|pouch|stitch|incision|retractor|clamp|forceps|mask|stent|pump|shunt|valve|murmur|respirations?|breathing|block|tremor|disorders?|dementia|encephalopathy|thyroiditis|crisis|sarcoma|tumou?r|anomaly|malformation|angina|aneurysm|position|view|spots?|nodules|lesions?|type|class|stage|staging|rules?|index|method|technique|approach|needle|solution|monitor|protocol|graft|flap|anastomosis|point|area|space|duct|canal|glands?|artery|vein|ligament|membrane|capsule|cyst|hernia|triangle|plexus|column|tract|zone|layer|sheath|reaction|esophagus|tear|coma|pattern|waves?|deformity|cardiomyopathy|infarct|infarction|hypothesis|mechanism)\b/i;

/** "pouch of Douglas", "circle of Willis": anatomy named after a person. */
const EPONYM_OF_BEFORE =
  /\b(?:circle|pouch|ligament|loop|bundle|islets?|organ|canal|sphincter|ampulla|space|crypts?|tetralogy|triangle|angle|node|ducts?|columns?|cells?|glands?)\s+of\s+$/i;

interface Token {
  word: string;
  start: number;
  end: number;
}

/** A run's words: capitalised words and initials, apart by spaces or tabs. */
const WORD = /\S+/g;

/** A run's words all start with a capital letter, so a full stop second makes an initial. */
const isInitial = (word: string) => word.length === 2 && word[1] === '.';
const parts = (word: string) => word.replace(/['’]/g, '').split('-');
/** A listed name, or a listed part of a hyphenated or apostrophised one (Garcia-Lopez, O'Neil). */
const inDictionary = (word: string) =>
  SURNAMES.has(word) ||
  (/['’-]/.test(word) ? parts(word).some((p) => GIVEN.has(p) || SURNAMES.has(p)) : GIVEN.has(word));
/** "Swan-Ganz", "Guillain-Barre"; a double-barrelled "Murphy-Oyelaran" is a person. */
const isEponymCompound = (word: string) =>
  word.includes('-') && parts(word).every((p) => EPONYMS.has(p));

/** Splits a run at the words that are never part of a name. */
function segments(run: string, offset: number): Token[][] {
  // Most runs are one word: no need to look for the words in it.
  if (!run.includes(' ') && !run.includes('\t')) {
    if (STOP.has(run) || isInitial(run)) return [];
    return [[{ word: run, start: offset, end: offset + run.length }]];
  }
  const out: Token[][] = [[]];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(run); match !== null; match = WORD.exec(run)) {
    const [word] = match;
    const start = offset + match.index;
    if (STOP.has(word)) out.push([]);
    else out.at(-1)!.push({ word, start, end: start + word.length });
  }
  return out.filter((s) => s.some((t) => !isInitial(t.word)));
}

function eponymContext(text: string, segment: Token[]): boolean {
  const first = segment[0]!;
  const last = segment.at(-1)!;
  if (EPONYM_HEAD.test(text.slice(last.end, last.end + 40))) return true;
  const before = text.slice(Math.max(0, first.start - 30), first.start);
  if (before.endsWith('of ') && EPONYM_OF_BEFORE.test(before)) return true;
  if (segment.some((t) => isEponymCompound(t.word))) return true;
  // "Wilson's", "Hodgkin's" standing alone are diseases, not people.
  return (
    segment.length === 1 &&
    EPONYMS.has(first.word) &&
    /^['’]s?\b/.test(text.slice(last.end, last.end + 3))
  );
}

/** Dictionary evidence: a given name, a surname, or an everyday-word surname beside a given name. */
function dictionaryStart(segment: Token[]): number {
  for (let i = 0; i < segment.length; i++) {
    const { word } = segment[i]!;
    if (inDictionary(word)) return i;
    if (i > 0 && WORD_SURNAMES.has(word) && GIVEN.has(segment[i - 1]!.word)) return i;
  }
  return -1;
}

/** Names as headers and registrations write them: "Name: KIM, IMANI", "Patient: Kim, Imani". */
const HEADER_NAME: CuedPattern = {
  cues: 'name|patient|pt',
  pattern:
    /\b(?:[Nn]ame|NAME|[Pp]atient|PATIENT|[Pp]t|PT)\s*:\s*([A-Z][A-Za-z'’-]+,\s*[A-Z][A-Za-z'’-]+(?:\s+[A-Z]\.?(?!\w))?)/dg,
};
/** "The Okonjo family at bedside." */
const FAMILY_NAME = /\b[Tt]he\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+family\b/dg;
/** Lower-case notes: "pt john smith seen in am", when the first word is a listed given name. */
const LOWER_CASE_NAME: CuedPattern = {
  cues: 'pt|patient|mr|mrs|ms|dr',
  pattern: /\b(?:pt|patient|mr|mrs|ms|dr)\.?\s+([a-z]+)(?:\s+([a-z]+))?/dg,
};
const GIVEN_LOWER = new Set([...GIVEN].map((g) => g.toLowerCase()));
const SURNAMES_LOWER = new Set([...SURNAMES, ...WORD_SURNAMES].map((s) => s.toLowerCase()));

/** The patterns around names that start with cue words (for a CueIndex). */
export const NAME_PATTERNS = [TITLE_CUE, WORD_CUE, HEADER_NAME, LOWER_CASE_NAME];

function groupSpans(matches: Matcher, pattern: RegExp): PhiSpan[] {
  const spans: PhiSpan[] = [];
  matches(pattern, (m) => {
    const range = m.indices?.[1];
    if (range) spans.push({ kind: 'name', start: range[0], end: range[1] });
  });
  return spans;
}

function lowerCaseNames(matches: Matcher): PhiSpan[] {
  const spans: PhiSpan[] = [];
  matches(LOWER_CASE_NAME.pattern, (m) => {
    const first = m.indices?.[1];
    if (!first || !GIVEN_LOWER.has(m[1]!)) return;
    const second = m.indices?.[2];
    const end = second && SURNAMES_LOWER.has(m[2]!) ? second[1] : first[1];
    spans.push({ kind: 'name', start: first[0], end });
  });
  return spans;
}

/**
 * The name in one segment of a run, if any: the whole segment when a cue precedes it or a
 * credential follows it, else from its first dictionary word. The eponym checks read the
 * text around the segment, so they run only once there is a name to veto.
 */
function segmentName(text: string, words: Token[], cued: Set<number>): PhiSpan | undefined {
  // A trailing initial is more often a sentence's "A." than a name's.
  let length = words.length;
  while (length > 1 && isInitial(words[length - 1]!.word)) length--;
  const segment = length === words.length ? words : words.slice(0, length);
  const first = segment[0]!;
  const last = segment[length - 1]!;
  const whole = cued.has(first.start) || CREDENTIAL_AFTER.test(text.slice(last.end, last.end + 8));
  const from = whole ? 0 : dictionaryStart(segment);
  if (from < 0 || eponymContext(text, segment)) return undefined;
  return { kind: 'name', start: segment[from]!.start, end: last.end };
}

/**
 * Every name in the text. `matches` runs a pattern along the text; a CueIndex's matcher, with
 * NAME_PATTERNS among its patterns, tries those only where their cues are.
 */
export function findNames(
  text: string,
  matches: Matcher = (pattern, found) => forEachMatch(pattern, text, found),
): PhiSpan[] {
  const cued = cuedStarts(matches);
  const spans: PhiSpan[] = [
    ...groupSpans(matches, HEADER_NAME.pattern),
    // "The" is everywhere: the word "family" is far cheaper to look for.
    ...(text.includes('family') ? groupSpans(matches, FAMILY_NAME) : []),
    ...lowerCaseNames(matches),
  ];
  matches(RUN, (run) => {
    for (const segment of segments(run[0], run.index)) {
      const name = segmentName(text, segment, cued);
      if (name) spans.push(name);
    }
  });
  return spans;
}
