import { useEffect } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import { RESULTS_RELOAD_DELAY_MS, RESULTS_RELOAD_EXTRA_MS } from '@daily-tea/shared/domain/constants';
import { useDaySource } from '../../../lib/day-source';
import { queryKeys, questionResultsQuery } from '../../../lib/queries';

/** The topic with its questions (and the user's answers) from its day's topics (today's, or a past day's). */
export function useResultsTopic(topicId: string) {
  const query = useQuery(useDaySource().query());
  const topic: DailyTopic | undefined = query.data?.topics.find((t) => t.id === topicId);
  return { query, topic };
}

export function useQuestionResults(questionIds: readonly string[]) {
  return useQueries({ queries: questionIds.map((id) => questionResultsQuery(id)) });
}

/**
 * product.md#flows: after results are requested, reload once more 800 ms later (today's topics, so the last
 * answer's state is current) and again 200 ms after that (the results, so counters include the
 * answer that was just written).
 */
export function useResultsReload(questionIds: readonly string[]) {
  const queryClient = useQueryClient();
  const { queryKey: dayKey } = useDaySource();
  const idsKey = questionIds.join('|');
  useEffect(() => {
    const ids = idsKey === '' ? [] : idsKey.split('|');
    const topicsTimer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: dayKey });
    }, RESULTS_RELOAD_DELAY_MS);
    // One timer per question, so one task each (ADR 0276): started from one task, the three requests made one task
    // of 2–37 ms on this machine, the longer ones while it was loaded.
    const resultsTimers = ids.map((id) =>
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.questionResults(id) });
      }, RESULTS_RELOAD_DELAY_MS + RESULTS_RELOAD_EXTRA_MS),
    );
    return () => {
      clearTimeout(topicsTimer);
      for (const timer of resultsTimers) clearTimeout(timer);
    };
  }, [queryClient, idsKey, dayKey]);
}

/**
 * Starts loading a finished topic's results as soon as today's topics name its questions — in the urgent
 * render's effect, before the results screen itself mounts in its deferred render — so the requests are not
 * held back by that render.
 */
export function usePrefetchResults(topic: DailyTopic | undefined) {
  const queryClient = useQueryClient();
  const idsKey = topic?.showResults ? topic.questions.map((q) => q.id).join('|') : '';
  useEffect(() => {
    if (idsKey === '') return;
    for (const id of idsKey.split('|')) void queryClient.prefetchQuery(questionResultsQuery(id));
  }, [queryClient, idsKey]);
}
