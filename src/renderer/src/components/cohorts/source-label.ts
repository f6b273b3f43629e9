import type { CohortSource } from '../../../../shared/domain';

const LABELS: Record<CohortSource, string> = {
  'mimic-iv': 'MIMIC-IV',
  generic: 'Generic CSV',
  demo: 'Demo generator',
  yaib: 'YAIB (ricu)',
};

export function sourceLabel(source: CohortSource): string {
  return LABELS[source];
}
