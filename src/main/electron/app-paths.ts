// Where the desktop app's files are, built (out/) or packaged by electron-builder. No
// Electron imports: index.ts passes app.isPackaged and process.resourcesPath, so this is
// unit-testable under Node.
import { join } from 'node:path';
import type { ShippedResources } from '../core/shipped-resources';

export interface AppLocation {
  /** app.isPackaged: running from an installer, not from a checkout's out/. */
  isPackaged: boolean;
  /** process.resourcesPath: the installer's resources folder (app.asar and extraResources). */
  resourcesPath: string;
  /** The main bundle's folder (import.meta.dirname of out/main/index.js). */
  mainDir: string;
}

export interface AppPaths {
  rendererDir: string;
  preloadPath: string;
  resources: ShippedResources;
}

export function appPaths({ isPackaged, resourcesPath, mainDir }: AppLocation): AppPaths {
  // electron-builder.yml copies resources/models and resources/fonts into the installer's
  // resources folder as real files (extraResources); a checkout keeps them two levels above
  // out/main. The renderer and preload stay beside the main bundle (in app.asar when packaged).
  const resourcesDir = isPackaged ? resourcesPath : join(mainDir, '..', '..', 'resources');
  return {
    rendererDir: join(mainDir, '..', 'renderer'),
    preloadPath: join(mainDir, '..', 'preload', 'index.cjs'),
    resources: { modelsDir: join(resourcesDir, 'models'), fontsDir: join(resourcesDir, 'fonts') },
  };
}
