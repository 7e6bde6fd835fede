import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchForEntry } from '../lib/entry-prefetch';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { AppRouter, entryReady } from './router';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The entry URL's data is asked for at once (a results URL: today's topics, then its results), not at the first
// render, which on a results URL waits for that screen's code (router.tsx entryReady); elsewhere it is at once.
const queryClient = createQueryClient();
prefetchForEntry(queryClient, location.pathname);
void entryReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider client={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);

// Installable app (vite-plugin-pwa): the service worker is registered a moment after the first load, off the
// critical path (on a results URL `load` comes before the results have painted); its code is a separate chunk.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    setTimeout(() => {
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    }, 2000);
  });
}
