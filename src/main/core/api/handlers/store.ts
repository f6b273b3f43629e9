// The store itself: `store.check` checks the file the handlers were created with, without
// changing it; `store.backup` copies it to a new file where the caller says. Writing to a path
// the caller chose is for the transports that act for the user at this computer (the desktop
// app, `toe`); over HTTP a page must not make the core write files, so it is refused there.
import { backupStore } from '../../store/store-backup';
import { shellQuote } from '../../store/store-errors';
import { checkStore } from '../../store/store-check';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import { UnavailableError } from '../unavailable-error';

export function storeHandlers({
  store,
  transport,
}: HandlerContext): HandlerGroup<'store.check' | 'store.backup'> {
  return {
    // The check opens its own read-only connection to the file (SQLite's WAL lets it read
    // beside this one), so it sees the file as it is, not this connection's view of it.
    'store.check': async () => checkStore(store.path),
    'store.backup': async ({ target }) => {
      if (transport === 'http') {
        throw new UnavailableError(
          `A backup writes a file on this computer, which the browser page may not ask for. Run \`toe store backup --db ${shellQuote(store.path)} COPY.sqlite\`, or use the desktop app.`,
        );
      }
      return backupStore(store.path, target);
    },
  };
}
