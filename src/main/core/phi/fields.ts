/**
 * Identifiers placed by a record's labels, as exports write them: a CSV table under its header
 * ("ssn,dob,zip" then a row per person), a two-column attribute table ("attribute,value" then
 * "city,Tupelo"), and key=value pairs ("contact_phone=215-2759; device_serial=836 WHN"). A value
 * under a label that names an identifier is one whatever its shape: a town, a ZIP code or a
 * serial number has no shape to find it by, as in HL7's fields (hl7.ts).
 */
import type { PhiKind, PhiSpan } from '../../../shared/domain';

/** The labels that name an identifier (lower case, words joined by "_"), and its kind. */
const LABEL_KINDS: readonly (readonly [RegExp, PhiKind])[] = [
  [/^(?:ssn|social_security(?:_number|_no)?|ss_?no)$/, 'ssn'],
  [
    /^(?:dob|birth_?date|date_of_birth|death_?date|date_of_death|(?:admit|admission|discharge|adm|disch)_?date)$/,
    'date',
  ],
  [/^(?:zip|zip_?code|postal_?code|post_?code)$/, 'zip code'],
  [/^(?:city|town|home_city|residence_city|birth_?place|place_of_birth)$/, 'city'],
  [/(?:^|_)(?:phone|telephone|tel|mobile|cell|fax|pager)(?:$|_)/, 'phone'],
  [/(?:^|_)e-?mail(?:$|_)/, 'email'],
  [/^(?:mrn|medical_record(?:_number)?|patient_id|pt_id|encounter_id|csn)$/, 'mrn'],
  [/(?:^|_)(?:serial|serial_number|imei)(?:$|_)/, 'device id'],
  [
    /^(?:(?:patient|pt|full|first|last|given|family|contact|guarantor|subscriber)_name|name|surname)$/,
    'name',
  ],
  [/^(?:address|street|street_address|home_address|address_?1|addr)$/, 'street address'],
  [
    /^(?:acct|account(?:_number|_no)?|har|fin|member_id|policy(?:_number|_no)?|subscriber_id|mbi|medicaid_id)$/,
    'account number',
  ],
  [/^(?:npi|dea|licen[cs]e(?:_number|_no)?|drivers?_licen[cs]e)$/, 'licence number'],
];

/** The kind a label names, or undefined: "Contact Phone" and "contact_phone" alike. */
function labelKind(label: string): PhiKind | undefined {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return LABEL_KINDS.find(([pattern]) => pattern.test(key))?.[1];
}

/** One field of a CSV line: where its text starts and ends, quotes and spaces aside. */
interface Field {
  start: number;
  end: number;
}

/** The fields of the CSV line at [from, to), each without its quotes or surrounding spaces. */
function csvFields(text: string, from: number, to: number): Field[] {
  const fields: Field[] = [];
  let start = from;
  let quoted = false;
  for (let i = from; i <= to; i++) {
    const c = i < to ? text[i] : ',';
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      let s = start;
      let e = i;
      while (s < e && /\s/.test(text[s]!)) s++;
      while (e > s && /\s/.test(text[e - 1]!)) e--;
      if (text[s] === '"' && text[e - 1] === '"' && e - s >= 2) {
        s++;
        e--;
      }
      fields.push({ start: s, end: e });
      start = i + 1;
    }
  }
  return fields;
}

/** A header line: labels alone, two or more, apart by commas. */
const HEADER = /^[ \t]*[A-Za-z][A-Za-z _-]*(?:,[ \t]*[A-Za-z][A-Za-z _-]*)+[ \t]*$/;
/** The header of a two-column table of attributes and their values. */
const ATTRIBUTE_HEADER = /^[ \t]*(?:attribute|field|key|name|item)[ \t]*,[ \t]*value[ \t]*$/i;
/** key=value, the value ending at a separator or where the next key starts. */
const KEY_VALUE =
  /(?<![\w.])([A-Za-z][A-Za-z_]*)[ \t]*=[ \t]*"?([^;,&|\n"=]*?)"?(?=[ \t]*(?:[;,&|\n]|$)|[ \t]+[A-Za-z_]+[ \t]*=)/dg;

/** Identifiers in `text` placed by the labels of its CSV tables and key=value pairs. */
export function findLabelledFields(text: string): PhiSpan[] {
  const spans: PhiSpan[] = [];
  const push = (kind: PhiKind | undefined, field: Field) => {
    if (kind !== undefined && field.end > field.start)
      spans.push({ kind, start: field.start, end: field.end });
  };
  if (text.includes('\n') && text.includes(',')) findInTables(text, push);
  if (text.includes('=')) {
    for (const m of text.matchAll(KEY_VALUE)) {
      const [start, end] = m.indices![2]!;
      push(labelKind(m[1]!), { start, end });
    }
  }
  return spans;
}

/** Each table's rows, read by the header above them. */
function findInTables(text: string, push: (kind: PhiKind | undefined, field: Field) => void) {
  const lines: Field[] = [];
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ start, end: text[end - 1] === '\r' ? end - 1 : end });
    start = end + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const header = text.slice(lines[i]!.start, lines[i]!.end);
    if (!HEADER.test(header)) continue;
    const attributes = ATTRIBUTE_HEADER.test(header);
    const kinds = csvFields(text, lines[i]!.start, lines[i]!.end).map((f) =>
      labelKind(text.slice(f.start, f.end)),
    );
    if (!attributes && kinds.every((kind) => kind === undefined)) continue;
    // The rows run to the first line with another number of fields.
    for (let j = i + 1; j < lines.length; j++) {
      const row = csvFields(text, lines[j]!.start, lines[j]!.end);
      if (row.length !== kinds.length) break;
      if (attributes) push(labelKind(text.slice(row[0]!.start, row[0]!.end)), row[1]!);
      else row.forEach((field, column) => push(kinds[column], field));
      i = j;
    }
  }
}
