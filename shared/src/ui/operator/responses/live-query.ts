import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../../api-client/client';
import type { ResponseFilter } from '../../../contracts/admin';
import { RESPONSES_REFRESH_MS } from '../../../domain/constants';

/** What every Response Analytics panel is given: the API and the one filter they all follow. */
export type PanelProps = { api: ApiClient; filter: ResponseFilter };

/**
 * A Response Analytics read that stays current: read again on mount, on focus and every 30 seconds while the
 * tab is on screen (the console's other reads are cached until something invalidates them). While a new
 * filter loads, the previous figures stay in place (dimmed by the panel), so nothing jumps.
 */
export function useLiveQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: RESPONSES_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
