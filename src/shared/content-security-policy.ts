// One Content-Security-Policy for every way the renderer is delivered: the <meta> tag
// the build injects into index.html, the header of the local HTTP server and the header
// Electron adds to dev-server responses. The app is offline, so nothing but its own
// origin is ever allowed.

export type CspDelivery = 'meta' | 'header';

export interface CspOptions {
  delivery: CspDelivery;
  /**
   * The Vite dev server injects <style> tags and talks HMR over a WebSocket; only then are
   * inline styles and that one socket allowed. Never set for built output.
   */
  devServerOrigin?: string | undefined;
}

export function contentSecurityPolicy({ delivery, devServerOrigin }: CspOptions): string {
  const dev = devServerOrigin !== undefined;
  const socket = dev ? ` ${devServerOrigin.replace(/^http/, 'ws')}` : '';
  const directives = [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${socket}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
  // Browsers ignore (and warn about) frame-ancestors in a <meta> tag; only headers carry it.
  if (delivery === 'header') directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}
