import type { ImportReport } from '../../../../shared/domain';
import type { Store } from '../../store';
import type { ImportOptions } from '../import-options';

/** Placeholder until the importer lands: fails loudly rather than pretending. */
export async function importMimicIv(_store: Store, _dir: string, _options: ImportOptions): Promise<ImportReport> {
  throw new Error('This importer is not built yet.');
}
