/**
 * A real audit run for the report tests: a SYNTHETIC demo cohort in a temp store, the shipped
 * E1 bundle run by the run engine on its test split (one worker, CPU), and helpers that read
 * a PDF back the way an auditor's tools would (poppler's pdftotext and pdftoppm).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunSummary } from '../../../src/main/core/audit/audit-types';
import { startAuditWithValidation } from '../../../src/main/core/audit/validation-run';
import { demoStore } from '../../support/audit-runs';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export async function auditedDemo(
  stays: number,
): Promise<Awaited<ReturnType<typeof demoStore>> & { run: RunSummary }> {
  const demo = await demoStore(stays);
  try {
    // With its validation audit, as `toe audit --split test` does: every policy is scored.
    const run = await startAuditWithValidation(
      demo.store,
      { cohortId: demo.cohortId, task: 'E1', split: 'test', workers: 1 },
      { executionProvider: 'cpu' },
    );
    return { ...demo, run };
  } catch (error) {
    demo.dispose();
    throw error;
  }
}

function poppler(tool: string, args: string[]): string {
  const result = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    throw new Error(
      `${tool} is not installed (${result.error.message}); \`bash scripts/setup.sh --for-tests\` installs poppler-utils.`,
    );
  }
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
}

/** The text of each page, as `pdftotext -layout` lays it out (pages end with a form feed). */
export function pdfPages(path: string): string[] {
  const pages = poppler('pdftotext', ['-layout', path, '-']).split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** Renders every page to `<prefix>-NN.png` at `dpi`. */
export function pdfToPngs(path: string, prefix: string, dpi = 60): void {
  poppler('pdftoppm', ['-png', '-r', String(dpi), path, prefix]);
}

/** Collapses runs of white space, so text wrapped by the layout compares with the source. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Text with every space removed: for quoting free text that PDF line breaking may split
 * where the source had none (after "?" or "/").
 */
export const unspaced = (text: string): string => text.replace(/\s+/g, '');

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
