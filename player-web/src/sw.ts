/// <reference lib="webworker" />
/**
 * The player app's service worker (vite-plugin-pwa, `injectManifest`): precaches the app shell (index.html
 * and the player's hashed scripts, styles and icons) so the app opens without a network and shows its own
 * offline state. Navigations get the cached shell; the API is never cached — /api requests are not routed
 * here at all, so they always go to the network and fail honestly when it is gone.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPushHandlers } from './sw-push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route (/, /topics/…, /profile-setup, /admin …) boots from the one shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/__/],
  }),
);

// The reminder at the drop: show the pushed notification, open the app on click.
installPushHandlers(self);

// A new deploy takes over at once (registerType "autoUpdate"): the shell and its hashed assets change together.
void self.skipWaiting();
clientsClaim();
