/**
 * The file moved to core/errors, below every layer that throws it (jobs, calibration, compare
 * have no business importing the importers); this re-export keeps the importers' own imports.
 */
export { EXCERPT_CHARS, InputError, shown } from '../errors/input-error';
