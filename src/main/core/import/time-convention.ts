import { timeConventionOf, type CsvRow, type TimeConvention } from './csv-reader';
import { InputError, shown } from '../errors/input-error';

/** Where a folder's convention was set: the first date-time the import read. */
interface ConventionSource {
  convention: TimeConvention;
  file: string;
  line: number;
  field: string;
}

/**
 * One import's time-zone convention. Zone-less times are read as UTC, so a folder that mixes
 * them with offsets shifts some times by hours without a word; the first date-time read sets
 * the convention and every later one must follow it (Z, being UTC, fits either). Create one per import run.
 */
export class FolderTimeConvention {
  private source: ConventionSource | null = null;

  /** Checks (or, for the first, records) the date-time in `field` of a row parseTimestamp read. */
  check(file: string, row: CsvRow, field: string): void {
    const raw = row.get(field);
    const convention = timeConventionOf(raw);
    if (convention !== null && this.source === null) {
      this.source = { convention, file, line: row.line, field };
      return;
    }
    const problem = this.conflict(raw);
    if (problem !== null) throw new InputError(file, row.line, field, problem);
  }

  /**
   * The problem with a date-time against the convention already set, or null when it follows
   * it or none is set yet. For readers that report through their own row (the fast path).
   */
  conflict(raw: string): string | null {
    const source = this.source;
    if (source === null) return null;
    const convention = timeConventionOf(raw);
    if (convention === null || convention === source.convention) return null;
    const set = `${source.file}:${source.line}, field "${source.field}"`;
    return (
      `${shown(raw.trim())} is ${convention === 'with offset' ? 'written with a time-zone offset' : 'zone-less'}, ` +
      `but this folder's times are ${source.convention} (set by ${set}); ` +
      'write every time of the folder with an offset, or none'
    );
  }
}
