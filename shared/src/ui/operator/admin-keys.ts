import type { ResponseFilter } from '../../contracts/admin';
import type { OperatorMutationMeta } from '../operator-token';

/**
 * Query keys of the admin screens. The first element is the API path (INTERFACES), so prefix
 * invalidation reaches every variant of a list (e.g. all pages of users).
 */
export const adminKeys = {
  clock: ['/api/admin/clock'] as const,
  topics: ['/api/admin/topics'] as const,
  questions: ['/api/admin/questions'] as const,
  dashboardStats: ['/api/admin/stats/dashboard'] as const,
  userAnalytics: ['/api/admin/stats/users'] as const,
  /** Every Response Analytics aggregate (cards, charts, split): one prefix refreshes them all. */
  responseStatsAll: ['/api/admin/stats/responses'] as const,
  responseStats: (filter: ResponseFilter) => ['/api/admin/stats/responses', filter] as const,
  responseQuestions: (filter: ResponseFilter) => ['/api/admin/stats/responses', 'questions', filter] as const,
  responseDemographics: (filter: ResponseFilter) =>
    ['/api/admin/stats/responses', 'demographics', filter] as const,
  usersAll: ['/api/admin/users'] as const,
  users: (page: { limit: number; offset: number }) => ['/api/admin/users', page] as const,
  answersAll: ['/api/admin/answers'] as const,
  answers: (query: { date: string; questionId: string | null; limit: number; offset: number }) =>
    ['/api/admin/answers', query] as const,
  auditAll: ['/api/admin/audit'] as const,
  audit: (page: { limit: number; offset: number; actor?: string | undefined }) =>
    ['/api/admin/audit', page] as const,
  dailyTopicsAll: ['/api/admin/daily-topics'] as const,
  sampleMakeupAll: ['/api/admin/analytics/sample'] as const,
  sampleMakeup: (date: string, questionId: string | null) =>
    ['/api/admin/analytics/sample', date, questionId] as const,
};

/** Carried on a mutation's `meta`: the product.md#errors destructive toast title shown by the one MutationCache handler. */
export type AdminMutationMeta = OperatorMutationMeta;
