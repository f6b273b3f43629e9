import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * One store for the CLI, the server and the desktop app: --db, else TOE_DB, else the
 * platform's application-data folder (the same folder Electron's userData points at).
 */
export function defaultStorePath(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.TOE_DB) return env.TOE_DB;
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  return join(base, 'ToE Audit', 'toe-audit.sqlite');
}
