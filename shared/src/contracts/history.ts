import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { ARCHIVE_PAGE_DEFAULT, ARCHIVE_PAGE_MAX } from '../domain/history';
import { IsoDateSchema, TimestampSchema } from './common';
import { GuessTallySchema } from './crowd';

/** One game day of the player's calendar: answered on its day, or covered by a streak freeze. */
export const CalendarDaySchema = z.object({ date: IsoDateSchema, played: z.boolean(), frozen: z.boolean() });
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

/** GET /api/me/stats: the player's history (docs/decisions/0270-history-and-archive.md). */
export const PlayerStatsSchema = z.object({
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  /** Freezes held now. */
  streakFreezes: z.number().int(),
  /** Missed game days a freeze has covered, all time. */
  freezesSpent: z.number().int(),
  /** Game days answered on their day (archived answers do not make a day played). */
  daysPlayed: z.number().int(),
  /** Every answer, archived ones included. */
  answers: z.number().int(),
  badges: z.array(z.object({ type: z.string(), earnedAt: TimestampSchema })),
  crowdSense: z.object({ last30: GuessTallySchema, total: GuessTallySchema }),
  /** Multiple-choice answers whose results were revealed, and how many picked a most-picked option. */
  majority: z.object({
    sided: z.number().int(),
    revealed: z.number().int(),
    percent: z.number().int().nullable(),
  }),
  /** The last 90 game days, oldest first, today last. */
  calendar: z.array(CalendarDaySchema),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;

/** GET /api/archive?before=&limit= */
export const ArchiveQuerySchema = z.object({
  before: IsoDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ARCHIVE_PAGE_MAX).default(ARCHIVE_PAGE_DEFAULT),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;

export const ArchiveTopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  questionCount: z.number().int(),
  /** The player's answers to this topic's questions of that day. */
  answered: z.number().int(),
  isSelected: z.boolean(),
});

export const ArchiveDaySchema = z.object({ date: IsoDateSchema, topics: z.array(ArchiveTopicSchema) });
export type ArchiveDay = z.infer<typeof ArchiveDaySchema>;

export const ArchivePageSchema = z.object({
  /** Past game days with topics, newest first. */
  days: z.array(ArchiveDaySchema),
  /** `before` of the next page, or null when there are no earlier days. */
  nextBefore: IsoDateSchema.nullable(),
});
export type ArchivePage = z.infer<typeof ArchivePageSchema>;

/** The `{date}` of /api/archive/{date} routes. */
export const ArchiveDateParamSchema = z.object({ date: IsoDateSchema });
