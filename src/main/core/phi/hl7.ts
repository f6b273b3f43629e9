/**
 * HL7 v2 segments pasted into a note or an export field ("PID|1||…"): the standard says which
 * field holds what, so an identifier there is read by its place, not its shape. A town, a ZIP
 * code or a facility's code in a segment has no shape to find it by ("…^^Rapid City^SD^80143",
 * "…^^^TCBMC^MR"), and a date of birth written 19851124 reads as a record number.
 * Only the segments that carry a person's or a place's identifiers are read: of a message header
 * (MSH), the facilities that sent and receive it and when.
 */
import type { PhiKind, PhiSpan } from '../../../shared/domain';
import { isKnownWord } from './word-facts';

/**
 * Part of a field: components `from` to `to` (1-based, inclusive, as the standard counts), one
 * span from the first's start to the last non-empty one's end.
 */
interface FieldPart {
  from: number;
  to: number;
  kind: PhiKind;
  /** A word the lists know names nothing here: a message header's "LAB", "ADT", "CORE". */
  notAWord?: true;
}
const whole = (kind: PhiKind): FieldPart[] => [{ from: 1, to: 1, kind }];
/** XPN, a person's name: family, given, middle, suffix. */
const PERSON = [{ from: 1, to: 4, kind: 'name' }] satisfies FieldPart[];
/** XCN, a clinician: an id (an NPI, a licence), then the name. */
const CLINICIAN = [
  { from: 1, to: 1, kind: 'licence number' },
  { from: 2, to: 5, kind: 'name' },
] satisfies FieldPart[];
/** XAD, an address: street, other, city, state, ZIP code (the state is no identifier). */
const ADDRESS = [
  { from: 1, to: 2, kind: 'street address' },
  { from: 3, to: 3, kind: 'city' },
  { from: 5, to: 5, kind: 'zip code' },
] satisfies FieldPart[];
/** CX, an identifier and the facility that assigned it (component 4). */
const ASSIGNED_ID = [
  { from: 1, to: 1, kind: 'mrn' },
  { from: 4, to: 4, kind: 'facility' },
] satisfies FieldPart[];

/** HD, a facility named in a message header: its code, or a system's word. */
const HEADER_FACILITY = [
  { from: 1, to: 1, kind: 'facility', notAWord: true },
] satisfies FieldPart[];

/** The fields read, by segment and field number (the segment's name is field 0). */
const SEGMENTS: Readonly<Record<string, Readonly<Record<number, readonly FieldPart[]>>>> = {
  // MSH-1 is the field separator itself, so the header's fields sit one place lower: MSH-4,
  // the sending facility, is field 3; MSH-6 the receiving one; MSH-7 the message's time.
  MSH: { 3: HEADER_FACILITY, 5: HEADER_FACILITY, 6: whole('date') },
  PID: {
    2: ASSIGNED_ID,
    3: ASSIGNED_ID,
    4: ASSIGNED_ID,
    5: PERSON,
    6: PERSON,
    7: whole('date'),
    9: PERSON,
    11: ADDRESS,
    13: whole('phone'),
    14: whole('phone'),
    18: ASSIGNED_ID.map((part) =>
      part.kind === 'mrn' ? { ...part, kind: 'account number' } : part,
    ),
    19: whole('ssn'),
    20: whole('licence number'),
  },
  NK1: { 2: PERSON, 4: ADDRESS, 5: whole('phone'), 6: whole('phone') },
  GT1: {
    3: PERSON,
    5: ADDRESS,
    6: whole('phone'),
    7: whole('phone'),
    8: whole('date'),
    12: whole('ssn'),
  },
  // PV1-3, where the patient is: point of care, room, bed, facility.
  PV1: {
    3: [{ from: 4, to: 4, kind: 'facility' }],
    7: CLINICIAN,
    8: CLINICIAN,
    9: CLINICIAN,
    17: CLINICIAN,
    19: whole('mrn'),
    44: whole('date'),
    45: whole('date'),
  },
  // Placer and filler order numbers (accessions), when observed, who ordered.
  OBR: { 2: whole('mrn'), 3: whole('mrn'), 7: whole('date'), 16: CLINICIAN },
  // Insurance: the insured's name, date of birth and address, and the policy number.
  IN1: { 16: PERSON, 18: whole('date'), 19: ADDRESS, 36: whole('account number') },
};
/** A segment's name in either case: a note written in lower case lowers its pasted segments too. */
const SEGMENT_START = /(?:^|[\r\n])[ \t]*(MSH|PID|NK1|GT1|PV1|OBR|IN1)\|/gi;
/** A date or date-time as HL7 writes it (YYYYMMDD[HHMM[SS]]). */
const HL7_DAY = /^(?:1[89]|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])/;
const LINE_END = /[\r\n]/g;

/** Identifiers in the HL7 segments of `text`, placed by field. */
export function findHl7Fields(text: string): PhiSpan[] {
  if (!text.includes('|')) return [];
  const spans: PhiSpan[] = [];
  for (const m of text.matchAll(SEGMENT_START)) {
    const segment = m[1]!;
    const fields = SEGMENTS[segment.toUpperCase()]!;
    let start = m.index + m[0].length - segment.length - 1;
    LINE_END.lastIndex = start;
    const end = LINE_END.exec(text)?.index ?? text.length;
    text
      .slice(start, end)
      .split('|')
      .forEach((field, number) => {
        const parts = fields[number];
        if (parts) spans.push(...fieldSpans(field, start, parts));
        start += field.length + 1;
      });
  }
  return spans;
}

/** The spans of one field's parts, in each of its repetitions ("~"). */
function fieldSpans(field: string, fieldStart: number, parts: readonly FieldPart[]): PhiSpan[] {
  const spans: PhiSpan[] = [];
  let repetitionStart = fieldStart;
  for (const repetition of field.split('~')) {
    // Each component trimmed, with where its value lies in the text.
    const components: Array<{ start: number; end: number; value: string }> = [];
    let at = repetitionStart;
    for (const written of repetition.split('^')) {
      const value = written.trim();
      const start = at + written.length - written.trimStart().length;
      components.push({ start, end: start + value.length, value });
      at += written.length + 1;
    }
    for (const { from, to, kind, notAWord } of parts) {
      const inPart = components.slice(from - 1, to).filter((c) => c.value !== '');
      const first = inPart[0];
      const last = inPart[inPart.length - 1];
      // A de-identified placeholder (blanked by detect.ts) is no identifier.
      if (!first || !last || inPart.some((c) => c.value.includes('\u0000'))) continue;
      // A date-time is one span, the time with its day: a record number's rule finds the
      // same digits, and the span the field names must be the one kept.
      if (kind === 'date' && !HL7_DAY.test(first.value)) continue;
      if (notAWord && isKnownWord(first.value)) continue;
      spans.push({ kind, start: first.start, end: last.end });
    }
    repetitionStart += repetition.length + 1;
  }
  return spans;
}
