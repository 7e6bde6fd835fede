import { queryOptions } from '@tanstack/react-query';
import { RESULTS_REFETCH_MS, RESULTS_STALE_MS } from '@daily-tea/shared/domain/constants';
import { api } from './api';

/**
 * One key factory and one `queryOptions` per player endpoint: every reader (`useQuery`, `fetchQuery`,
 * `useQueries`) and every invalidation goes through these, so a key is never written twice. Keys are the
 * endpoint's path segments.
 */
export const queryKeys = {
  user: ['/api/session'] as const,
  badges: ['/api/user/badges'] as const,
  dailyTopics: ['/api/daily-topics'] as const,
  questionResults: (questionId: string) => ['/api/questions', questionId, 'results'] as const,
  crowdSense: ['/api/crowd-sense'] as const,
  recap: ['/api/recap'] as const,
  health: ['/api/health'] as const,
  friends: ['/api/friends'] as const,
  friendsLeaderboard: ['/api/friends', 'leaderboard'] as const,
  friendInvites: ['/api/friends', 'invites'] as const,
  invitePreview: (code: string) => ['/api/friends', 'invites', code] as const,
  stats: ['/api/me/stats'] as const,
  archive: ['/api/archive'] as const,
  archiveDay: (date: string) => ['/api/archive', date] as const,
  methodology: ['/api/methodology'] as const,
};

/** The signed-in user, or null: GET /api/session (a 200 either way; /api/user would answer 401). */
export const userQuery = () => queryOptions({ queryKey: queryKeys.user, queryFn: () => api.session() });

/** GET /api/user/badges */
export const badgesQuery = () => queryOptions({ queryKey: queryKeys.badges, queryFn: () => api.badges() });

/** GET /api/daily-topics: today's topics with the player's selection and answers. */
export const dailyTopicsQuery = () =>
  queryOptions({ queryKey: queryKeys.dailyTopics, queryFn: () => api.dailyTopics() });

/** GET /api/questions/:id/results: the only queries that go stale (30 s) and poll (60 s), product.md#limits. */
export const questionResultsQuery = (questionId: string) =>
  queryOptions({
    queryKey: queryKeys.questionResults(questionId),
    queryFn: () => api.questionResults(questionId),
    staleTime: RESULTS_STALE_MS,
    refetchInterval: RESULTS_REFETCH_MS,
  });

/** GET /api/crowd-sense: right guesses over the last 30 game days and in total. */
export const crowdSenseQuery = () =>
  // Moves whenever results are first seen elsewhere in the app: read again on each visit home.
  queryOptions({ queryKey: queryKeys.crowdSense, queryFn: () => api.crowdSense(), staleTime: 0 });

/** GET /api/recap: the finished day's recap (409 before the day is finished, so only asked for after). */
export const recapQuery = () =>
  queryOptions({ queryKey: queryKeys.recap, queryFn: () => api.recap(), staleTime: 0 });

/** GET /api/friends: each friend's streak, played today and the friend streak. */
export const friendsQuery = () =>
  // Friends play while the screen is away: read again on each visit.
  queryOptions({ queryKey: queryKeys.friends, queryFn: () => api.friends.list(), staleTime: 0 });

/** GET /api/friends/leaderboard?period=week: the player and their friends over the last 7 game days. */
export const friendsLeaderboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.friendsLeaderboard,
    queryFn: () => api.friends.leaderboard(),
    staleTime: 0,
  });

/** GET /api/friends/invites: the player's invites that still work. */
export const friendInvitesQuery = () =>
  queryOptions({ queryKey: queryKeys.friendInvites, queryFn: () => api.friends.invites() });

/** GET /api/friends/invites/:code: who an invite is from (before signing up or in). */
export const invitePreviewQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.invitePreview(code), queryFn: () => api.friends.previewInvite(code) });

/** GET /api/me/stats: the player's history (docs/decisions/0270-history-and-archive.md); fresh on every visit. */
export const statsQuery = () =>
  queryOptions({ queryKey: queryKeys.stats, queryFn: () => api.stats(), staleTime: 0 });

/** GET /api/health: the server's game day, time zone and day-start hour (when the next topics drop). */
export const healthQuery = () => queryOptions({ queryKey: queryKeys.health, queryFn: () => api.health() });
