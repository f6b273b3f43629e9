/**
 * How a transport opens the store it serves, beside the calls themselves: the server and the
 * CLI choose the file (--db, TOE_DB, the app-data folder) and how it may be used, then reach
 * everything else through the contract. A refusal on opening becomes the same payload a call's
 * refusal is (toErrorPayload), so a transport words and codes both alike.
 */
import { Store } from '../store';

export { APP_VERSION } from '../app-version';
export { defaultStorePath } from '../store/default-path';
export { toErrorPayload } from './dispatch';
export type { Store };

/**
 * 'write': opened (created if missing) and checked in full when small; a file that cannot be
 * written opens read-only, with its reason. 'read': the same, but a missing store is refused
 * rather than created. 'inspect': as found, read-only, not checked or upgraded on open, so a
 * damaged or older store can be checked or copied as it is.
 */
export type StoreAccess = 'write' | 'read' | 'inspect';

export function openStore(path: string, access: StoreAccess): Store {
  if (access === 'inspect') return Store.forInspection(path);
  return new Store(path, { verify: true, mustExist: access === 'read' });
}
