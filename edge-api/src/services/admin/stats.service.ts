import type {
  DashboardStats,
  ResponseFilter,
  ResponseStats,
  UserAnalytics,
} from '@daily-tea/shared/contracts/admin';
import { ACTIVE_USER_WINDOW_DAYS, TOP_COUNTRIES } from '@daily-tea/shared/domain/constants';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { AGE_BRACKETS, AGE_LABELS, GENDERS, GENDER_LABELS } from '@daily-tea/shared/domain/profile';
import type { Deps } from '../../env';
import {
  findDashboardCounts,
  findResponseCounts,
  findStreakEngagement,
  findUserDistributions,
  type CountRow,
} from '../../db/queries/admin/stats.queries';
import {
  findAnswerCountsByQuestion,
  hasDemographicFilter,
} from '../../db/queries/admin/response-analytics.queries';
import { today } from '../play/today';

export const NOT_SPECIFIED = { key: 'not_specified', label: 'Not specified' } as const;

type Distribution = UserAnalytics['gender'];

/** GET /api/admin/stats/dashboard */
export async function getDashboardStats(deps: Deps): Promise<DashboardStats> {
  // Active users: last activity within the 7 game days ending today (product.md#limits).
  const since = addDays(today(deps), -(ACTIVE_USER_WINDOW_DAYS - 1));
  const c = await findDashboardCounts(deps.db, since);
  return {
    totalTopics: c.totalTopics,
    totalQuestions: c.totalQuestions,
    totalUsers: c.totalUsers,
    activeUsers7d: c.activeUsers,
  };
}

/**
 * Known slugs in their canonical order (with their labels, zeros included so charts keep a stable shape),
 * then "Not specified" for missing values when there are any. Unknown stored slugs are shown as they are.
 */
export function slugDistribution(
  rows: CountRow[],
  slugs: readonly string[],
  labels: Record<string, string>,
): Distribution {
  const counts = new Map<string | null, number>(
    rows.map((r) => [r.value === '' ? null : r.value, Number(r.n)]),
  );
  const out: Distribution = slugs.map((slug) => ({
    key: slug,
    label: labels[slug] ?? slug,
    count: counts.get(slug) ?? 0,
  }));
  for (const [value, count] of counts) {
    if (value !== null && !slugs.includes(value)) out.push({ key: value, label: value, count });
  }
  const missing = counts.get(null) ?? 0;
  if (missing > 0) out.push({ ...NOT_SPECIFIED, count: missing });
  return out;
}

/** Top 10 by count, missing countries counted together as "Not specified" (product.md#screens), ties by name. */
function countryDistribution(rows: CountRow[]): Distribution {
  const merged = new Map<string, number>();
  for (const r of rows) {
    const key = r.value?.trim() ? r.value.trim() : NOT_SPECIFIED.label;
    merged.set(key, (merged.get(key) ?? 0) + Number(r.n));
  }
  return [...merged]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_COUNTRIES)
    .map(([name, count]) =>
      name === NOT_SPECIFIED.label ? { ...NOT_SPECIFIED, count } : { key: name, label: name, count },
    );
}

/** GET /api/admin/stats/users — distributions and streak engagement, all from indexed aggregates. */
export async function getUserAnalytics(deps: Deps): Promise<UserAnalytics> {
  const day = today(deps);
  const [dist, streaks] = await Promise.all([
    findUserDistributions(deps.db),
    findStreakEngagement(deps.db, addDays(day, -1)),
  ]);
  // Every user falls in exactly one gender group (NULL included), so the groups add up to the total.
  const totalUsers = dist.gender.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    totalUsers,
    gender: slugDistribution(dist.gender, GENDERS, GENDER_LABELS),
    age: slugDistribution(dist.age, AGE_BRACKETS, AGE_LABELS),
    countries: countryDistribution(dist.country),
    engagement: {
      averageCurrentStreak: totalUsers ? Math.round((streaks.sumCurrent / totalUsers) * 10) / 10 : 0,
      longestStreak: streaks.longestStreak,
      usersWithStreak: streaks.usersWithStreak,
      usersWithStreak7: streaks.usersWithStreak7,
    },
  };
}

/**
 * GET /api/admin/stats/responses — the stat cards under the filter: from the questions' maintained answer counts,
 * or, with a demographic filter, from a GROUP BY of the selection's answers.
 */
export async function getResponseStats(deps: Deps, filter: ResponseFilter): Promise<ResponseStats> {
  const c = hasDemographicFilter(filter)
    ? await countFilteredResponses(deps, filter)
    : await findResponseCounts(deps.db, filter);
  return {
    date: filter.date,
    totalResponses: c.totalResponses,
    questionsAnswered: c.questionsAnswered,
    totalQuestions: c.totalQuestions,
    responseRate: c.totalQuestions ? Math.round((c.questionsAnswered / c.totalQuestions) * 100) : 0,
  };
}

async function countFilteredResponses(deps: Deps, filter: ResponseFilter) {
  const [c, perQuestion] = await Promise.all([
    findResponseCounts(deps.db, filter),
    findAnswerCountsByQuestion(deps.db, filter),
  ]);
  return {
    totalQuestions: c.totalQuestions,
    questionsAnswered: perQuestion.filter((r) => r.n > 0).length,
    totalResponses: perQuestion.reduce((sum, r) => sum + Number(r.n), 0),
  };
}
