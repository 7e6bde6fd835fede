import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { DailyTopicsResponse } from '@daily-tea/shared/contracts/daily';
import { paths } from '../config/paths';
import { api } from './api';
import { queryKeys } from './queries';

/**
 * Which game day the play screens show (docs/decisions/0270-history-and-archive.md): today, or a past day opened
 * from the archive. A topic's questions and results read their day through this — the same screens, the same
 * rules, with the past day's data and URLs. The queries are those of dailyTopicsQuery and archiveDayQuery (same keys).
 */
export type DaySource = {
  /** The past day's date; null for today. */
  date: string | null;
  /** The day's topics: GET /api/daily-topics, or GET /api/archive/{date} (the same shape). */
  query: () => { queryKey: QueryKey; queryFn: () => Promise<DailyTopicsResponse> };
  /** That query's key, the same array on every render (effect and memo dependencies). */
  queryKey: QueryKey;
  topicPath: (topicId: string) => string;
  resultsPath: (topicId: string) => string;
  /** Where Back leads from a topic: home, or the past day's topics. */
  backPath: string;
};

const TODAY: DaySource = {
  date: null,
  query: () => ({ queryKey: queryKeys.dailyTopics, queryFn: () => api.dailyTopics() }),
  queryKey: queryKeys.dailyTopics,
  topicPath: paths.topic,
  resultsPath: paths.topicResults,
  backPath: paths.home,
};

const DaySourceContext = createContext<DaySource>(TODAY);

export function useDaySource(): DaySource {
  return useContext(DaySourceContext);
}

/** The play screens below show the past game day `date`. */
export function PastDayProvider({ date, children }: { date: string; children: ReactNode }) {
  const source = useMemo<DaySource>(
    () => ({
      date,
      query: () => ({ queryKey: queryKeys.archiveDay(date), queryFn: () => api.archiveDay(date) }),
      queryKey: queryKeys.archiveDay(date),
      topicPath: (topicId) => paths.archiveTopic(date, topicId),
      resultsPath: (topicId) => paths.archiveTopicResults(date, topicId),
      backPath: paths.archiveDay(date),
    }),
    [date],
  );
  return <DaySourceContext.Provider value={source}>{children}</DaySourceContext.Provider>;
}
