import { QueryClientProvider } from '@tanstack/react-query';
import { BRAND } from '../../brand';
import type { ExportTarget } from '../export-target';
import { useConsoleDocument } from '../console-document';
import { useOperatorSession } from '../operator-token';
import { MarketingGate } from './marketing-gate';
import { MarketingGenerator } from './marketing-generator';
import { TeaCup } from '../tea-cup';

export type MarketingPageProps = {
  exportTarget: ExportTarget;
  /** '' (default) for the same-origin web app; the API origin in the desktop console. */
  apiBaseUrl?: string;
  /** Leaves the marketing area ("Back to Home" / "Exit"). Without it, exit only locks. */
  onExit?: () => void;
};

const EXPIRED_NOTICE = 'Your marketing session has expired. Please enter the password again.';

/**
 * /marketing: the server-checked gate, then the generator. The bearer token lives only in this page's jotai
 * store (useOperatorSession, product.md#operators), so a reload or unmount locks the tools again.
 */
export function MarketingPage(props: MarketingPageProps) {
  useConsoleDocument();
  const session = useOperatorSession({ apiBaseUrl: props.apiBaseUrl, expiredNotice: EXPIRED_NOTICE });
  const { token, api, queryClient } = session;

  const exit = () => {
    session.leave((client) => client.marketing.endSession());
    props.onExit?.();
  };

  return (
    <QueryClientProvider client={queryClient}>
      {token ? (
        <div className="min-h-screen bg-slate-100">
          <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
            <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="bg-brand-700 flex size-9 shrink-0 items-center justify-center rounded-xl"
                >
                  <TeaCup color="#fcb84d" size={24} />
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-bold text-slate-900">{BRAND.name}</p>
                  <h1 className="truncate text-xs font-normal text-slate-600">Marketing Tools</h1>
                </div>
              </div>
              <button
                type="button"
                onClick={exit}
                className="focus-visible:outline-brand-600 inline-flex h-9 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                {props.onExit ? 'Exit' : 'Lock'}
              </button>
            </div>
          </header>
          <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
            <MarketingGenerator api={api} exportTarget={props.exportTarget} />
          </main>
        </div>
      ) : (
        <MarketingGate
          api={session.gateApi}
          notice={session.notice}
          onBack={props.onExit}
          onUnlocked={(result) => session.unlock(result.token)}
        />
      )}
    </QueryClientProvider>
  );
}
