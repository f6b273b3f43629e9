// The app itself: version, store and transport, and the model bundles it ships (or a
// folder of bundles named by the caller).
import { resolve } from 'node:path';
import type { BundleSummary } from '../../../../shared/model-bundles';
import { APP_VERSION } from '../../app-version';
import { listBundles } from '../../models';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import { UnavailableError } from '../unavailable-error';

export function appHandlers({
  store,
  transport,
  resources = CHECKOUT_RESOURCES,
}: HandlerContext): HandlerGroup<'app.info' | 'models.list' | 'folders.choose'> {
  // Verifying a bundle hashes every file (megabytes); the shipped ones do not change while
  // the app runs, so they are verified once per launch.
  let bundles: BundleSummary[] | null = null;
  return {
    'app.info': async () => ({ version: APP_VERSION, dbPath: store.path, transport }),
    'models.list': async ({ dir }) =>
      dir === undefined
        ? (bundles ??= listBundles(resources.modelsDir))
        : listBundles(resolve(dir)),
    // The desktop transport replaces this with its native dialog (electron/folder-dialog.ts).
    'folders.choose': async () => {
      throw new UnavailableError(
        "Choosing a folder needs the desktop app. Here, type the folder's path: toe serve reads it on this computer.",
      );
    },
  };
}
