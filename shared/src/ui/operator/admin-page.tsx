import { useMemo, useState } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, createApiClient } from '../../api-client/client';
import type { ExportTarget } from '../export-target';
import { useOperatorToken } from '../operator-token';
import { toast } from '../toaster';
import { AdminConsole } from './admin-console';
import { AdminGate } from './admin-gate';
import type { AdminMutationMeta } from './admin-keys';

export type AdminPageProps = {
  exportTarget: ExportTarget;
  /** '' (default) for the same-origin web app; the API origin in the desktop console. */
  apiBaseUrl?: string;
  /** Leaves the admin area ("Back to Home" on the gate, "Exit Admin" in the console). Without it, exit locks. */
  onExit?: () => void;
  exitLabel?: string;
};

const EXPIRED_NOTICE = 'Your admin session has expired. Please enter the password again.';

/**
 * The admin area: server-checked password gate, then the console. The bearer token lives only in this
 * page's jotai store (useOperatorToken, DESIGN §6), so a reload or unmount locks it again.
 */
export function AdminPage(props: AdminPageProps) {
  const baseUrl = props.apiBaseUrl ?? '';
  const { token, setToken, authHeaders } = useOperatorToken();
  const [notice, setNotice] = useState<string | null>(null);

  // Only stable setters: the query client below keeps the first render's `lock`.
  const lock = (message: string | null) => {
    setNotice(message);
    setToken(null);
  };

  const gateApi = useMemo(() => createApiClient({ baseUrl, credentials: 'omit' }), [baseUrl]);
  const api = useMemo(
    () =>
      createApiClient({
        baseUrl,
        // The bearer token is the only credential the admin routes need; cookies stay out of it.
        credentials: 'omit',
        getHeaders: authHeaders,
      }),
    [baseUrl, authHeaders],
  );

  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) lock(EXPIRED_NOTICE);
          },
        }),
        mutationCache: new MutationCache({
          onError: (error, _vars, _ctx, mutation) => {
            if (error instanceof ApiError && error.status === 401) {
              lock(EXPIRED_NOTICE);
              return;
            }
            const meta = mutation.meta as AdminMutationMeta | undefined;
            if (meta?.errorTitle)
              toast({ title: meta.errorTitle, description: error.message, variant: 'destructive' });
          },
        }),
        defaultOptions: {
          // SPEC §9: loaded data never goes stale, no refetch on focus, no polling, no retries.
          queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
          mutations: { retry: false },
        },
      }),
  );

  const exit = props.onExit ?? (() => lock(null));

  return (
    <QueryClientProvider client={queryClient}>
      {token ? (
        <AdminConsole
          api={api}
          exportTarget={props.exportTarget}
          exitLabel={props.exitLabel ?? 'Exit Admin'}
          onExit={() => {
            // The token ends on the server too (issue 13); leaving never waits for it.
            void api.admin.endSession().catch(() => undefined);
            setToken(null);
            queryClient.clear();
            exit();
          }}
        />
      ) : (
        <AdminGate
          api={gateApi}
          notice={notice}
          onBack={props.onExit}
          onUnlocked={(result) => {
            queryClient.clear();
            setNotice(null);
            setToken(result.token);
          }}
        />
      )}
    </QueryClientProvider>
  );
}
