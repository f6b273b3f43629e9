/**
 * The PHI guard: every text the store would keep passes through it, and the user's policy
 * decides what happens to the identifiers it finds — the import refused (naming where each
 * one is, masked), each replaced by a placeholder of its kind, or kept. A finding the user
 * marked a false alarm is kept as written in every mode. Detection is `detectPhi`; this is
 * no substitute for a de-identification pipeline (docs/phi-guard.md says what it misses).
 */
import type { PhiFinding, PhiKind, PhiPolicy, PhiScreening, PhiSpan } from '../../../shared/domain';
import { PHI_KINDS } from '../../../shared/domain';
import { detectPhi } from './detect';
import { counted, writtenCount } from '../../../shared/counted';

/** Where a text comes from: the file, its line when it has lines, and the column or key. */
export interface TextPlace {
  file: string;
  line: number | null;
  field: string;
}

/** The policy of a user who has chosen nothing: refuse, no false alarms. */
export const REFUSE_PHI: PhiPolicy = { mode: 'refuse', falseAlarms: [] };

/**
 * MIMIC's convention for removed text, with the kind inside: "[**name**]". The detector reads
 * "[** … **]" as already de-identified, so redacted text scans clean.
 */
export const placeholderOf = (kind: PhiKind): string => `[**${kind}**]`;

/** Findings an error carries in full; beyond this it counts them (a refusal lists where to look). */
const LISTED_FINDINGS = 1_000;
/** Short texts (attribute values, ids) repeat across stays: their scans are remembered. */
const MEMO_LENGTH = 64;
const MEMO_ENTRIES = 10_000;

/**
 * Shows enough of a match to find it in the file, never enough to read it: a third of it
 * at most, split between its two ends.
 */
export function maskExcerpt(text: string): string {
  const shown = text.length >= 9 ? 2 : text.length >= 6 ? 1 : 0;
  if (shown === 0) return '*'.repeat(text.length);
  return `${text.slice(0, shown)}${'*'.repeat(text.length - 2 * shown)}${text.slice(-shown)}`;
}

export function findingMark(place: TextPlace, start: number): string {
  return [place.file, place.line, place.field, start].filter((part) => part !== null).join(':');
}

/** Every finding in one text, placed and masked. */
export function findPhi(text: string, place: TextPlace): PhiFinding[] {
  return detectPhi(text).map((span) => toFinding(text, place, span));
}

function toFinding(text: string, place: TextPlace, span: PhiSpan): PhiFinding {
  return {
    mark: findingMark(place, span.start),
    file: place.file,
    line: place.line,
    field: place.field,
    kind: span.kind,
    start: span.start,
    end: span.end,
    excerpt: maskExcerpt(text.slice(span.start, span.end)),
  };
}

/** What was refused: an import, or a reviewer's comment. */
export type PhiSubject = 'import' | 'review';

const REMEDY: Record<PhiSubject, string> = {
  import:
    'Nothing was imported. De-identify the data; or import with each identifier replaced by a placeholder of its kind (toe import … --redact-phi, or "Redact identifiers" in the app); mark a finding that is not an identifier with --phi-false-alarm MARK (in the app: tick "not an identifier"); or, only if your data-use agreement permits identified data, import it as it is (--allow-phi).',
  review:
    'The review was not saved. Rewrite the comment without them, save it with each replaced by a placeholder of its kind, or mark a finding that is not an identifier as a false alarm.',
};

export class PhiRefusedError extends Error {
  constructor(
    /** The first findings (up to 1,000), in the order the texts were read. */
    readonly findings: PhiFinding[],
    /** Every finding, including those not listed. */
    readonly total: number,
    subject: PhiSubject,
  ) {
    const shown = findings
      .slice(0, 10)
      .map((f) => `${f.mark} ${f.kind} (${f.excerpt})`)
      .join('; ');
    const more = total > 10 ? `; and ${writtenCount(total - 10)} more` : '';
    super(
      `Refused: ${counted(total, 'possible direct identifier')} (${shown}${more}). ${REMEDY[subject]}`,
    );
    this.name = 'PhiRefusedError';
  }
}

/**
 * Screens texts one at a time as an import (or a review) reads them. `text` and `id` return
 * what the store may keep; `check` throws when the policy is refuse and anything was found;
 * `screening` is the report's account.
 */
