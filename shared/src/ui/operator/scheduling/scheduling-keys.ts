/**
 * Query keys of the scheduler (INTERFACES: the first element is the API path, invalidated by prefix).
 * The topic-and-date question list sits under '/api/admin/topics', so invalidating the topics also
 * refreshes it; the importable list sits under '/api/admin/questions' for the same reason.
 */
export const schedulingKeys = {
  clock: ['/api/admin/clock'] as const,
  topics: ['/api/admin/topics'] as const,
  questions: ['/api/admin/questions'] as const,
  dailyTopicsAll: ['/api/admin/daily-topics'] as const,
  dailyTopics: (date: string) => ['/api/admin/daily-topics', date] as const,
  daysAll: ['/api/admin/days'] as const,
  day: (date: string) => ['/api/admin/days', date] as const,
  topicQuestions: (topicId: string, date: string) =>
    ['/api/admin/topics', topicId, 'questions', date] as const,
  importable: (topicId: string, date: string) =>
    ['/api/admin/questions', 'importable', topicId, date] as const,
  dashboardStats: ['/api/admin/stats/dashboard'] as const,
  responseStatsAll: ['/api/admin/stats/responses'] as const,
  auditAll: ['/api/admin/audit'] as const,
  answersAll: ['/api/admin/answers'] as const,
};
