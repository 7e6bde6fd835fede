import { QueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * SPEC §9 defaults: data never goes stale, no refetch on window focus, no polling, no retries for loads or
 * changes. The default loader GETs the query key's segments joined with "/" (SPEC §7), so
 * `['/api/daily-topics']` loads /api/daily-topics. Results cards override staleness and polling themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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

export const USER_KEY = ['/api/user'] as const;
export const DAILY_TOPICS_KEY = ['/api/daily-topics'] as const;
export const BADGES_KEY = ['/api/user/badges'] as const;
