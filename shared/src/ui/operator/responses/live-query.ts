import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../../api-client/client';
import type { ResponseFilter } from '../../../contracts/admin';
import { RESPONSES_REFRESH_MS } from '../../../domain/constants';
import { adminKeys } from '../admin-keys';

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

/**
 * The date's questions and answers as one stamp, from the live stat read of the whole date (the questions'
 * maintained counts: well under a millisecond). It moves with every answer, deletion and question of the date.
 */
function useDateStamp(api: ApiClient, date: string): string | undefined {
  const whole = { date };
  const stats = useLiveQuery(adminKeys.responseStats(whole), () => api.admin.responseStats(whole)).data;
  return stats ? `${stats.totalQuestions}:${stats.totalResponses}` : undefined;
}

/**
 * A read that costs a pass over the selection's answers (charts, the split): as current as `useLiveQuery`, but
 * read again only when the date's stamp moves — a quiet day is read once, however long the tab stays open.
 * Refresh (and a new mount) reads it again regardless.
 */
export function useStampedQuery<T>(
  api: ApiClient,
  filter: ResponseFilter,
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
) {
  const stamp = useDateStamp(api, filter.date);
  return useQuery({
    queryKey: [...queryKey, stamp],
    queryFn,
    enabled: stamp !== undefined,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}
