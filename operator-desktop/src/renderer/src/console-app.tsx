import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Toaster } from '@daily-tea/shared/ui/toaster';
import type { OperatorBridge, Settings } from '../../ipc/contract';
import { diskExportTarget } from './disk-export-target';
import { SettingsScreen } from './settings-screen';

const AdminPage = lazy(() =>
  import('@daily-tea/shared/ui/operator/admin-page').then((m) => ({ default: m.AdminPage })),
);

type View = 'console' | 'settings';

/**
 * The desktop console: the shared operator screens (one unlock, token in memory only) against the API base URL
 * from the settings, with marketing exports written to disk by the main process.
 */
export function ConsoleApp({ bridge }: { bridge: OperatorBridge }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>('console');
  // Changing the API means a different server: remount the console so the old token and caches are dropped.
  const [session, setSession] = useState(0);
  const exportTarget = useMemo(() => diskExportTarget(bridge), [bridge]);

  useEffect(() => {
    void bridge
      .getSettings()
      .then((result) => (result.ok ? setSettings(result.data) : setLoadError(result.message)));
  }, [bridge]);

  if (loadError) return <p className="p-8 text-red-700">Could not read the settings: {loadError}</p>;
  if (!settings) {
    return (
      <div className="grid min-h-screen place-items-center" role="status" aria-label="Loading">
        <span className="border-brand-200 border-t-brand-600 size-8 animate-spin rounded-full border-4" />
      </div>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-4 border-b border-stone-200 bg-white px-6 py-3">
        <div className="flex items-center gap-3">
          <span
            className="bg-brand-600 grid size-9 place-items-center rounded-xl text-lg font-bold text-white"
            aria-hidden
          >
            T
          </span>
          <div>
            <p className="text-sm font-semibold text-stone-900">Daily Tea Operator</p>
            <p className="text-xs text-stone-600" data-testid="api-base-url">
              API {settings.apiBaseUrl}
            </p>
          </div>
        </div>
        <nav className="flex gap-2" aria-label="Console">
          <button
            type="button"
            onClick={() => setView('console')}
            aria-current={view === 'console' ? 'page' : undefined}
            className="focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2"
          >
            Console
          </button>
          <button
            type="button"
            onClick={() => setView('settings')}
            aria-current={view === 'settings' ? 'page' : undefined}
            className="focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2"
          >
            Settings
          </button>
        </nav>
      </header>
      <main className="flex-1">
        {view === 'settings' ? (
          <SettingsScreen
            bridge={bridge}
            settings={settings}
            onSaved={(next) => {
              if (next.apiBaseUrl !== settings.apiBaseUrl) setSession((n) => n + 1);
              setSettings(next);
            }}
          />
        ) : null}
        {/* Kept mounted behind Settings: the console stays unlocked and its unsaved work stays on screen. */}
        <div hidden={view === 'settings'}>
          <Suspense
            fallback={
              <div className="grid min-h-[60vh] place-items-center" role="status" aria-label="Loading">
                <span className="border-brand-200 border-t-brand-600 size-8 animate-spin rounded-full border-4" />
              </div>
            }
          >
            <AdminPage
              key={session}
              apiBaseUrl={settings.apiBaseUrl}
              exportTarget={exportTarget}
              exitLabel="Lock"
            />
          </Suspense>
        </div>
      </main>
      <Toaster />
    </div>
  );
}
