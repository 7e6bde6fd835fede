import { useMemo, useState } from 'react';
import { atom, createStore, useAtomValue } from 'jotai';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient, type ApiClient } from '../api-client/client';
import { toast } from './toaster';

/**
 * The operator's bearer token (product.md#operators) as a jotai atom in a store owned by the mounted admin or marketing
 * page: components read it with `useAtomValue`, the API client's `getHeaders` reads the same store at request
 * time, and nothing else keeps a copy. The store goes with the page, so a reload or unmount locks again.
 */
const operatorTokenAtom = atom<string | null>(null);

export type OperatorToken = {
  token: string | null;
  setToken(token: string | null): void;
  /** `Authorization: Bearer …` while unlocked (for `createApiClient({ getHeaders })`). */
  authHeaders(): Record<string, string>;
};

export function useOperatorToken(): OperatorToken {
  const [session] = useState(() => {
    const store = createStore();
    return {
      store,
      setToken: (token: string | null) => store.set(operatorTokenAtom, token),
      authHeaders: (): Record<string, string> => {
        const token = store.get(operatorTokenAtom);
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    };
  });
  const token = useAtomValue(operatorTokenAtom, { store: session.store });
  return { token, setToken: session.setToken, authHeaders: session.authHeaders };
}

/** Carried on an operator mutation's `meta`: the product.md#errors destructive toast title shown by the one MutationCache handler. */
export type OperatorMutationMeta = { errorTitle?: string };

export type OperatorSession = {
  token: string | null;
  /** The message the gate shows after a lock (an expired session), or null. */
  notice: string | null;
  /** The client for the gate's unlock call: no credentials. */
  gateApi: ApiClient;
  /** The client for everything behind the gate: the bearer token only, cookies stay out of it. */
  api: ApiClient;
  queryClient: QueryClient;
  unlock(token: string): void;
  /** Forgets the token and everything loaded; `endOnServer` ends the token there too, never waited for. */
  leave(endOnServer: (api: ApiClient) => Promise<unknown>): void;
  lock(): void;
};

/**
 * What the admin and marketing pages share: the token store, the two API clients, and a query client whose
 * caches lock the page with `expiredNotice` on any 401 and toast a mutation's `meta.errorTitle` on other
 * errors. product.md#limits: loaded data never goes stale, no refetch on focus, no polling, no retries.
 */
export function useOperatorSession(opts: { apiBaseUrl?: string; expiredNotice: string }): OperatorSession {
  const baseUrl = opts.apiBaseUrl ?? '';
  const { token, setToken, authHeaders } = useOperatorToken();
  const [notice, setNotice] = useState<string | null>(null);

  // Only stable setters: the query client below keeps the first render's `lock`.
  const lockWith = (message: string | null) => {
    setNotice(message);
    setToken(null);
  };

  const gateApi = useMemo(() => createApiClient({ baseUrl, credentials: 'omit' }), [baseUrl]);
  const api = useMemo(
    () => createApiClient({ baseUrl, credentials: 'omit', getHeaders: authHeaders }),
    [baseUrl, authHeaders],
  );

  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) lockWith(opts.expiredNotice);
          },
        }),
        mutationCache: new MutationCache({
          onError: (error, _vars, _ctx, mutation) => {
            if (error instanceof ApiError && error.status === 401) {
              lockWith(opts.expiredNotice);
              return;
            }
            const meta = mutation.meta as OperatorMutationMeta | undefined;
            if (meta?.errorTitle)
              toast({ title: meta.errorTitle, description: error.message, variant: 'destructive' });
          },
        }),
        defaultOptions: {
          queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
          mutations: { retry: false },
        },
      }),
  );

  return {
    token,
    notice,
    gateApi,
    api,
    queryClient,
    unlock: (next) => {
      queryClient.clear();
      setNotice(null);
      setToken(next);
    },
    leave: (endOnServer) => {
      if (token) void endOnServer(api).catch(() => undefined);
      setToken(null);
      queryClient.clear();
    },
    lock: () => lockWith(null),
  };
}
