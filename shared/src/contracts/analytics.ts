import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { IsoDateSchema } from './common';

/**
 * The numbers that run a daily product (product.md#operators): activity per game day, weekly
 * retention cohorts and the day's funnel, all read from maintained rollups (ADR 0301).
 */

export const ACTIVITY_MAX_DAYS = 366;
export const RETENTION_MAX_WEEKS = 52;
/** The retention offsets shown: the share of a cohort active on day 1, 7 and 30 after their first game day. */
export const RETENTION_OFFSETS = [1, 7, 30] as const;

/** GET /api/admin/analytics/activity?days=30 */
export const ActivityQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(ACTIVITY_MAX_DAYS, `days must be at most ${ACTIVITY_MAX_DAYS}`)
    .default(30),
});
export const ActivityDaySchema = z.object({
  date: z.string(),
  /** Players who answered at least once that game day. */
  players: z.number().int(),
  /** Of them, players whose first game day it was. */
  newPlayers: z.number().int(),
  answers: z.number().int(),
});
export type ActivityDay = z.infer<typeof ActivityDaySchema>;
export const ActivitySchema = z.object({ days: z.array(ActivityDaySchema) });
export type Activity = z.infer<typeof ActivitySchema>;

/** GET /api/admin/analytics/retention?weeks=8 */
export const RetentionQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int('weeks must be a whole number')
    .min(1, 'weeks must be at least 1')
    .max(RETENTION_MAX_WEEKS, `weeks must be at most ${RETENTION_MAX_WEEKS}`)
    .default(8),
});
const ShareSchema = z.number().min(0).max(1).nullable();
export const RetentionCohortSchema = z.object({
  /** The Monday (a game day) the cohort's week starts on. */
  week: z.string(),
  /** New players whose first game day fell in that week. */
  size: z.number().int(),
  /** Shares 0–1 of the cohort active on day 1, 7 and 30 after their first game day; null while not yet known. */
  d1: ShareSchema,
  d7: ShareSchema,
  d30: ShareSchema,
});
export type RetentionCohort = z.infer<typeof RetentionCohortSchema>;
export const RetentionSchema = z.object({ cohorts: z.array(RetentionCohortSchema) });
export type Retention = z.infer<typeof RetentionSchema>;

/** GET /api/admin/analytics/funnel?date= (default today) */
export const FunnelQuerySchema = z.object({ date: IsoDateSchema.optional() });
export const FunnelSchema = z.object({
  date: z.string(),
  /** Players who opened the day's topics. */
  players: z.number().int(),
  picked: z.number().int(),
  answered: z.number().int(),
  /** Finished the day: every question of as many topics as the day allows. */
  finished: z.number().int(),
  resultsViewed: z.number().int(),
  /** The reminder at the drop: players subscribed at the drop, sent, and who played within an hour of it. */
  reminder: z.object({
    optIns: z.number().int(),
    sent: z.number().int(),
    playedWithinHour: z.number().int(),
  }),
});
export type Funnel = z.infer<typeof FunnelSchema>;
