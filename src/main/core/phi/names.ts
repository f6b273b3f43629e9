/**
 * Person names: runs of capitalised words that either follow a cue (a title, a relation,
 * "patient", a signature) or contain a given name or surname from the shipped dictionary.
 * Eponyms (Foley catheter, Parkinson's, pouch of Douglas) are told apart by the words
 * around them, not by dropping common surnames from the dictionary. Registration-style
 * "LAST, FIRST" in capitals and lower-case names after a relation have rules of their own.
 */
import type { PhiSpan } from '../../../shared/domain';
import lists from './names.json';
import {
  foldAccents,
  forEachMatch,
  LOWER,
  UPPER,
  type CuedPattern,
  type Matcher,
} from './patterns';

const GIVEN = new Set(lists.givenNames);
const SURNAMES = new Set(lists.surnames);
/** Surnames that are everyday words (Brown, Young): names only beside a given name or a cue. */
const WORD_SURNAMES = new Set(lists.wordSurnames);
/** Given names that are everyday words (Grace, Hope): names only before a surname or after a cue. */
const WORD_GIVEN = new Set(lists.wordGivenNames);
/**
 * The long lists of many languages: more names, and more chance that a clinical word is one,
 * so one word alone is not enough; a given name beside a surname is.
 */
const MORE_GIVEN = new Set(lists.moreGivenNames.flatMap((line) => line.split(' ')));
const MORE_SURNAMES = new Set(lists.moreSurnames.flatMap((line) => line.split(' ')));
const EPONYMS = new Set(lists.eponyms);
/** Months that are also given names: "June Brown", "April K., RN". ("May" is mostly a verb.) */
const MONTH_GIVEN = new Set(['April', 'June', 'August']);

/** Slavic, Greek, Armenian, Georgian and Romanian surname endings: Nowicka, Petrosyan. */
const SURNAME_ENDING =
  /(?:sk[aiy]|ck[aiy]|wicz|czyk|czak|enko|opoulos|akis|idis|yan|shvili|adze|ovi[cć]|escu)$/;

/** A capitalised word (McDonald, O'Brien, García-López, Łukasiewicz). */
const CAPITALISED = `[${UPPER}](?:[${LOWER}]+(?:[${UPPER}][${LOWER}]+)?|['’][${UPPER}][${LOWER}]+)(?:-[${UPPER}][${LOWER}]+)*`;
/** Capitalised words and initials, apart by spaces or tabs. */
const RUN = new RegExp(`(?:${CAPITALISED}|[A-Z]\\.)(?:[ \\t]+(?:${CAPITALISED}|[A-Z]\\.))*`, 'g');

/** Capitalised words that are never part of a name: sentence openers, services, calendar. */
const STOP = new Set(
  `A An The This That These Those He She It They We I You His Her Hers Their Our My Is Was Were Are Be Been Has Had Have Will Would Can Could Should May Might Must Does Did Do Not No Yes And Or But If So In On At To For With Without From Of By As Per Via After Before During Since Until Then Now Also Still Again Please Note Today Tonight Tomorrow Yesterday Overnight Currently Recently Later Earlier Plan Assessment Impression Findings Finding History Exam Examination Comparison Technique Indication Reason Clinical Report Summary Addendum Reviewed Denies Reports States Says Notes Remains Continues Tolerating Afebrile Alert Awake Doing Underwent Presented Admitted Transferred Discharged Seen Examined Given Started Received Required Appears Found Noted Became Developed Remained Refused Agrees Understands Expressed Wishes Lives Arrived Returned Went Stable Unstable Comfortable Patient Pt Patients Called Paged Notified Updated Informed Told Asked Family Wife Husband Son Daughter Mother Father Sister Brother Mr Mrs Ms Miss Mx Dr Doctor Prof Nurse Attending Resident Fellow Intern Staff Team Service Services Consult Consults Primary Care Unit Floor Ward Bed Room Home Emergency Department Cardiology Neurology Nephrology Renal Surgery Medicine Oncology Hematology Pulmonary Infectious Disease Diseases Gastroenterology Hepatology Radiology Pathology Psychiatry Social Work Case Management Nursing Pharmacy Physical Therapy Occupational Speech Nutrition Palliative Trauma Anesthesia Urology Orthopedics Dermatology Endocrine Endocrinology Rheumatology Transplant Interventional Vascular Thoracic Cardiac Neurosurgery Obstetrics Gynecology Pediatrics Respiratory Chaplain Admitting Night Float Covering Hospital Clinic Center Medical General Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Left Right Bilateral Chest Abdomen Heart Lungs Neuro Skin Extremities Labs Lab Blood Urine Culture Cultures Micro Echo Imaging Head Neck Pain Fever Code Full Status Goals Allergies Medications Meds Vitals Access Lines Diet Activity Dispo Disposition Contact Proxy Name Phone Signed Dictated Electronically Transcribed Date Time Street Avenue Road Clear Normal Negative Positive None Unknown Nonagenarian Centenarian Accepting Receiving Referring Ordering Treating Consulting Discharging Continue Start Stop Hold Resume Check Follow Monitor Consider Recommend Discussed`.split(
    /\s+/,
  ),
);

