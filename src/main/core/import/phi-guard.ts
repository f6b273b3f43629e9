/**
 * A guard against direct identifiers in note text. It is deliberately simple and strict:
 * obvious identifiers (emails, phone numbers, SSN-like and MRN-like numbers, street
 * addresses) refuse the import, with where each was found, unless the user overrides.
 * It does not de-identify anything and is no substitute for a de-identification pipeline.
 */
import type { PhiFinding } from '../../../shared/domain';

export type { PhiFinding };

const PATTERNS: { kind: PhiFinding['kind']; pattern: RegExp }[] = [
  { kind: 'email', pattern: /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g },
  { kind: 'ssn', pattern: /\b\d{3}-\d{2}-\d{4}\b/g },
  { kind: 'phone', pattern: /(?<![\w-])(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g },
  { kind: 'mrn', pattern: /\b(MRN|medical record (number|no\.?)|patient id)\s*[:#]?\s*\d{5,}\b/gi },
  {
    kind: 'street address',
    pattern:
      /\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}(Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way)\b\.?/g,
  },
];

function mask(text: string): string {
  if (text.length <= 4) return '*'.repeat(text.length);
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`;
}

/** Scans one note for identifiers; MIMIC's de-identification placeholder "___" never matches. */
export function findPhi(text: string, file: string, line: number): PhiFinding[] {
  const findings: PhiFinding[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      findings.push({ file, line, kind, excerpt: mask(match[0]) });
    }
  }
  return findings;
}

export class PhiRefusedError extends Error {
  constructor(readonly findings: PhiFinding[]) {
    const shown = findings
      .slice(0, 10)
      .map((f) => `${f.file}, line ${f.line}: ${f.kind} (${f.excerpt})`)
      .join('; ');
    super(
      `Refused: ${findings.length} possible direct identifier${findings.length === 1 ? '' : 's'} in note text (${shown}${findings.length > 10 ? '; …' : ''}). Nothing was imported. De-identify the notes, or, if your data-use agreement permits identified text, import them as such (toe import … --allow-phi, or in the app: allow identified note text).`,
    );
    this.name = 'PhiRefusedError';
  }
}

/** Collects findings across an import; `check()` throws when any were found and not allowed. */
export class PhiGuard {
  readonly findings: PhiFinding[] = [];

  constructor(private readonly allow: boolean) {}

  scan(text: string, file: string, line: number): void {
    this.findings.push(...findPhi(text, file, line));
  }

  check(): void {
    if (!this.allow && this.findings.length > 0) throw new PhiRefusedError(this.findings);
  }
}
