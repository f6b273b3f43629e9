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
  isCity,
  LOWER,
  UPPER,
  type CuedPattern,
  type Matcher,
} from './patterns';
import { couldBeName, EPONYMS, factsOf, HAND, ROMAN_NUMERAL } from './word-facts';

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
/**
 * Whether a capitalised word is in one of the long lists of names, of many languages ("Itzel",
 * "Vasyl", "Tavita"): what the safe-list pass asks before leaving a lone word to the strict
 * level.
 */
export const inLongNameLists = (word: string): boolean => {
  const folded = foldAccents(word);
  return MORE_GIVEN.has(folded) || MORE_SURNAMES.has(folded);
};
/** Months that are also given names: "June Brown", "April K., RN". ("May" is mostly a verb.) */
const MONTH_GIVEN = new Set(['April', 'June', 'August']);

/** Slavic, Greek, Armenian, Georgian and Romanian surname endings: Nowicka, Petrosyan, Ivanova. */
const SURNAME_ENDING =
  /(?:sk[aiy]|ck[aiy]|wicz|czyk|czak|enko|opoulos|akis|idis|yan|shvili|adze|ovi[cć]|escu|ova|eva)$/;

/** A capitalised word (McDonald, O'Brien, García-López, Łukasiewicz). */
const CAPITALISED = `[${UPPER}](?:[${LOWER}]+(?:[${UPPER}][${LOWER}]+)?|['’][${UPPER}][${LOWER}]+)(?:-[${UPPER}][${LOWER}]+)*`;
/** Lower-case particles inside a name, before its next capitalised word: "Z. de Vries". */
const PARTICLE = `(?:de|da|del|della|di|du|dos|das|van|von|der|den|la|le|ten|ter|bin|al|el)(?=[ \\t][${UPPER}])`;
/** "St." of a surname, before its next capitalised word: "June St. Pierre". */
const SAINT = `St\\.(?=[ \\t][${UPPER}])`;
/**
 * Capitalised words and initials, apart by one space or tab: a wider gap ends a field ("Mary
 * Jones  Chief Complaint").
 */
const RUN = new RegExp(
  `(?:${SAINT}|${CAPITALISED}|[${UPPER}]\\.)(?:[ \\t](?:${SAINT}|${CAPITALISED}|[${UPPER}]\\.|${PARTICLE}))*`,
  'g',
);

/** Capitalised words that are never part of a name: sentence openers, services, calendar. */
const STOP = new Set(
  `A An The This That These Those He She It They We I You His Her Hers Their Our My Is Was Were Are Be Been Has Had Have Will Would Can Could Should May Might Must Does Did Do Not No Yes And Or But If So In On At To For With Without From Of By As Per Via After Before During Since Until Then Now Also Still Again Please Note Today Tonight Tomorrow Yesterday Overnight Currently Recently Later Earlier Plan Assessment Impression Findings Finding History Exam Examination Comparison Technique Indication Reason Clinical Report Summary Addendum Reviewed Denies Reports States Says Notes Remains Continues Tolerating Afebrile Alert Awake Doing Underwent Presented Admitted Transferred Discharged Seen Examined Given Started Received Required Appears Found Noted Became Developed Remained Refused Agrees Understands Expressed Wishes Lives Arrived Returned Went Stable Unstable Comfortable Patient Pt Patients Called Paged Notified Updated Informed Told Asked Family Wife Husband Son Daughter Mother Father Sister Brother Mr Mrs Ms Miss Mx Dr Doctor Prof Nurse Attending Resident Fellow Intern Staff Team Service Services Consult Consults Primary Care Unit Floor Ward Bed Room Home Emergency Department Cardiology Neurology Nephrology Renal Surgery Medicine Oncology Hematology Pulmonary Infectious Disease Diseases Gastroenterology Hepatology Radiology Pathology Psychiatry Social Work Case Management Nursing Pharmacy Physical Therapy Occupational Speech Nutrition Palliative Trauma Anesthesia Urology Orthopedics Dermatology Endocrine Endocrinology Rheumatology Transplant Interventional Vascular Thoracic Cardiac Neurosurgery Obstetrics Gynecology Pediatrics Respiratory Chaplain Admitting Night Float Covering Hospital Clinic Center Medical General Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Left Right Bilateral Chest Abdomen Heart Lungs Neuro Skin Extremities Labs Lab Blood Urine Culture Cultures Micro Echo Imaging Head Neck Pain Fever Code Full Status Goals Allergies Medications Meds Vitals Access Lines Diet Activity Dispo Disposition Contact Proxy Name Phone Signed Dictated Electronically Transcribed Date Time Street Avenue Road Clear Normal Negative Positive None Unknown Nonagenarian Centenarian Accepting Receiving Referring Ordering Treating Consulting Discharging Continue Start Stop Hold Resume Check Follow Monitor Consider Recommend Discussed Bedside`.split(
    /\s+/,
  ),
);

/**
 * What comes right before a name: a title (case matters: "ms" is milliseconds), a relation,
 * "patient", a signature line. Each match ends where a name would start.
 */