/**
 * What comes right before a name: a title (case matters: "ms" is milliseconds), a relation,
 * "patient", a signature line. Each match ends where a name would start.
 */
const TITLE_CUE: CuedPattern = {
  cues: 'mr|mrs|ms|miss|mx|dr|drs|prof|doctor|rev|nurse|rn|np|pa',
  pattern: /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|dr|Drs|Prof|Doctor|Rev|Nurse|RN|NP|PA)\b\.?[ \t]*/g,
};
const WORD_CUE: CuedPattern = {
  cues: 'wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friend|neighbo|boyfriend|girlfriend|fianc|stepson|stepdaughter|stepmother|stepfather|children|mom|dad|guardian|caregiver|hcp|health|proxy|poa|surrogate|roommate|landlord|patient|pt|name|in the name of|called|paged|notified|updated|informed|told|asked|discussed with|spoke|d/w|cc|signed|dictated|transcribed by|electronically signed by|reviewed by|seen|examined by|evaluated by|attending|resident|fellow|intern|pcp|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse|coordinator|pharmacist|therapist|chaplain|dietitian|midwife|witness',
  pattern:
    /\b(?:wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friend|neighbou?r|boyfriend|girlfriend|fianc[eé]e?|stepson|stepdaughter|stepmother|stepfather|children|mom|dad|guardian|caregiver|HCP|health ?care proxy|proxy|POA|surrogate|roommate|landlord|patient|pt|named|name is|in the name of|name of|name|called|paged|notified|updated|informed|told|asked|discussed with|spoke with|spoke to|d\/w|cc|signed by|signed|dictated by|dictated|transcribed by|electronically signed by|reviewed by|seen by|seen and examined by|examined by|evaluated by|attending|resident|fellow|intern|PCP|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse|coordinator|pharmacist|therapist|chaplain|dietitian|midwife|witness)\b[ \t]*[:,(]?[ \t]*(?:(?:is|was)[ \t]+)?/gi,
};

/** Where a name would start after a cue: one pass over the text, not a look back per word. */
function cuedStarts(matches: Matcher): Set<number> {
  const starts = new Set<number>();
  for (const cue of [TITLE_CUE, WORD_CUE]) {
    matches(cue.pattern, (m) => starts.add(m.index + m[0].length));
  }
  return starts;
}

/** Credentials after a name: "Jane Smith, MD", "Teodora V. RN", "Ana Ruiz, PharmD". */
const CREDENTIAL_AFTER =
  /^,?\s*(?:MD|M\.D\.|DO|RN|NP|PA-C|PhD|FACS|FACP|MPH|BSN|CNP|PharmD|RPh|LICSW|LCSW|MSW|RRT|LPN|CNA|APRN|ACNP|FNP|CRNA|DPT|SLP|CCC-SLP|RD|LDN|DPM|DDS|DMD|MBBS|CNM)\b/;
/** A relation after a name says it is one: "Tomasz Brzezicki (nephew)". */
const RELATION_AFTER =
  /^\s*(?:\(|,\s+(?:his|her|their|pt['’]s|patient['’]s)\s+)(?:wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grand(?:son|daughter|mother|father|child)|aunt|uncle|cousin|friend|neighbou?r|guardian|caregiver|HCP|health ?care proxy|proxy|POA)\b/i;

/** A credential or a relation right after a name's last word vouches for it. */
function vouched(text: string, end: number): boolean {
  // Both start with a comma, a bracket or (after a space) a capital: most words are not
  // followed by either.
  const next = text.charCodeAt(text.charCodeAt(end) === 32 ? end + 1 : end);
  if (next !== 44 && next !== 40 && !(next >= 65 && next <= 90)) return false;
  const after = text.slice(end, end + 24);
  return CREDENTIAL_AFTER.test(after) || RELATION_AFTER.test(after);
}

/** A credential that ends its clause: "P. RN at", "L., RN (lic.", "K. RN.". */
const CLAUSE_END = /^,?\s*[A-Za-z-]+\b(?:\s*(?:[.,;:()]|$)|\s+(?:at|to|on|\d))/;

/** Words that make the capitalised word before them an eponym: "Foley catheter". */
const EPONYM_HEAD =
  /^(?:['’]s?)?(?:\s+[a-z]+|\s+\d+|\s+[IV]+|\s+[A-Z])?\s+(?:disease|blade|protein|virus|estimate|fascia|inventory|frame|neuroma|discriminant|depression|syndrome|signs?|catheter|score|scale|criteria|test|reflex|maneuver|manoeuvre|phenomenon|palsy|lymphoma|procedure|operation|tube|classification|grade|triad|line|bag|drain|fracture|fistula|ulcer|nodes?|ring|law|equation|formula|effect|cells?|bod(?:y|ies)|granules|diverticulum|contracture|repair|pouch|stitch|incision|retractor|clamp|forceps|mask|stent|pump|shunt|valve|murmur|respirations?|breathing|block|tremor|disorders?|dementia|encephalopathy|thyroiditis|crisis|sarcoma|tumou?r|anomaly|malformation|angina|aneurysm|position|view|spots?|nodules|lesions?|type|class|stage|staging|rules?|index|method|technique|approach|needle|solution|monitor|protocol|graft|flap|anastomosis|point|area|space|duct|canal|glands?|artery|vein|ligament|membrane|capsule|cyst|hernia|triangle|plexus|column|tract|zone|layer|sheath|reaction|esophagus|tear|coma|pattern|waves?|deformity|cardiomyopathy|infarct|infarction|hypothesis|mechanism|stand|wort|collar|splint|questionnaire|scissors|level|balance|[a-z]+(?:ectomy|otomy|ostomy|plasty|pexy|plication|rrhaphy|scopy))\b/i;

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
function inDictionary(spelt: string): boolean {
  const word = foldAccents(spelt);
  return (
    SURNAMES.has(word) ||
    (/['’-]/.test(word)
      ? parts(word).some((p) => GIVEN.has(p) || SURNAMES.has(p))
      : GIVEN.has(word))
  );
}
/** Given names of every list: evidence only beside a surname (one look-up, not four). */
const ANY_GIVEN = new Set([...GIVEN, ...MORE_GIVEN, ...WORD_GIVEN, ...MONTH_GIVEN]);
const ANY_SURNAME = new Set([...SURNAMES, ...MORE_SURNAMES, ...WORD_SURNAMES]);
const givenLike = (word: string) => ANY_GIVEN.has(word);
/** A surname of any list, or of a surname's shape: evidence only beside a given name. */
const surnameLike = (word: string) =>
  ANY_SURNAME.has(word) || (word.length > 4 && SURNAME_ENDING.test(word));
/** "Swan-Ganz", "Guillain-Barre"; a double-barrelled "Murphy-Oyelaran" is a person. */
const isEponymCompound = (word: string) =>
  word.includes('-') && parts(word).every((p) => EPONYMS.has(p));

/** What may follow a month that is a given name for the month to be the name: "June Brown". */
function nameFollows(next: string | undefined): boolean {
  if (next === undefined) return false;
  if (isInitial(next)) return true;
  const word = foldAccents(next);
  return !STOP.has(word) && (surnameLike(word) || inDictionary(word));
}

/** Splits a run at the words that are never part of a name. */
function segments(run: string, offset: number): Token[][] {
  // Most runs are one word: no need to look for the words in it.
  if (!run.includes(' ') && !run.includes('\t')) {
    if (STOP.has(run) || isInitial(run)) return [];
    return [[{ word: run, start: offset, end: offset + run.length }]];
  }
  const words: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(run); match !== null; match = WORD.exec(run)) {
    const start = offset + match.index;
    words.push({ word: match[0], start, end: start + match[0].length });
  }
  const out: Token[][] = [[]];
  for (let i = 0; i < words.length; i++) {
    const token = words[i]!;
    const stop =
      STOP.has(token.word) && !(MONTH_GIVEN.has(token.word) && nameFollows(words[i + 1]?.word));
    if (stop) out.push([]);
    else out.at(-1)!.push(token);
  }
  return out.filter((s) => s.some((t) => !isInitial(t.word)));
}

function eponymContext(text: string, segment: Token[]): boolean {
  const first = segment[0]!;
  const last = segment.at(-1)!;
  // An eponym's head comes after a space or an apostrophe; most names end at punctuation.
  const next = text.charCodeAt(last.end);
  const spaceOrApostrophe = next === 32 || next === 9 || next === 39 || next === 8217;
  if (spaceOrApostrophe && EPONYM_HEAD.test(text.slice(last.end, last.end + 40))) return true;
  const before = text.slice(Math.max(0, first.start - 30), first.start);
  if (before.endsWith('of ') && EPONYM_OF_BEFORE.test(before)) return true;
  // A saint names a hospital, a valve maker or a herb: "St. Jude", "St. John's wort".
  if (/\b(?:St\.?|Saint)\s+$/.test(before)) return true;
  if (segment.some((t) => isEponymCompound(t.word))) return true;
  // "Wilson's", "Hodgkin's" standing alone are diseases, not people.
  return (
    segment.length === 1 &&
    EPONYMS.has(first.word) &&
    /^['’]s?\b/.test(text.slice(last.end, last.end + 3))
  );
}

/**
 * Dictionary evidence: a listed given name or surname; an everyday-word surname beside a
 * given name; or, from the long lists, a given name with a surname after it.
 */
function dictionaryStart(segment: Token[]): number {
  for (let i = 0; i < segment.length; i++) {
    const { word } = segment[i]!;
    if (inDictionary(word)) return i;
    if (i > 0 && WORD_SURNAMES.has(word) && GIVEN.has(segment[i - 1]!.word)) return i;
    const next = segment[i + 1]?.word;
    if (next === undefined || isInitial(word)) continue;
    const given = foldAccents(word);
    const surname = foldAccents(next);
    if (!givenLike(given) || !surnameLike(surname)) continue;
    // Two everyday words are a phrase ("Will Price"), unless the first is a month.
    if (WORD_GIVEN.has(given) && WORD_SURNAMES.has(surname)) continue;
    return i;
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

/** A word in capitals (two letters at least): OKAFOR, O'BRIEN, SAINT-LOUIS, NÚÑEZ. */
const CAPS_WORD = `[${UPPER}][${UPPER}'’]*[${UPPER}](?:-[${UPPER}][${UPPER}'’]*[${UPPER}])*`;
/** Particles of a surname in several words: DE LOS SANTOS, VAN DER BERG, AL HASHIMI. */
const PARTICLES =
  '(?:(?:DE|DEL|DELA|DA|DOS|DAS|DI|DU|LA|LE|VAN|VON|DER|DEN|TEN|TER|ST\\.?|SAINT|AL|EL|BIN|BEN|ABU)[ \\t]+){0,2}';
/**
 * Registration style, "LAST, FIRST" in capitals, after a label or on a line of its own
 * (face sheets, census lines, ID bands): the name ends where the line, a bracket, a slash, a
 * punctuation mark, a wide gap or a number does, not in running capitals ("CHEST, PA AND").
 */
const CAPS_LAST_FIRST = new RegExp(
  `(?<![\\w'’-])(${PARTICLES}${CAPS_WORD}),[ \\t]*(${CAPS_WORD})(?:[ \\t]+[A-Z]\\.?(?![A-Za-z0-9]))?(?=[ \\t]{2}|[ \\t]*(?:$|[\\n\\r(/)\\],;.]|-|\\d))`,
  'dgm',
);
/** Capitals that are clinical words or abbreviations, never a name in "LAST, FIRST". */
const NOT_CAPS_NAME = new Set(
  `MAE PERRLA PERRL EOMI NCAT AAO RRR CTAB NABS RUE LUE RLE LLE BLE BUE RUQ LUQ RLQ LLQ RUL RML RLL LUL LLL ICU CCU MICU SICU CVICU NICU PICU ED ER OR PACU OSH SNF LTACH REHAB NEURO PSYCH CARDS CV RESP PULM GI GU ID RENAL HEME ONC ENDO DERM SKIN EXT EXTR HEENT EENT NECK CHEST LUNGS LUNG HEART ABD ABDOMEN PELVIS BACK SPINE HEAD FACE EYES EARS NOSE THROAT MOUTH BRAIN LIVER KIDNEY KIDNEYS BLADDER BOWEL NONE NKDA NEG POS WNL NAD PLAN ASSESSMENT IMPRESSION FINDINGS HISTORY EXAM COMPARISON TECHNIQUE INDICATION REASON CLINICAL SUMMARY ADDENDUM LEFT RIGHT BILATERAL AP PA LAT LATERAL PORTABLE SUPINE UPRIGHT ERECT VIEW VIEWS FRONTAL CT MRI MRA CTA US XR CXR KUB EKG ECG ECHO TTE TEE EEG EMG AM PM MALE FEMALE DNR DNI FULL CODE CMO YES NO HTN HLD DM CAD CHF COPD CKD ESRD AKI AFIB UTI PNA SOB CP ABX IV PO IM SQ PRN BID TID QID QHS QD DAILY HOME STABLE UNSTABLE NORMAL ABNORMAL ACUTE CHRONIC MILD MODERATE SEVERE LABS VITALS MEDS ALLERGIES DIET ACTIVITY DISPO DISPOSITION CONDITION DISCHARGE ADMISSION ADMIT TRANSFER FOLLOW UP NOTE NOTES PROGRESS NURSING PHYSICIAN ATTENDING RESIDENT CONSULT SERVICE UNIT FLOOR ROOM BED TIME DATE DAY NIGHT SHIFT ARRIVAL ADDRESS PHONE CONTACT NAME AGE SEX DOB MRN SSN FIN ACCT INSURANCE MEDICARE MEDICAID PRIMARY SECONDARY WITH WITHOUT CONTRAST AND OR THE OF TO IN ON AT FOR BY FROM NEW OLD PRE POST PER VIA`.split(
    /\s+/,
  ),
);
/** "SPANISH, MEXICO" is a language and a country. */
const COUNTRIES = new Set(lists.countries.flatMap((line) => line.split('|')));
const VOWEL = /[AEIOUYÀ-ÆÈ-ÏÒ-ÖØ-Ý]/;

/** A word of a capitals "LAST, FIRST": not a clinical word, and said like a name. */
function capsNameWord(word: string): boolean {
  if (NOT_CAPS_NAME.has(word) || !VOWEL.test(word) || /(?:ISH|ESE)$/.test(word)) return false;
  const title = foldAccents(word[0] + word.slice(1).toLowerCase());
  if (STOP.has(title) || COUNTRIES.has(title)) return false;
  // Short ones are often abbreviations (LLE, RLE): a name or one consonant before a vowel.
  return (
    word.length > 3 || givenLike(title) || surnameLike(title) || /^[^AEIOUY]?[AEIOUY]/.test(word)
  );
}

function capsNames(text: string, matches: Matcher, spans: PhiSpan[]): void {
  matches(CAPS_LAST_FIRST, (m) => {
    const range = m.indices?.[0];
    if (!range) return;
    // Inside running capitals ("CT CHEST, ABDOMEN") or a list ("MAE, PERRLA, EOMI") it is
    // not a name.
    if (
      /(?:[A-Z0-9]{2,}[ \t]+|[,/][ \t]*)$/.test(text.slice(Math.max(0, range[0] - 12), range[0]))
    ) {
      return;
    }
    if (/^,[ \t]*[A-Z]{2,}\b/.test(text.slice(range[1], range[1] + 8))) return;
    const surname = m[1]!.split(/[ \t]+/).at(-1)!;
    if (!capsNameWord(surname) || !capsNameWord(m[2]!)) return;
    spans.push({ kind: 'name', start: range[0], end: range[1] });
  });
}

/** Lower-case notes: "pt john smith seen in am", "dr kowalczyk", when the word is a listed name. */
const LOWER_CASE_NAME: CuedPattern = {
  cues: 'pt|patient|mr|mrs|ms|dr',
  pattern: /\b(?:pt|patient|mr|mrs|ms|dr)\.?\s+([a-z]+)(?:\s+([a-z]+))?/dg,
};
/** "wife halina", "children teodora and ewa", "neighbor ludmila.": a relation, then a given name. */
const RELATION_LOWER: CuedPattern = {
  cues: 'wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friend|neighbo|boyfriend|girlfriend|caregiver|children|kids|mom|dad',
  pattern: new RegExp(
    `\\b(?:wife|husband|spouse|partner|sons?|daughters?|mother|father|sisters?|brothers?|niece|nephew|grandsons?|granddaughters?|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friends?|neighbou?rs?|boyfriend|girlfriend|caregiver|children|kids|mom|dad)(?:-in-law)?,?[ \\t]+([${LOWER}]+)(?:[ \\t]+(?!and\\b)([${LOWER}]+))?(?:,?[ \\t]+(?:and|&)[ \\t]+([${LOWER}]+))?`,
    'dgi',
  ),
};
/** "S: teodora nowak, 97yoF": a lower-case name heading a line or a label, then a comma. */
const LOWER_CASE_HEADER = new RegExp(
  `(?:^|:)[ \\t]*([${LOWER}]+)[ \\t]+([${LOWER}]+)(?=,|[ \\t]*\\()`,
  'dgm',
);

/** Lower-case clinical shorthand that a list of names also holds ("abd", "kub", "dex"). */
const SHORTHAND = new Set(
  'abd trach crea amy ana dex hal asa sev max mae lue rue lle rle micu sicu ward edd kub babin tele vent neuro cards'.split(
    ' ',
  ),
);
const lower = (words: Iterable<string>) =>
  new Set([...words].map((w) => w.toLowerCase()).filter((w) => !SHORTHAND.has(w)));
const GIVEN_LOWER = lower([...GIVEN, ...MORE_GIVEN]);
const WORD_GIVEN_LOWER = lower(WORD_GIVEN);
const SURNAMES_LOWER = lower([...SURNAMES, ...WORD_SURNAMES, ...MORE_SURNAMES]);
const isLower = (word: string) => word === word.toLowerCase();
const givenLower = (word: string) => GIVEN_LOWER.has(foldAccents(word));
const surnameLower = (word: string) =>
  SURNAMES_LOWER.has(foldAccents(word)) || (word.length > 4 && SURNAME_ENDING.test(word));

/** The patterns around names that start with cue words (for a CueIndex). */
export const NAME_PATTERNS = [TITLE_CUE, WORD_CUE, HEADER_NAME, LOWER_CASE_NAME, RELATION_LOWER];

function groupSpans(matches: Matcher, pattern: RegExp): PhiSpan[] {
  const spans: PhiSpan[] = [];
  matches(pattern, (m) => {
    const range = m.indices?.[1];
    if (range) spans.push({ kind: 'name', start: range[0], end: range[1] });
  });
  return spans;
}

/** "sister mary joseph node", "patrick test": a lower-case eponym, not a person. */
const eponymAfter = (text: string, end: number) => EPONYM_HEAD.test(text.slice(end, end + 40));

function lowerCaseNames(text: string, matches: Matcher, spans: PhiSpan[]): void {
  matches(LOWER_CASE_NAME.pattern, (m) => {
    const first = m.indices?.[1];
    if (!first) return;
    const second = m.indices?.[2];
    if (givenLower(m[1]!)) {
      const end = second && surnameLower(m[2]!) ? second[1] : first[1];
      spans.push({ kind: 'name', start: first[0], end });
    } else if (/^(?:dr|mr|mrs|ms)/.test(m[0]) && surnameLower(m[1]!)) {
      // "dr kowalczyk": a title says the word after it is a surname.
      spans.push({ kind: 'name', start: first[0], end: first[1] });
    }
  });
  matches(RELATION_LOWER.pattern, (m) => {
    const first = m.indices?.[1];
    if (!first || !isLower(m[1]!)) return;
    const after = text.slice(first[1], first[1] + 2);
    // An everyday-word name ("wife rose") only where a name stands alone: "wife rose, 62".
    const named =
      givenLower(m[1]!) || (WORD_GIVEN_LOWER.has(m[1]!) && /^(?:[.,;)]|\s*$)/.test(after));
    if (named) {
      const second = m.indices?.[2];
      const end = second && surnameLower(m[2]!) ? second[1] : first[1];
      if (!eponymAfter(text, first[1])) spans.push({ kind: 'name', start: first[0], end });
    }
    const third = m.indices?.[3];
    if (third && (named || m.indices?.[2] === undefined) && givenLower(m[3]!)) {
      spans.push({ kind: 'name', start: third[0], end: third[1] });
    }
  });
  forEachMatch(LOWER_CASE_HEADER, text, (m) => {
    const range = m.indices?.[0];
    // A listed given name first; the word after it, before the comma, is then its surname.
    if (!range || !givenLower(m[1]!) || m[2]!.length < 3) return;
    const [start, firstEnd] = m.indices![1]!;
    if (!eponymAfter(text, firstEnd)) spans.push({ kind: 'name', start, end: m.indices![2]![1] });
  });
}

/**
 * The name in one segment of a run, if any: the whole segment when a cue precedes it or a
 * credential or a relation follows it, else from its first dictionary word. The eponym checks
 * read the text around the segment, so they run only once there is a name to veto.
 */
function segmentName(text: string, words: Token[], cued: Set<number>): PhiSpan | undefined {
  // A trailing initial is more often a sentence's "A." than a name's, unless a credential
  // follows it ("Teodora V. RN").
  let length = words.length;
  const lastWord = words[length - 1]!;
  // After an initial, the credential must end its clause ("Teodora V. RN at 555-0142"), or it
  // opens the next sentence ("Hepatitis B. RN notified").
  const vouchedRun =
    vouched(text, lastWord.end) &&
    (!isInitial(lastWord.word) || CLAUSE_END.test(text.slice(lastWord.end, lastWord.end + 16)));
  if (!vouchedRun) {
    while (length > 1 && isInitial(words[length - 1]!.word)) length--;
  }
  const segment = length === words.length ? words : words.slice(0, length);
  const first = segment[0]!;
  const last = segment[length - 1]!;
  const whole =
    cued.has(first.start) || (length === words.length ? vouchedRun : vouched(text, last.end));
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
  ];
  lowerCaseNames(text, matches, spans);
  // Capitals then a comma: far cheaper to look for than the pattern.
  if (/[A-Z],/.test(text)) capsNames(text, matches, spans);
  matches(RUN, (run) => {
    for (const segment of segments(run[0], run.index)) {
      const name = segmentName(text, segment, cued);
      if (name) spans.push(name);
    }
  });
  return spans;
}
