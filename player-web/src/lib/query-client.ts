import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@daily-tea/shared/ui/toaster';
import { api } from './api';

/** Carried on a mutation's `meta`: the product.md#errors toast title, shown by the one MutationCache handler. */
export type PlayerMutationMeta = {
  errorTitle?: string;
  /** Errors the screen answers itself (e.g. "Already answered" moves on): no toast for these. */
  isExpectedError?: (error: Error) => boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: PlayerMutationMeta;
  }
}

/**
 * product.md#limits defaults: data never goes stale, no refetch on window focus, no polling, no retries for loads or
 * changes. The default loader GETs the query key's segments joined with "/" (product.md#endpoints); every player query
 * still names its loader through its `queryOptions` (see `lib/queries.ts`), so the key and fetcher live
 * together. Mutation errors are toasted once, here, with the title each mutation carries in `meta`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (!meta?.errorTitle || meta.isExpectedError?.(error)) return;
        toast({ title: meta.errorTitle, description: error.message, variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => api.getByKey(queryKey),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