const TITLE_CUE: CuedPattern = {
  cues: 'mr|mrs|ms|miss|mx|dr|drs|prof|doctor|rev|nurse|rn|np|pa|sw|pharmd|fr.|sr.|ofc.|rabbi|pastor|imam|deacon',
  // "Fr.", "Sr." and an officer's "Ofc." with their full stop, and not the French size of "16 Fr.
  // Foley"; RN, NP
  // and PA after a comma close a name ("Mary Abernathy, NP. Hgb stable"); SW, a social worker,
  // opens one wherever it stands ("…, SW Francesca Boudreaux").
  pattern:
    /\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|dr|Drs|Prof|Doctor|Rev|Nurse|Rabbi|Pastor|Imam|Deacon|(?<!,[ \t]*)(?:RN|NP|PA|PharmD)|SW|(?<!\d[ \t]?)(?:Fr|FR)\.|Sr\.|(?:Ofc|OFC|ofc)\.)(?:(?<=\.)|\b\.?)[ \t]*/g,
};
const WORD_CUE: CuedPattern = {
  cues: 'wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friend|neighbo|boyfriend|girlfriend|fianc|stepson|stepdaughter|stepmother|stepfather|children|mom|dad|guardian|caregiver|hcp|health|proxy|poa|surrogate|roommate|landlord|name|in the name of|called|paged|notified|updated|informed|told|asked|discussed with|spoke|d/w|cc|signed|dictated|transcribed by|electronically signed by|reviewed by|seen|examined by|evaluated by|attending|resident|fellow|intern|pcp|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse|coordinator|pharmacist|therapist|chaplain|dietitian|midwife|witness|covering|prescriber|claimant|applicant|attn|officer|sitter|collected by|drawn by|scanned by|filed by|performed by|verified by|completed by|reported by|accompanied by|brought in by|referred by|report called to|reported to|identifying|identified as|patient|pt|representative|worker|interpreter|translator|contact|case manager|page|vendor|device rep|sales rep|advocate|aide|volunteer|sponsor|counsel|guarantor|liaison|rep|tech|technologist|crew|adjuster|investigator|dtr|dgtr|reviewer|call to|re|user|navigator|trooper|accepting|emergency_contact|pcp_name|flagged by|hcpoa|medic|paramedic|emt|alias|aka|a.k.a.|pi|caller|agent|alternate|courier',
  pattern:
    /\b(?:(?:son|daughter|brother|sister|mother|father)-in-law|(?:daughter|son|sister|brother|niece|nephew|cousin|grandson|granddaughter)s|wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grandson|granddaughter|grandmother|grandfather|grandchildren|aunt|uncle|cousin|friend|neighbou?r|boyfriend|girlfriend|fianc[eé]e?|stepson|stepdaughter|stepmother|stepfather|children|mom|dad|guardian|caregiver|HCP|health ?care proxy|proxy|POA|surrogate|roommate|landlord|named|name is|in the name of|name of|name|called to|called|paged|notified|updated|informed|told|asked|discussed with|spoke with|spoke to|spoke w\/|d\/w|cc|signed by|signed|dictated by|dictated|transcribed by|electronically signed by|reviewed by|seen by|seen and examined by|examined by|evaluated by|attending|resident|fellow|intern|PCP|provider|surgeon|physician|cardiologist|oncologist|nephrologist|nurse|coordinator|pharmacist|therapist|chaplain|dietitian|midwife|witness|witnessed by|covering|prescriber|claimant|applicant|attn|officer|sitter|collected by|drawn by|scanned by|filed by|performed by|verified by|completed by|reported by|accompanied by|brought in by|referred by|report called to|reported to|identifying (?:pt|patient) as|identified as|patient|pt|representative|worker|interpreter|translator|contacto?|case manager|page|vendor rep|vendor|device rep|sales rep|advocate|aide|volunteer|sponsor|counsell?or|guarantor|liaison|rep|tech|technologist|crew|adjuster|investigator|dtr|dgtr|reviewer|call to|re(?=:)|user|navigator|trooper|accepting(?: MD| physician)?|emergency_contact|pcp_name|flagged by|HCPOA|medic|paramedic|EMT|alias|aka|a\.k\.a\.|PI(?=:)|caller|agent(?=:)|alternate(?=:)|courier)(?:\b|(?<=[/.]))[ \t]*[:,(=]?[ \t]*(?:(?:is|was)[ \t]+)?/gi,
};
/** "pt", "patient": in lower case a verb follows more often than a name ("pt reports walker"). */
const PATIENT_WORD = /^(?:patient|pt)\b/i;
/**
 * Roles that a name follows less surely ("contact:", "interpreter (Spanish)"): two
 * capitalised words after one are a name, one is not.
 */
const ROLE_WORD =
  /^(?:representative|worker|interpreter|translator|contacto?|case manager|page|vendor|device rep|sales rep|advocate|aide|volunteer|sponsor|counsell?or|liaison|rep)\b/i;

/** What a cue says of the words after it, strongest first. */
const BY_TITLE = 1;
const BY_WORD = 2;
const BY_PATIENT = 3;
const BY_ROLE = 4;
type Cue = typeof BY_TITLE | typeof BY_WORD | typeof BY_PATIENT | typeof BY_ROLE;
const CUES = [TITLE_CUE, WORD_CUE];

/** How strong the cue a match of WORD_CUE starts with is. */
function wordCueStrength(cue: string): Cue {
  // Most cues are relations and roles: only some first letters can start the others.
  const first = cue.charCodeAt(0) | 32;
  if (first === 112 && PATIENT_WORD.test(cue)) return BY_PATIENT;
  return ROLE_FIRST_LETTERS.includes(first) && ROLE_WORD.test(cue) ? BY_ROLE : BY_WORD;
}
/** The first letters of ROLE_WORD's words, in lower case. */
const ROLE_FIRST_LETTERS = [...'rwitcpvasdl'].map((c) => c.charCodeAt(0));

/**
 * Where a name would start after a cue, and the strongest cue there: one pass over the text,
 * not a look back per word.
 */
function cuedStarts(matches: Matcher): Map<number, Cue> {
  const starts = new Map<number, Cue>();
  matches(TITLE_CUE.pattern, (m) => {
    starts.set(m.index + m[0].length, BY_TITLE);
  });
  matches(WORD_CUE.pattern, (m) => {
    const at = m.index + m[0].length;
    if (!starts.has(at)) starts.set(at, wordCueStrength(m[0]));
  });
  return starts;
}

/** Credentials after a name: "Jane Smith, MD", "Teodora V. RN", "Ana Ruiz, PharmD", "(DON)". */
const CREDENTIALS =
  'MD|M\\.D\\.|DO|RN|NP|PA-C|PhD|FACS|FACP|MPH|BSN|MSN|DNP|CNP|PharmD|RPh|CPhT|LICSW|LCSW|LMSW|MSW|RRT|LPN|CNA|PCT|APRN|ACNP|FNP|CRNA|CCRN|DPT|SLP|CCC-SLP|RD|LDN|DPM|DDS|DMD|MBBS|CNM|PsyD|DON|Esq|MLS|MT\\(ASCP\\)';
const CREDENTIAL_AFTER = new RegExp(`^(?:,?\\s*|\\s*\\()(?:${CREDENTIALS})\\b`);
/**
 * A relation after a name says it is one: "Tomasz Brzezicki (nephew)", "Consuelo Ruiz (hija)",
 * "Shira Small's nephew"; so does a role in brackets that only a person has: "Will White
 * (escort)", "(Avraham Goldfarb, investigator)".
 */
const RELATION_AFTER =
  /^(?:['’]s\s+|\s*(?:\(|,\s+(?:his|her|their|pt['’]s|patient['’]s)\s+))(?:wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|niece|nephew|grand(?:son|daughter|mother|father|child)|aunt|uncle|cousin|friend|neighbou?r|guardian|caregiver|HCP|health ?care proxy|proxy|POA|esposa|esposo|hija|hijo|madre|padre|hermana|hermano|nieta|nieto|sobrina|sobrino)\b|^(?:\s*\(|,\s+)(?:escort|security|investigator|transport|interpreter|sitter|courier)\)/i;

/** A patient introduced by age: "Kenji Black, a 92 y.o. w/ CKD", "Ana Ruiz is a 67 yo". */
const AGE_INTRO_AFTER = /^(?:,\s+|\s+is\s+)an?\s+\d{1,3}[ -]?(?:y\.?o\b|yo\b|y\/o|years?\b|yr\b)/i;

/** A credential or a relation right after a name's last word vouches for it. */
function vouched(text: string, end: number): boolean {
  // Both start with a comma, a bracket, an apostrophe or (after a space) a capital: most words
  // are not followed by either.
  const next = text.charCodeAt(text.charCodeAt(end) === 32 ? end + 1 : end);
  const apostrophe = next === 39 || next === 8217;
  if (next !== 44 && next !== 40 && !apostrophe && !(next >= 65 && next <= 90)) return false;
  const after = text.slice(end, end + 24);
  return CREDENTIAL_AFTER.test(after) || RELATION_AFTER.test(after);
}
/**
 * A patient introduced by age vouches for the words before it when each could be a name's
 * ("Kenji Black, a 92 y.o."; not "Heart Failure, a 3 yr history").
 */
function introducedByAge(text: string, words: readonly Token[]): boolean {
  const end = words[words.length - 1]!.end;
  if (!AGE_INTRO_AFTER.test(text.slice(end, end + 24))) return false;
  return words.every((w) => couldBeName(w.word));
}

/** A credential that ends its clause: "P. RN at", "L., RN (lic.", "K. RN.". */
const CLAUSE_END = /^,?\s*[A-Za-z-]+\b(?:\s*(?:[.,;:()]|$)|\s+(?:at|to|on|\d))/;

/**
 * The clinical head nouns an eponym names: "Foley catheter", "Weber B ankle fracture", "Morse
 * Fall Scale". A person's name is seldom followed by one.
 */
const HEAD_NOUNS =
  'disease|blade|proteins?|virus|estimate|fascia|inventory|frame|neuroma|discriminant|depression|syndrome|signs?|catheter|score|scale|criteria|test|reflex|maneuvers?|manoeuvres?|phenomenon|reservoir|pulse|surveillance|smear|stain|pads|variant|phenotype|definition|pentad|hump|nomogram|brace|cushion|stockings|march|subscore|pupils?|triage|guidelines|[a-z]+itis|palsy|lymphoma|procedure|operation|tube|classification|grade|triad|line|bag|drain|fracture|fistula|ulcer|nodes?|ring|law|equation|formula|effect|cells?|bod(?:y|ies)|granules|diverticulum|contracture|repair|pouch|stitch|incision|retractor|clamp|forceps|mask|stent|pump|shunt|valve|murmur|respirations?|breathing|block|tremor|disorders?|dementia|encephalopathy|thyroiditis|crisis|sarcoma|tumou?r|anomaly|malformation|angina|aneurysm|position|view|spots?|nodules|lesions?|type|class|stage|staging|rules?|index|method|technique|approach|needle|solution|monitor|protocol|graft|flap|anastomosis|point|area|space|duct|canal|glands?|artery|vein|ligament|membrane|capsule|cyst|hernia|triangle|plexus|column|tract|zone|layer|sheath|reaction|esophagus|tear|coma|pattern|waves?|deformity|cardiomyopathy|infarct|infarction|hypothesis|mechanism|stand|wort|collar|splint|questionnaire|scissors|level|balance|nodule|injury|injuries|faces|assessment|[a-z]+(?:ectomy|otomy|ostomy|plasty|pexy|plication|rrhaphy|scopy)';
/**
 * Words that make the capitalised word before them an eponym, the head noun after up to two
 * modifiers (a word, a number, a grade): "Foley catheter", "Weber B ankle fracture". Words that
 * open a clause ("Smith had a fracture") are no modifiers.
 */
export const EPONYM_HEAD = new RegExp(
  `^(?:['’]s?)?(?:\\s+(?!(?:a|an|the|has|had|have|is|was|were|with|for|to|of|on|in|at|and|or|her|his|their|this|that|who|will|did|does|per|by|from|after|before|s\\/p|w\\/)\\b)(?:[a-z]+|\\d+|[IV]+|[A-Z])){0,2}\\s+(?:${HEAD_NOUNS})\\b`,
  'i',
);
/** A capitalised head noun inside a run: "Morse Fall Scale", "Ranson Criteria". */
const HEAD_IN_RUN = new RegExp(`(?:^|\\s)(?:${HEAD_NOUNS})(?:\\s|$)`, 'i');
/** A scale's letters and a score after a capitalised word: "Katz ADL 3/6", "Wong-Baker FACES 4". */
const SCALE_AFTER = /^[ \t]+[A-Z]{2,}[ \t]+\d/;

/** A score after an eponym: a number, or a comparison and a number. */
const EPONYM_SCORE_AFTER = /^[ \t]*(?:[<>≤≥]=?[ \t]*)?\d{1,3}(?![\d/:-]|\.\d)/;

/** "pouch of Douglas", "circle of Willis": anatomy named after a person. */
export const EPONYM_OF_BEFORE =
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
  if (isInitial(next) || next === 'St.') return true;
  const word = foldAccents(next);
  return !STOP.has(word) && (surnameLike(word) || inDictionary(word));
}

/** A month that is a given name, before a name or after a cue: "June Brown", "worker April Begay". */
function monthName(token: Token, next: string | undefined, cued: Map<number, Cue>): boolean {
  if (!MONTH_GIVEN.has(token.word)) return false;
  return nameFollows(next) || (cued.has(token.start) && next !== undefined && !STOP.has(next));
}

/** Splits a run at the words that are never part of a name. */
function segments(run: string, offset: number, cued: Map<number, Cue>): Token[][] {
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
    if (STOP.has(token.word) && !monthName(token, words[i + 1]?.word, cued)) out.push([]);
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
  // "Morse Fall Scale", "Ranson Criteria": the head noun is in the run.
  if (segment.length > 1 && HEAD_IN_RUN.test(text.slice(segment[1]!.start, last.end))) return true;
  const before = text.slice(Math.max(0, first.start - 30), first.start);
  if (before.endsWith('of ') && EPONYM_OF_BEFORE.test(before)) return true;
  // A saint names a hospital, a valve maker or a herb: "St. Jude", "St. John's wort".
  if (first.word === 'St.' || /\b(?:St\.?|Saint)\s+$/.test(before)) return true;
  if (segment.some((t) => isEponymCompound(t.word))) return true;
  // An eponym's score: "modified Fisher 2", "Morse > 45", "Hunt and Hess 3".
  if (
    segment.every((t) => EPONYMS.has(t.word)) &&
    EPONYM_SCORE_AFTER.test(text.slice(last.end, last.end + 12))
  )
    return true;
  // "Wilson's", "Hodgkin's" standing alone are diseases, not people.
  return (
    segment.length === 1 &&
    EPONYMS.has(first.word) &&
    /^['’]s?\b/.test(text.slice(last.end, last.end + 3))
  );
}

/** Words before an initial that make it a grade or a type: "hepatitis B. Young", "type A. Hall". */
const GRADED_BEFORE =
  /\b(?:type|stage|grade|class|hepatitis|vitamin|group|factor|zone|phase|lead|view|level|plan|part|section|appendix|schedule|category|tier|step|option|arm|cohort|wing|pod|bay|unit|room|bed|floor|strep|influenza|protein|complex|segment)\s*$/i;

/** An initial that is a grade ("type A."), or a word's last letter ("DKA. White count"). */
const gradedInitial = (text: string, initial: Token) =>
  /[\w.]/.test(text[initial.start - 1] ?? '') ||
  GRADED_BEFORE.test(text.slice(Math.max(0, initial.start - 16), initial.start));

/**
 * Dictionary evidence: a listed given name or surname; an everyday-word surname beside a
 * given name; from the long lists, a given name with a surname after it; or an initial then
 * a surname ("R. Ivanova", "F. Young") opening the segment.
 */
function dictionaryStart(text: string, segment: Token[]): number {
  for (let i = 0; i < segment.length; i++) {
    const { word } = segment[i]!;
    if (inDictionary(word)) return i;
    if (i > 0 && WORD_SURNAMES.has(word) && GIVEN.has(segment[i - 1]!.word)) return i;
    const next = segment[i + 1]?.word;
    if (next === undefined) continue;
    if (isInitial(word)) {
      if (i === 0 && surnameLike(foldAccents(next)) && !gradedInitial(text, segment[0]!)) return i;
      continue;
    }
    const given = foldAccents(word);
    const surname = foldAccents(next);
    if (!givenLike(given) || !surnameLike(surname)) continue;
    // Two everyday words are a phrase ("Will Price"), unless the first is a month.
    if (WORD_GIVEN.has(given) && WORD_SURNAMES.has(surname)) continue;
    return i;
  }
  return -1;
}

/** Names as headers and registrations write them: "Name: KIM, IMANI", "Name: HERNÁNDEZ, THI LAN". */
const NAME_PART = `[${UPPER}][A-Za-z${UPPER}${LOWER}'’-]+`;
const HEADER_NAME: CuedPattern = {
  cues: 'name|patient|pt',
  pattern: new RegExp(
    `\\b(?:[Nn]ame|NAME|[Pp]atient|PATIENT|[Pp]t|PT)\\s*:\\s*(${NAME_PART},\\s*${NAME_PART}(?:[ \\t]+[${UPPER}]{2,}(?=[ \\t]*(?:\\n|$)))?(?:\\s+[A-Z]\\.?(?!\\w))?)`,
    'dg',
  ),
};
/** "The Okonjo family at bedside." */
const FAMILY_NAME = /\b[Tt]he\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+family\b/dg;

/** A word in capitals (two letters at least): OKAFOR, O'BRIEN, SAINT-LOUIS, NÚÑEZ. */
const CAPS_WORD = `[${UPPER}][${UPPER}'’]*[${UPPER}](?:-[${UPPER}][${UPPER}'’]*[${UPPER}])*`;
/** Particles of a surname in several words: DE LOS SANTOS, VAN DER BERG, AL HASHIMI. */
const PARTICLE_WORDS =
  'DE|DEL|DELA|DA|DOS|DAS|DI|DU|LA|LE|LOS|VAN|VON|DER|DEN|TEN|TER|ST\\.?|SAINT|AL|EL|BIN|BEN|ABU';
const PARTICLES = `(?:(?:${PARTICLE_WORDS})[ \\t]+){0,2}`;
const IS_PARTICLE = new RegExp(`^(?:${PARTICLE_WORDS})$`, 'i');
/**
 * Registration style, "LAST, FIRST" in capitals, after a label or on a line of its own
 * (face sheets, census lines, ID bands): the name ends where the line, a bracket, a slash, a
 * punctuation mark, a wide gap, a number, a banner's stars or a credential do ("READ BACK BY
 * RAGHUNATHAN, TEMPERANCE RN"), not in running capitals ("CHEST, PA AND"). Before a credential
 * the given name may be an initial ("DUCHESNE, R RN").
 */
const CAPS_CREDENTIAL = '(?:RN|MD|DO|NP|PA|LPN|RPh|PharmD)\\b';
const CAPS_LAST_FIRST = new RegExp(
  `(?<![\\w'’-])(${PARTICLES}${CAPS_WORD}),[ \\t]*(${CAPS_WORD}|[A-Z]\\.?(?=[ \\t]+${CAPS_CREDENTIAL}))(?:[ \\t]+[A-Z]\\.?(?![A-Za-z0-9]))?(?=[ \\t]{2}|[ \\t]*(?:$|[\\n\\r(/)\\],;.*|]|-|\\d)|[ \\t]+${CAPS_CREDENTIAL})`,
  'dgm',
);
/** Capitals that are clinical words or abbreviations, never a name in "LAST, FIRST". */
const NOT_CAPS_NAME = new Set(
  `MAE PERRLA PERRL EOMI NCAT AAO RRR CTAB NABS RUE LUE RLE LLE BLE BUE RUQ LUQ RLQ LLQ RUL RML RLL LUL LLL ICU CCU MICU SICU CVICU NICU PICU ED ER OR PACU OSH SNF LTACH REHAB NEURO PSYCH CARDS CV RESP PULM GI GU ID RENAL HEME ONC ENDO DERM SKIN EXT EXTR HEENT EENT NECK CHEST LUNGS LUNG HEART ABD ABDOMEN PELVIS BACK SPINE HEAD FACE EYES EARS NOSE THROAT MOUTH BRAIN LIVER KIDNEY KIDNEYS BLADDER BOWEL NONE NKDA NEG POS WNL NAD PLAN ASSESSMENT IMPRESSION FINDINGS HISTORY EXAM COMPARISON TECHNIQUE INDICATION REASON CLINICAL SUMMARY ADDENDUM LEFT RIGHT BILATERAL AP PA LAT LATERAL PORTABLE SUPINE UPRIGHT ERECT VIEW VIEWS FRONTAL CT MRI MRA CTA US XR CXR KUB EKG ECG ECHO TTE TEE EEG EMG AM PM MALE FEMALE DNR DNI FULL CODE CMO YES NO HTN HLD DM CAD CHF COPD CKD ESRD AKI AFIB UTI PNA SOB CP ABX IV PO IM SQ PRN BID TID QID QHS QD DAILY HOME STABLE UNSTABLE NORMAL ABNORMAL ACUTE CHRONIC MILD MODERATE SEVERE LABS VITALS MEDS ALLERGIES DIET ACTIVITY DISPO DISPOSITION CONDITION DISCHARGE ADMISSION ADMIT TRANSFER FOLLOW UP NOTE NOTES PROGRESS NURSING PHYSICIAN ATTENDING RESIDENT CONSULT SERVICE UNIT FLOOR ROOM BED TIME DATE DAY NIGHT SHIFT ARRIVAL ADDRESS PHONE CONTACT NAME AGE SEX DOB MRN SSN FIN ACCT INSURANCE MEDICARE MEDICAID PRIMARY SECONDARY WITH WITHOUT CONTRAST AND OR THE OF TO IN ON AT FOR BY FROM NEW OLD PRE POST PER VIA`.split(
    /\s+/,
  ),
);
/** Labels that may follow a "LAST, FIRST" in a list of fields: "TSOSIE, DOLORES B, SSN …". */
const FIELD_LABEL = /^,[ \t]*(?:SSN|DOB|MRN|AGE|SEX|ID|FIN|ACCT|MR#|DOA|RM|BED)\b/;
const STATE_CODE = /^[A-Z]{2}$/;
/** "SPANISH, MEXICO" is a language and a country. */
const COUNTRIES = new Set(lists.countries.flatMap((line) => line.split('|')));
const VOWEL = /[AEIOUYÀ-ÆÈ-ÏÒ-ÖØ-Ý]/;

/** A word of a name in capitals: not a clinical word, and said like a name. */
function capsNameWord(word: string): boolean {
  if (NOT_CAPS_NAME.has(word) || !VOWEL.test(word) || /(?:ISH|ESE)$/.test(word)) return false;
  // ECG leads and stages in Roman numerals: "STE in II, III".
  if (ROMAN_NUMERAL.test(word)) return false;
  const title = foldAccents(word[0] + word.slice(1).toLowerCase());
  if (STOP.has(title) || COUNTRIES.has(title)) return false;
  // Short ones are often abbreviations (LLE, RLE): a name or one consonant before a vowel.
  return (
    word.length > 3 ||
    givenLike(title) ||
    surnameLike(title) ||
    /^[^AEIOUY]?[AEIOUY]/.test(foldAccents(word))
  );
}
/** A listed given name or surname in capitals: "ROSSI", "NGOZI". */
function capsListed(word: string): boolean {
  const title = foldAccents(word[0] + word.slice(1).toLowerCase());
  return givenLike(title) || surnameLike(title);
}

function capsNames(text: string, matches: Matcher, spans: PhiSpan[]): void {
  matches(CAPS_LAST_FIRST, (m) => {
    const range = m.indices?.[0];
    if (!range) return;
    // Inside running capitals ("CT CHEST, ABDOMEN") or a list ("MAE, PERRLA, EOMI") it is
    // not a name; a wide gap before it ends a field, as on a census line.
    if (
      /(?:[A-Z0-9]{2,}[ \t]|[,/][ \t]*)$/.test(text.slice(Math.max(0, range[0] - 12), range[0]))
    ) {
      return;
    }
    const after = text.slice(range[1], range[1] + 8);
    if (/^,[ \t]*[A-Z]{2,}\b/.test(after) && !FIELD_LABEL.test(after)) return;
    // "ANCHORAGE, AK 99503": a town, its state and a ZIP code.
    if (STATE_CODE.test(m[2]!) && /^[ \t]+\d{5}/.test(after)) return;
    const surname = m[1]!.split(/[ \t]+/).at(-1)!;
    // A given name's initial only before a credential: "DUCHESNE, R RN".
    const initial = /^[A-Z]\.?$/.test(m[2]!);
    if (!capsNameWord(surname) || !(initial || capsNameWord(m[2]!))) return;
    spans.push({ kind: 'name', start: range[0], end: range[1] });
  });
}

/** A name in capitals within text in mixed case: "granddaughter NGOZI ROSSI (HCP)". */
const CAPS_NAME = `${PARTICLES}${CAPS_WORD}(?:[ \\t]+(?:[A-Z]\\.(?=[ \\t])|${PARTICLES}${CAPS_WORD})){0,4}`;
const CAPS_NAME_AT = new RegExp(CAPS_NAME, 'y');
const CAPS_NAME_BEFORE = new RegExp(`(?:^|[^\\w'’.-])(${CAPS_NAME})$`);
const HAS_LOWER = /[a-z]/;

/**
 * The name in capitals a cue or a credential marks: its words up to the first that is no name's.
 * Running capitals are a heading or a shout, not a name: the text around must be in mixed case,
 * and one word is enough only after a title or when it is a listed name.
 */
function capsName(text: string, start: number, run: string, cue: Cue | 0): PhiSpan | undefined {
  const end = start + run.length;
  const around = text.slice(Math.max(0, start - 24), start) + text.slice(end, end + 24);
  if (cue !== BY_TITLE && !HAS_LOWER.test(around)) return undefined;
  const words = run.split(/[ \t]+/);
  let at = 0;
  let named = 0;
  let listed = false;
  let nameEnd = start;
  for (const word of words) {
    const wordStart = start + run.indexOf(word, at);
    at = wordStart - start + word.length;
    if (isInitial(word) || IS_PARTICLE.test(word)) continue;
    if (!capsNameWord(word)) break;
    named++;
    listed ||= capsListed(word);
    nameEnd = wordStart + word.length;
  }
  const enough =
    cue === BY_TITLE ? named >= 1 : named >= 2 || (named === 1 && listed && cue !== BY_ROLE);
  return enough ? { kind: 'name', start, end: nameEnd } : undefined;
}

/** A credential after a comma: what vouches for a name in capitals or in lower case before it. */
const CREDENTIAL_SCAN = new RegExp(`,[ \\t]*(?:${CREDENTIALS}|md|rn|np|do)\\b`, 'g');
/** Up to four lower-case words or initials ending where a credential's comma starts. */
const LOWER_TOKEN = `(?:[a-z]\\.(?![${LOWER}])|[${LOWER}][${LOWER}'’-]*)`;
const LOWER_NAME_BEFORE = new RegExp(
  `(?:^|[^\\w'’.-])((?:${LOWER_TOKEN}[ \\t]+){0,3}${LOWER_TOKEN})$`,
);
const LOWER_WORDS_AT = new RegExp(`${LOWER_TOKEN}(?:[ \\t]+${LOWER_TOKEN}){0,3}`, 'y');
const LOWER_WORD_AT = new RegExp(`[${LOWER}]+`, 'y');

/** Lower-case words that are no part of a name after a cue or before a credential. */
const LOWER_STOP = new Set(
  `a an the and or but nor to at in on of for with w without from by as per via into onto upon about re regarding is was were be been being are am has had have having will would can could should may might must do does did done not no yes he she it they we i you his her hers him them their our my your its this that these those who whom which what when where why how there here then now also still again just only even well very so than too today tonight tomorrow yesterday overnight morning evening night afternoon pm noon bedside aware notified paged called updated informed told asked discussed spoke seen signed reviewed agrees agreed states said says reports reported denies requests requested wants wanted prefers declined refused present absent available unavailable unable able home office clinic floor unit team service services care nursing nurse nurses appt appointment visit visits order orders note notes recs rec recommendation recommendations request letter call plan consult referral eval evaluation assessment message doctor doctors physician md rn np pa dr pt pts patient patients family families wife husband son sons daughter daughters mother father sister sisters brother brothers niece nephew aunt uncle cousin friend friends neighbor neighbour parents parent children child kids grandson granddaughter grandchildren guardian caregiver proxy hcp poa staff all both each every any some none more most less other another same new old prior previous next last first second follow up ok okay please thanks thank`.split(
    /\s+/,
  ),
);
const lowerParticle = (word: string) => IS_PARTICLE.test(word);

/** Lower-case clinical shorthand that a list of names also holds ("abd", "kub", "dex"). */
const SHORTHAND = new Set(
  'abd trach crea amy ana dex hal asa sev max mae lue rue lle rle micu sicu ward edd kub babin tele vent neuro cards dea vin esi biba adi san'.split(
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
const WORD_SURNAMES_LOWER = lower(WORD_SURNAMES);
/** A listed surname in lower case that is no everyday word ("day", "walker"). */
const plainSurnameLower = (word: string) =>
  surnameLower(word) && !WORD_SURNAMES_LOWER.has(word) && !ENGLISH_SURNAMES.has(word);
/** Surnames of the main list that are also everyday words in lower case: "with walker". */
const ENGLISH_SURNAMES = new Set(
  'woods burns walker baker miller porter turner fisher mason parker hunter cooper'.split(' '),
);

/** Lower-case words as tokens with their offsets, from `start`. */
function lowerTokens(words: string, start: number): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(words); match !== null; match = WORD.exec(words)) {
    const at = start + match.index;
    tokens.push({ word: match[0], start: at, end: at + match[0].length });
  }
  return tokens;
}

/**
 * A lower-case name in `tokens` (after a cue, or before a credential when `vouchedEnd`): a
 * listed given name first; after a cue other than "pt", any word before a listed name or a
 * particle's word ("conceição abdullah", "walter de jesús"); an initial before a listed surname
 * ("pt o. liu"); or, after "dr." (BY_TITLE here), any word that is no common word ("dr.
 * macallister").
 */
function lowerName(tokens: Token[], cue: Cue | 0, vouchedEnd: boolean): PhiSpan | undefined {
  const words: Token[] = [];
  for (const token of tokens) {
    if (LOWER_STOP.has(token.word)) break;
    words.push(token);
  }
  // A particle or an initial needs a word after it.
  while (words.length > 0 && (lowerParticle(words.at(-1)!.word) || isInitial(words.at(-1)!.word))) {
    words.pop();
  }
  if (words.length === 0) return undefined;
  const first = words[0]!;
  const initialFirst = isInitial(first.word);
  const firstGiven = !initialFirst && givenLower(first.word);
  const cuedRole = cue !== BY_PATIENT && cue !== 0;
  // Where the name ends: its last listed word, or a particle's word, or a titled initial's.
  // After any other word a surname that is an everyday word ("called back day shift") is none.
  let last = 0;
  for (let i = 1; i < words.length; i++) {
    const { word } = words[i]!;
    if (lowerParticle(word) || isInitial(word)) continue;
    const previous = words[i - 1]!.word;
    const surname = firstGiven ? surnameLower(word) : plainSurnameLower(word);
    const listed = surname || (cuedRole && givenLower(word));
    if (listed || lowerParticle(previous) || (isInitial(previous) && cue === BY_TITLE)) {
      last = i;
    } else break;
  }
  if (vouchedEnd) last = words.length - 1;
  const named = initialFirst
    ? last > 0
    : firstGiven ||
      (last > 0 && (cuedRole || vouchedEnd)) ||
      (cue === BY_TITLE && first.word.length > 1 && !lowerParticle(first.word));
  return named ? { kind: 'name', start: first.start, end: words[last]!.end } : undefined;
}

/** "dr. macallister", but not "12 oak dr apt 4": a street's "dr" has a number before it. */
const STREET_BEFORE = /\d+[a-z]?[ \t]+(?:[a-z]+[ \t]+){0,3}$/i;
/**
 * Titles after which a word in capitals is a surname, "Dr. MACALLISTER" (not "RN", "PA" and
 * "Nurse", which also head a clause in capitals); in lower case only "dr." says so of any word.
 */
const TITLE_BEFORE =
  /\b(?:[Dd]rs?|DRS?|Mrs|MRS|Mr\.|MR\.|Ms\.?|Fr\.|FR\.|Sr\.|Ofc\.|OFC\.|Prof|Rev|Doctor)\.?[ \t]*$/;
const DOCTOR_BEFORE = /\b(?:[Dd]rs?|DRS?|Doctor)\.?[ \t]*$/;
const UPPER_CHAR = new RegExp(`[${UPPER}]`);
/** A capital at `at`: plain ones by their code, accented ones by UPPER. */
const isUpper = (code: number, text: string, at: number) =>
  (code >= 65 && code <= 90) || (code > 127 && UPPER_CHAR.test(text[at] ?? ''));
const LOWER_CHAR = new RegExp(`[${LOWER}]`);

/**
 * Names in capitals and in lower case right after a cue: "Dr. MACALLISTER", "granddaughter
 * NGOZI ROSSI", "dr. de jesús", "APS worker eleni goldberg".
 */
function namesAfterCues(text: string, cued: Map<number, Cue>, spans: PhiSpan[]): void {
  cued.forEach((cue, at) => {
    const name = nameAfterCue(text, at, cue);
    if (name) spans.push(name);
  });
}

/** The name in capitals or in lower case that starts where a cue ends, if any. */
function nameAfterCue(text: string, at: number, cue: Cue): PhiSpan | undefined {
  const code = text.charCodeAt(at);
  // Most cues are followed by a space, a digit or punctuation: no name starts there.
  if (code < 65 || (code > 90 && code < 97) || (code > 122 && code < 192)) return undefined;
  if (isUpper(code, text, at)) {
    // A capitalised word goes through the runs; only capitals here.
    if (!isUpper(text.charCodeAt(at + 1), text, at + 1)) return undefined;
    const titled = cue === BY_TITLE && TITLE_BEFORE.test(text.slice(Math.max(0, at - 12), at));
    // A cue in capitals heads capitals that are seldom a name ("HOLY NAME OF MARY HOSPITAL").
    if (!titled && !HAS_LOWER.test(text.slice(Math.max(0, at - 16), at))) return undefined;
    CAPS_NAME_AT.lastIndex = at;
    const run = CAPS_NAME_AT.exec(text);
    return run ? capsName(text, at, run[0], titled || cue !== BY_TITLE ? cue : BY_WORD) : undefined;
  } else if ((code >= 97 && code <= 122) || LOWER_CHAR.test(text[at]!)) {
    // Most cues are followed by a common word ("seen by the team"): no name to read.
    LOWER_WORD_AT.lastIndex = at;
    const first = LOWER_WORD_AT.exec(text);
    if (first === null || LOWER_STOP.has(first[0])) return undefined;
    LOWER_WORDS_AT.lastIndex = at;
    const run = LOWER_WORDS_AT.exec(text);
    if (run === null) return undefined;
    let strength: Cue | 0 = cue;
    if (cue === BY_TITLE) {
      // Any word after "dr." is a surname ("dr. macallister"); after another title only a
      // listed name is ("Fr. visited" is not), nor after a street's "dr" ("12 oak dr apt 4").
      const before = text.slice(Math.max(0, at - 40), at);
      const doctor = DOCTOR_BEFORE.test(before);
      if (!doctor || STREET_BEFORE.test(before.replace(DOCTOR_BEFORE, ''))) strength = 0;
    }
    const tokens = lowerTokens(run[0], at);
    const name = lowerName(tokens, strength, false) ?? vouchedLower(text, tokens, strength);
    return name && !eponymAfter(text, name.end) ? name : undefined;
  }
  return undefined;
}

/** A lower-case run vouched for by what follows its last word: "haruka love (friend)". */
function vouchedLower(text: string, tokens: Token[], cue: Cue | 0): PhiSpan | undefined {
  if (cue === BY_PATIENT || cue === 0) return undefined;
  for (let n = Math.min(tokens.length, 3); n >= 2; n--) {
    if (tokens.slice(0, n).some((t) => LOWER_STOP.has(t.word))) continue;
    if (vouched(text, tokens[n - 1]!.end)) {
      return { kind: 'name', start: tokens[0]!.start, end: tokens[n - 1]!.end };
    }
  }
  return undefined;
}

/**
 * Names that a credential after a comma vouches for, in capitals or in lower case: "SOO-JIN
 * STEWART-HUGHES, LICSW", "by jamal yılmaz, MD". (Capitalised ones go through the runs.)
 */
function namesBeforeCredentials(text: string, spans: PhiSpan[]): void {
  forEachMatch(CREDENTIAL_SCAN, text, (m) => {
    const credential = m[0].replace(/^,[ \t]*/, '');
    const from = Math.max(0, m.index - 64);
    const before = text.slice(from, m.index);
    const caps = credential !== credential.toLowerCase() && CAPS_NAME_BEFORE.exec(before);
    if (caps) {
      const start = from + before.length - caps[1]!.length;
      // A town in capitals before a state: "SILVER SPRING, MD".
      if (!isPlace(caps[1]!)) {
        const name = capsName(text, start, caps[1]!, 0);
        if (name) spans.push(name);
      }
      return;
    }
    const run = LOWER_NAME_BEFORE.exec(before);
    if (!run) return;
    const tokens = lowerTokens(run[1]!, from + before.length - run[1]!.length);
    // The name is the words after the last common word: "critical result d/w dr. black by
    // jamal yılmaz".
    let first = tokens.length;
    while (first > 0 && !LOWER_STOP.has(tokens[first - 1]!.word)) first--;
    const words = tokens.slice(first);
    const name = lowerName(words, BY_WORD, true);
    // The credential vouches for the run's extent; a listed name, that it is a name.
    if (name && (givenLower(words[0]!.word) || words.some((t) => plainSurnameLower(t.word)))) {
      spans.push(name);
    }
  });
}
/** "SILVER SPRING" before ", MD" is a town. */
const isPlace = (caps: string) =>
  isCity(
    caps
      .split(/[ \t]+/)
      .map((w) => w[0] + w.slice(1).toLowerCase())
      .join(' '),
  );

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

/** A sign-out or census line's initials before an age and sex: "bed 14 SGG 40F". */
const BED_INITIALS: CuedPattern = {
  cues: 'bed |bed#|rm |rm#|room |room#',
  pattern:
    /\b(?:(?:[Bb]ed|BED|[Rr]m|RM|[Rr]oom|ROOM)[ #])[ \t]*#?[ \t]*\d{1,4}[A-Za-z]?[ \t]*[:,-]?[ \t]+((?:[A-Z]\.?){2,3})[ \t]+(?=\d{1,3}[ \t]*(?:y\/?o|yo|y\.o\.|yrs?|y)?[ \t]*[MF]\b)/dg,
};

/** The patterns around names that start with cue words (for a CueIndex). */
export const NAME_PATTERNS = [...CUES, HEADER_NAME, LOWER_CASE_NAME, RELATION_LOWER, BED_INITIALS];

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

/** A nickname in quotes inside a name: Ignacio "Nacho" Harris. */
const NICKNAME = new RegExp(
  `(${CAPITALISED})[ \\t]+["“](${CAPITALISED})["”][ \\t]+(${CAPITALISED})`,
  'dg',
);

/**
 * "Ignacio "Nacho" Harris (prefers Nacho)": the whole name, and every other use of the
 * nickname in the text.
 */
function nicknames(text: string, spans: PhiSpan[]): void {
  forEachMatch(NICKNAME, text, (m) => {
    if (STOP.has(m[1]!) || STOP.has(m[3]!)) return;
    // A name's words around the quote, not a phrase's ("Labs "Stable" Overall").
    if (!givenLike(foldAccents(m[1]!)) && !surnameLike(foldAccents(m[3]!))) return;
    spans.push({ kind: 'name', start: m.index, end: m.index + m[0].length });
    const nickname = m[2]!;
    for (const use of text.matchAll(new RegExp(`\\b${nickname}\\b`, 'g'))) {
      spans.push({ kind: 'name', start: use.index, end: use.index + nickname.length });
    }
  });
}

/** Initials in brackets right after a titled name: "Mr. Moody (J.M.)", "Sr. Mensah (RM)". */
const INITIALS_AFTER = /^[ \t]*\(((?:[A-Z]\.?){2,3})\)/;
/** What a bracket after a name says that is no initials: a role or a service. */
const NOT_INITIALS = /^(?:HCP|POA|DPOA|NOK|DON|RN|NP|MD|DO|PA|PT|OT|ID|GI|ED|ER|OR|ICU)$/;

function initialsAfterNames(text: string, spans: PhiSpan[]): void {
  const count = spans.length;
  for (let i = 0; i < count; i++) {
    const { start: nameStart, end } = spans[i]!;
    // A bracket right after the name or after a space.
    if (text.charCodeAt(end) !== 40 && text.charCodeAt(end + 1) !== 40) continue;
    const initials = INITIALS_AFTER.exec(text.slice(end, end + 12));
    // A role or a service in brackets is no initials: "Ms. Lee (PT)", "Mr. Moody (DNR)".
    const letters = initials?.[1];
    if (
      !letters ||
      (!letters.includes('.') && (NOT_INITIALS.test(letters) || NOT_CAPS_NAME.has(letters)))
    ) {
      continue;
    }
    if (!TITLE_BEFORE.test(text.slice(Math.max(0, nameStart - 12), nameStart))) continue;
    const start = end + initials[0].length - 1 - initials[1]!.length;
    spans.push({ kind: 'name', start, end: start + initials[1]!.length });
  }
}

/**
 * The names in a run's segment, split where a cue ends inside it: "Granddaughter R. Frank" is a
 * relation word, then a cued name.
 */
function segmentNames(
  text: string,
  segment: Token[],
  cued: Map<number, Cue>,
  spans: PhiSpan[],
): void {
  let from = 0;
  for (let i = 1; i < segment.length; i++) {
    if (!cued.has(segment[i]!.start)) continue;
    const name = segmentName(text, segment.slice(from, i), cued);
    if (name) spans.push(name);
    from = i;
  }
  const name = segmentName(text, from === 0 ? segment : segment.slice(from), cued);
  if (name) spans.push(name);
}

/**
 * The name in one segment of a run, if any: the whole segment when a cue precedes it or a
 * credential or a relation follows it, else from its first dictionary word. The eponym checks
 * read the text around the segment, so they run only once there is a name to veto; after a
 * title ("Ms. Peña's home monitor") there is none to make.
 */
function segmentName(text: string, words: Token[], cued: Map<number, Cue>): PhiSpan | undefined {
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
  const cue = cued.get(first.start);
  // A weaker role's cue wants two words: "interpreter (Spanish)" names nobody.
  const cuedName = cue !== undefined && (cue !== BY_ROLE || segment.length >= 2);
  // The safe list's hand-listed words (faiths, languages, insurers, brands: "pt Buddhist",
  // "called Medicare") are never a name alone; short ones are abbreviations that begin names
  // too ("Min" of "Min-jun").
  const handListed = first.word.length >= 4 && (factsOf(first.word.toLowerCase()) & HAND) !== 0;
  if (cue !== BY_TITLE && segment.length === 1 && handListed) return undefined;
  const whole =
    cuedName ||
    (length === words.length ? vouchedRun : vouched(text, last.end)) ||
    (segment.length >= 2 && introducedByAge(text, segment));
  const from = whole ? 0 : dictionaryStart(text, segment);
  if (from < 0) return undefined;
  // A credential or a relation after the name outweighs an eponym's part in it ("Maria
  // Smith-Jones, LPN").
  if (cue !== BY_TITLE && !vouchedRun && eponymContext(text, segment)) return undefined;
  // "Katz ADL 3/6", "Wong-Baker FACES 4": a scale named after someone, then its score.
  if (!whole && SCALE_AFTER.test(text.slice(last.end, last.end + 16))) return undefined;
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
    ...groupSpans(matches, BED_INITIALS.pattern),
    // "The" is everywhere: the word "family" is far cheaper to look for.
    ...(text.includes('family') ? groupSpans(matches, FAMILY_NAME) : []),
  ];
  lowerCaseNames(text, matches, spans);
  namesAfterCues(text, cued, spans);
  // Capitals then a comma: far cheaper to look for than the pattern.
  if (/[A-Z],/.test(text)) capsNames(text, matches, spans);
  if (text.includes(',')) namesBeforeCredentials(text, spans);
  if (text.includes('"') || text.includes('“')) nicknames(text, spans);
  matches(RUN, (run) => {
    for (const segment of segments(run[0], run.index, cued)) {
      segmentNames(text, segment, cued, spans);
    }
  });
  if (text.includes('(')) initialsAfterNames(text, spans);
  return spans;
}
