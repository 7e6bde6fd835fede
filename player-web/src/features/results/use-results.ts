import { useEffect } from 'react';
import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import {
  RESULTS_REFETCH_MS,
  RESULTS_RELOAD_DELAY_MS,
  RESULTS_RELOAD_EXTRA_MS,
  RESULTS_STALE_MS,
} from '@daily-tea/shared/domain/constants';
import { api } from '../../lib/api';

/** The one key of today's topics (shared with the home screen's cache). */
export const dailyTopicsKey = ['/api/daily-topics'] as const;

export const dailyTopicsQuery = () =>
  queryOptions({ queryKey: dailyTopicsKey, queryFn: () => api.dailyTopics() });

/** Results of one question: the only queries that go stale (30 s) and poll (60 s), SPEC §9. */
export const questionResultsQuery = (questionId: string) =>
  queryOptions({
    queryKey: ['/api/questions', questionId, 'results'] as const,
    queryFn: () => api.questionResults(questionId),
    staleTime: RESULTS_STALE_MS,
    refetchInterval: RESULTS_REFETCH_MS,
  });

/** The topic with its questions (and the user's answers) from today's topics. */
export function useResultsTopic(topicId: string) {
  const query = useQuery(dailyTopicsQuery());
  const topic: DailyTopic | undefined = query.data?.topics.find((t) => t.id === topicId);
  return { query, topic };
}

export function useQuestionResults(questionIds: readonly string[]) {
  return useQueries({ queries: questionIds.map((id) => questionResultsQuery(id)) });
}

/**
 * SPEC §4: after results are requested, reload once more 800 ms later (today's topics, so the last
 * answer's state is current) and again 200 ms after that (the results, so counters include the
 * answer that was just written).
 */
export function useResultsReload(questionIds: readonly string[]) {
  const queryClient = useQueryClient();
  const idsKey = questionIds.join('|');
  useEffect(() => {
    const ids = idsKey === '' ? [] : idsKey.split('|');
    const topicsTimer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: dailyTopicsKey });
    }, RESULTS_RELOAD_DELAY_MS);
    const resultsTimer = setTimeout(() => {
      for (const id of ids)
        void queryClient.invalidateQueries({ queryKey: questionResultsQuery(id).queryKey });
    }, RESULTS_RELOAD_DELAY_MS + RESULTS_RELOAD_EXTRA_MS);
    return () => {
      clearTimeout(topicsTimer);
      clearTimeout(resultsTimer);
    };
  }, [queryClient, idsKey]);
}