export class PhiGuard {
  private readonly marked: Set<string>;
  private readonly matchedMarks = new Set<string>();
  private readonly listed: PhiFinding[] = [];
  private readonly falseAlarms: PhiFinding[] = [];
  private readonly foundByKind = new Map<PhiKind, number>();
  private readonly places = new Set<string>();
  private readonly pseudonyms = new Map<string, string>();
  private readonly pseudonymsByKind = new Map<PhiKind, number>();
  private readonly memo = new Map<string, PhiSpan[]>();
  private total = 0;

  constructor(
    private readonly policy: PhiPolicy = REFUSE_PHI,
    private readonly subject: PhiSubject = 'import',
  ) {
    this.marked = new Set(policy.falseAlarms);
  }

  /** The text to keep: as written, or with each identifier replaced by its placeholder. */
  text(value: string, place: TextPlace): string {
    const spans = this.identifiers(value, place);
    if (spans.length === 0 || this.policy.mode !== 'redact') return value;
    let redacted = '';
    let from = 0;
    for (const span of spans) {
      redacted += value.slice(from, span.start) + placeholderOf(span.kind);
      from = span.end;
    }
    return redacted + value.slice(from);
  }

  /**
   * An identifier such as stay_id or subject_id: as written, or redacted whole to one
   * pseudonym per distinct value, so the stays of one subject stay linked.
   */
  id(value: string, place: TextPlace): string {
    const spans = this.identifiers(value, place);
    if (spans.length === 0 || this.policy.mode !== 'redact') return value;
    let pseudonym = this.pseudonyms.get(value);
    if (pseudonym === undefined) {
      const kind = spans[0]!.kind;
      const n = (this.pseudonymsByKind.get(kind) ?? 0) + 1;
      this.pseudonymsByKind.set(kind, n);
      pseudonym = `[**${kind} ${n}**]`;
      this.pseudonyms.set(value, pseudonym);
    }
    return pseudonym;
  }

  /** Refuse mode: throws, listing where, when any identifier was found and not marked. */
  check(): void {
    if (this.policy.mode === 'refuse' && this.total > 0) {
      throw new PhiRefusedError(this.listed, this.total, this.subject);
    }
  }

  /** How many identifiers were found (false alarms apart). */
  get found(): number {
    return this.total;
  }

  screening(): PhiScreening {
    return {
      mode: this.policy.mode,
      scanned: [...this.places],
      found: PHI_KINDS.filter((kind) => this.foundByKind.has(kind)).map((kind) => ({
        kind,
        count: this.foundByKind.get(kind)!,
      })),
      falseAlarms: [...this.falseAlarms],
      unmatchedMarks: [...this.marked].filter((mark) => !this.matchedMarks.has(mark)),
    };
  }

  /** The spans to act on: every finding but those marked false alarms, which are recorded. */
  private identifiers(value: string, place: TextPlace): PhiSpan[] {
    // "cohort name", not "cohort name name".
    this.places.add(
      place.file.endsWith(` ${place.field}`) ? place.file : `${place.file} ${place.field}`,
    );
    const spans = this.detect(value);
    if (spans.length === 0) return spans;
    const kept: PhiSpan[] = [];
    // A finding's mark and masked excerpt are built only where they are read (a false alarm,
    // or a refusal's list): an import in redact or allow mode only counts its findings.
    const listing = this.policy.mode === 'refuse';
    for (const span of spans) {
      const mark = this.marked.size > 0 ? findingMark(place, span.start) : null;
      if (mark !== null && this.marked.has(mark)) {
        this.matchedMarks.add(mark);
        this.falseAlarms.push(toFinding(value, place, span));
        continue;
      }
      kept.push(span);
      this.total++;
      this.foundByKind.set(span.kind, (this.foundByKind.get(span.kind) ?? 0) + 1);
      if (listing && this.listed.length < LISTED_FINDINGS) {
        this.listed.push(toFinding(value, place, span));
      }
    }
    return kept;
  }

  private detect(value: string): PhiSpan[] {
    const level = this.policy.level ?? 'default';
    if (value.length > MEMO_LENGTH) return detectPhi(value, level);
    let spans = this.memo.get(value);
    if (spans === undefined) {
      spans = detectPhi(value, level);
      if (this.memo.size < MEMO_ENTRIES) this.memo.set(value, spans);
    }
    return spans;
  }
}
