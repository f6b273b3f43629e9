import { isAbsolute, relative, resolve } from 'node:path';

/**
 * A path as a report prints it: relative to the working folder when it lies below it, so a
 * report made inside a checkout names no folder of the machine that made it.
 */
export function portablePath(path: string, from = process.cwd()): string {
  const inside = relative(from, resolve(from, path));
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}
