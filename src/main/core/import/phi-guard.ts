/**
 * The import's guard against identifiers in note text: it refuses the import, naming where
 * each possible identifier was found (masked), unless the user overrides. Detection lives in
 * core/phi; this is no substitute for a de-identification pipeline.
 */
import type { PhiFinding } from '../../../shared/domain';
import { detectPhi } from '../phi/detect';

export type { PhiFinding };

function mask(text: string): string {
  if (text.length <= 4) return '*'.repeat(text.length);
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`;
}

/** Scans one note for identifiers; de-identification placeholders ("___") never match. */
export function findPhi(text: string, file: string, line: number): PhiFinding[] {
  return detectPhi(text).map((span) => ({
    file,
    line,
    kind: span.kind,
    excerpt: mask(text.slice(span.start, span.end)),
  }));
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
