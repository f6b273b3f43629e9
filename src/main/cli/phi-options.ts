import { Option } from 'commander';

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
