// Deny-by-default for the app's session: no permission is ever granted, every network
// request that is not the app's own file (or dev server) is cancelled and logged, and
// HTTP responses (the dev server's) get the same CSP the built page carries in <meta>.
import type { Session } from 'electron';
import { contentSecurityPolicy } from '../../shared/content-security-policy';
import type { Logger } from '../log/scoped-logger';
import type { AppOrigin } from './app-origin';

/** Logs where a blocked request went without its query string (which could carry data). */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

export function hardenSession(
  session: Session,
  options: { origin: AppOrigin; devServerOrigin?: string | undefined; log: Logger },
): void {
  const { origin, log } = options;
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn(`denied a request for the "${permission}" permission`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  session.webRequest.onBeforeRequest((details, callback) => {
    if (origin.isAppResource(details.url)) {
      callback({});
      return;
    }
    log.warn(
      `blocked a network request to ${describe(details.url)}: ToE Audit is offline by design`,
    );
    callback({ cancel: true });
  });

  const csp = contentSecurityPolicy({
    delivery: 'header',
    devServerOrigin: options.devServerOrigin,
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}
