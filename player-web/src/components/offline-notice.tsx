import { useEffect, useRef } from 'react';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';

/**
 * The app opened (from the service worker's cached shell) but the API cannot be reached: say so plainly,
 * offer a retry, and retry by itself as soon as the browser reports the network is back.
 */
export function OfflineNotice({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const online = () => retry.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  return (
    <main className="grid min-h-dvh place-items-center bg-stone-50 px-6">
      <section
        className="w-full max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm"
        data-testid="offline"
      >
        <p className="text-5xl" aria-hidden="true">
          📡
        </p>
        <h1 ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-stone-900 outline-none">
          You’re offline
        </h1>
        <p className="mt-2 text-stone-600">
          Daily Tea needs a connection to load today’s topics and results. We’ll pick up where you left off as
          soon as you’re back online.
        </p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 mt-6 inline-flex rounded-xl px-5 py-2.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
        >
          {retrying ? 'Trying again...' : 'Try again'}
        </button>
      </section>
    </main>
  );
}
