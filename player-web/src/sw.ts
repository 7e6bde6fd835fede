/// <reference lib="webworker" />
/**
 * The player app's service worker (vite-plugin-pwa, `injectManifest`): precaches the app shell (index.html
 * and the player's hashed scripts, styles and icons) so the app opens without a network and shows its own
 * offline state. Navigations get the cached shell; the API is never cached — /api requests are not routed
 * here at all, so they always go to the network and fail honestly when it is gone.
 * Issue 17 adds the `push` / `notificationclick` handlers to this file.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route (/, /topics/…, /profile-setup, /admin …) boots from the one shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/__/],
  }),
);

// A new deploy takes over at once (registerType "autoUpdate"): the shell and its hashed assets change together.
void self.skipWaiting();
clientsClaim();
