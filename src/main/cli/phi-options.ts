import { Option } from 'commander';
import type { PhiFinding } from '../../shared/domain';
import { writtenCount } from '../../shared/counted';

/**
 * --phi-false-alarm MARK, repeatable: one finding of a refusal that is not an identifier,
 * by the mark the refusal lists (file:line:field:start). Imports and reviews take it alike.
 */
export function falseAlarmOption(where: string): Option {
  return new Option(
    '--phi-false-alarm <mark>',
    `a finding in ${where} that is not an identifier, by the mark the refusal lists (file:line:field:start); repeat for several`,
  )
    .argParser((mark: string, marks: string[]) => [...marks, mark])
    .default([]);
}

/**
 * Every listed finding on a line of its own, its mark first, ready for --phi-false-alarm;
 * `total` counts the findings not listed too. Ends with a newline.
 */
export function phiFindingLines(findings: readonly PhiFinding[], total: number): string {
  const lines = findings.map((f) => `  ${f.mark}  ${f.kind}  ${f.excerpt}`);
  const unlisted = total - findings.length;
  if (unlisted > 0) lines.push(`  … and ${writtenCount(unlisted)} more not listed`);
  return `Findings (mark, kind, masked text):\n${lines.join('\n')}\n`;
}
