/**
 * The Electron security checklist, as code: the window's webPreferences, the Content-Security-Policy
 * every app:// response carries, and the guards that keep the window on the app's own pages.
 * Electron objects are passed in as narrow interfaces so all of it runs under vitest.
 */

/** The scheme and host the renderer is served from; the API admits exactly this origin (edge-api env). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'daily-tea';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

/**
 * The renderer may load only its own files and talk only to the configured API. Inline styles are allowed
 * because the capture library writes computed styles into a cloned document; scripts are never inline.
 * Images may come from https (question images) and from blob:/data: (previews of exported PNGs).
 */
export function contentSecurityPolicy(apiBaseUrl: string): string {
  const apiOrigin = new URL(apiBaseUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin}`,
    // 'self', not 'none': the capture library clones the document and sets its base URI to the app's own URL.
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The part of Electron's WebContents the guards use. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url: string }, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * No navigation away from the app, no redirects, no new windows, no <webview>. Links to https pages open in the
 * system browser instead of inside the privileged window.
 */
export function guardWebContents(
  contents: GuardedContents,
  isAppUrl: (url: string) => boolean,
  openExternal: (url: string) => void,
): void {
  const keepInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', keepInApp);
  contents.on('will-redirect', keepInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (URL.canParse(url) && new URL(url).protocol === 'https:') openExternal(url);
    return { action: 'deny' };
  });
}
