import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const NOUN: Record<string, string> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  file: 'bytes',
};

function bound(issue: Issue & { code: 'too_small' | 'too_big' }): string {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  const noun = NOUN[issue.origin];
  if (noun) {
    return `${issue.code === 'too_small' ? 'needs at least' : 'takes at most'} ${String(limit)} ${noun}`;
  }
  if (issue.code === 'too_small') {
    return issue.inclusive === false
      ? `must be greater than ${String(limit)}`
      : `must be at least ${String(limit)}`;
  }
  return issue.inclusive === false
    ? `must be less than ${String(limit)}`
    : `must be at most ${String(limit)}`;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * A validation problem in plain words, for a form to show beside its field ("must be at
 * least 1", not the schema library's "Too small: expected number to be >=1").
 */
export function plainIssue(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_type':
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return `is not a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** Every problem as "path: plain words", joined with "; " (the root named `root`). */
export function describeIssues(issues: readonly Issue[], root: string): string {
  return issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : root}: ${plainIssue(issue)}`)
    .join('; ');
}
