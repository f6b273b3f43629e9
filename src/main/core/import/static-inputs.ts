import type { StaticInputSpec } from '../../../shared/domain';
import type { NewStay } from '../store';

/** Longer category lists (MIMIC-IV's care units) are counted, not listed, in the note. */
const MAX_CATEGORIES_LISTED = 3;

/**
 * Counts, per declared static input, the included stays that have a value, and words the
 * count for the import summary: a fixed prior most stays lack is worth knowing before
 * training on it.
 */
export class StaticInputCounts {
  private readonly present: Map<string, number>;
  private stays = 0;

  constructor(private readonly specs: readonly StaticInputSpec[]) {
    this.present = new Map(specs.map((spec) => [spec.name, 0]));
  }

  count(stay: NewStay): void {
    this.stays++;
    for (const name of Object.keys(stay.staticInputs ?? {})) {
      this.present.set(name, (this.present.get(name) ?? 0) + 1);
    }
  }

  /** One sentence for the report, or null when the cohort declares no static inputs. */
  note(): string | null {
    if (this.specs.length === 0) return null;
    const parts = this.specs.map((spec) => {
      const what =
        spec.kind === 'numeric'
          ? spec.unit
          : spec.categories.length <= MAX_CATEGORIES_LISTED
            ? spec.categories.join(' / ')
            : `${spec.categories.length} categories`;
      return `${spec.name} (${what}) for ${this.present.get(spec.name)!}`;
    });
    return `Static inputs, read by the model as fixed priors and never searched: ${parts.join(', ')} of ${this.stays} included stays; a stay without a value has none for that input.`;
  }
}
