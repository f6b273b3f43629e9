/**
 * Command-line options read from the contract's argument schemas: a value is checked by the
 * same zod schema as over IPC and HTTP, and its help text states the schema's range and
 * default, so nothing about an argument is restated in the CLI.
 */
import { InvalidArgumentError, Option } from 'commander';
import { z } from 'zod';
import { calls, type CallName } from '../../shared/contract';
import { describeIssues } from '../../shared/validation-issues';

/** The schema of one argument of a call, without its optional/default wrappers. */
function argumentSchema(call: CallName, field: string): { schema: z.ZodType; fallback: unknown } {
  const args = calls[call].args;
  if (!(args instanceof z.ZodObject)) throw new Error(`${call} takes no named arguments`);
  let schema = (args.shape as Record<string, z.ZodType | undefined>)[field];
  if (schema === undefined) throw new Error(`${call} has no argument "${field}"`);
  let fallback: unknown = undefined;
  for (;;) {
    if (schema instanceof z.ZodDefault) {
      fallback = schema.def.defaultValue;
      schema = schema.unwrap() as z.ZodType;
    } else if (schema instanceof z.ZodOptional) {
      schema = schema.unwrap() as z.ZodType;
    } else {
      return { schema, fallback };
    }
  }
}

/** "a whole number from 10 to 100000", "a number above 0 and at most 1", "one of a, b". */
export function rangeWords(schema: z.ZodType): string | null {
  if (schema instanceof z.ZodNumber) {
    const kind = schema.isInt ? 'a whole number' : 'a number';
    const { minValue: min, maxValue: max } = schema;
    const bounded = (value: number | null) => value !== null && Number.isFinite(value);
    if (bounded(min) && bounded(max)) return `${kind} from ${min} to ${max}`;
    if (bounded(min)) return `${kind} of at least ${min}`;
    if (bounded(max)) return `${kind} of at most ${max}`;
    return kind;
  }
  if (schema instanceof z.ZodEnum) return `one of ${schema.options.join(', ')}`;
  return null;
}

/**
 * `--stays <n>` for `cohorts.createDemo`'s `stays`: parsed and checked by that schema, with
 * its default, and the range in the help text.
 */
export function contractOption(
  call: CallName,
  field: string,
  flags: string,
  description: string,
): Option {
  const { schema, fallback } = argumentSchema(call, field);
  const range = rangeWords(schema);
  const option = new Option(flags, range ? `${description}: ${range}` : description);
  // Commander checks a list of choices itself, naming them in its refusal.
  if (schema instanceof z.ZodEnum) option.choices(schema.options.map(String));
  else {
    option.argParser((raw: string) => {
      const value = schema instanceof z.ZodNumber && raw.trim() !== '' ? Number(raw) : raw;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        throw new InvalidArgumentError(
          `${describeIssues(parsed.error.issues, field)}${range ? ` (expected ${range})` : ''}`,
        );
      }
      return parsed.data;
    });
  }
  if (fallback !== undefined) option.default(fallback);
  return option;
}
