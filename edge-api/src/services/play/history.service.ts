import type { ArchivePage, ArchiveQuery, PlayerStats } from '@daily-tea/shared/contracts/history';
import type {
  DailyTopicsResponse,
  SelectTopicInput,
  SelectTopicResult,
} from '@daily-tea/shared/contracts/daily';
import { crowdSensePercent } from '@daily-tea/shared/domain/crowd';
import {
  ARCHIVE_NO_TOPICS,
  ARCHIVE_NOT_PAST,
  ARCHIVE_TOPIC_NOT_FOUND,
  archiveBefore,
  calendarDays,
  historyWindows,
  isArchiveDay,
  percentOf,
} from '@daily-tea/shared/domain/history';
import { effectiveCurrentStreak } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import { derivedOnce, sharedJson } from '../../db/engine/json';
import { findScheduledTopicIds } from '../../db/queries/daily.queries';
import { findArchivePage, findStatsRead, type StatsRead } from '../../db/queries/history.queries';
import type { Deps } from '../../env';
import { NotFoundError } from '../../errors';
import { getDailyTopics } from './daily-topics.service';
import { selectTopic } from './select-topic.service';
import { today } from './today';

/**
 * The player's history and the archive of past game days (docs/decisions/0270-history-and-archive.md).
 */

/**
 * GET /api/me/stats: streaks, freezes, the 90-day calendar, totals, badges, crowd sense and the majority share.
 * Shaped, and its JSON written, once per stats read and users-row figures: a handle with read caches hands out the
 * same read until the player's figures row, badges or crowd-sense days change or the game day does
 * (docs/decisions/0274-stats-read-cache.md), so a repeat request with the same users-row figures sends the JSON
 * already written. Never mutate what this returns.
 */
export async function getPlayerStats(deps: Deps, user: UserRow): Promise<PlayerStats> {
  const date = today(deps);
  const read = await findStatsRead(deps.db, {
    userId: user.id,
    statsVersion: user.statsVersion,
    ...historyWindows(date),
    today: date,
  });
  const own: OwnFigures = {
    currentStreak: effectiveCurrentStreak(user, date),
    longestStreak: user.longestStreak,
    streakFreezes: user.streakFreezes,
    answers: user.totalAnswers,
    crowdRight: user.crowdRight,
    crowdGuesses: user.crowdGuesses,
  };
  return derivedOnce(
    read,
    () => ({ own, stats: sharedJson(playerStats(date, read, own)) }),
    (known) => sameFigures(known.own, own),
  ).stats;
}

/** The figures of GET /api/me/stats that the users row holds (the session reads it on every request). */
type OwnFigures = {
  currentStreak: number;
  longestStreak: number;
  streakFreezes: number;
  answers: number;
  crowdRight: number;
  crowdGuesses: number;
};

const sameFigures = (a: OwnFigures, b: OwnFigures): boolean =>
  (Object.keys(a) as (keyof OwnFigures)[]).every((key) => a[key] === b[key]);

function playerStats(date: string, read: StatsRead, own: OwnFigures): PlayerStats {
  const total = { right: own.crowdRight, made: own.crowdGuesses };
  return {
    currentStreak: own.currentStreak,
    longestStreak: own.longestStreak,
    streakFreezes: own.streakFreezes,
    freezesSpent: read.daysFrozen,
    daysPlayed: read.daysPlayed,
    answers: own.answers,
    badges: read.badges.map((b) => ({ type: b.type, earnedAt: b.earnedAt.toISOString() })),
    crowdSense: {
      last30: { ...read.recent, percent: crowdSensePercent(read.recent) },
      total: { ...total, percent: crowdSensePercent(total) },
    },
    majority: {
      sided: read.picksWithMajority,
      revealed: read.picksRevealed,
      percent: percentOf(read.picksWithMajority, read.picksRevealed),
    },
    calendar: calendarDays(date, read.calendar),
  };
}

/**
 * GET /api/archive: past game days with topics, newest first, each topic with its question count and the player's
 * answers to it. Topics deactivated since are left out unless the player picked them (as on today's screen).
 */
export async function listArchive(deps: Deps, user: UserRow, query: ArchiveQuery): Promise<ArchivePage> {
  const before = archiveBefore(today(deps), query.before);
  const { dates, topics } = await findArchivePage(deps.db, { userId: user.id, before, limit: query.limit });
  const days: ArchivePage['days'] = [];
  for (const date of dates) {
    const shown = topics.filter((t) => t.date === date && (t.isActive || t.isSelected));
    if (shown.length === 0) continue;
    days.push({
      date,
      topics: shown.map(({ id, title, category, questionCount, answered, isSelected }) => ({
        id,
        title,
        category,
        questionCount,
        answered,
        isSelected,
      })),
    });
  }
  return { days, nextBefore: dates.length === query.limit ? (dates.at(-1) ?? null) : null };
}

/** A past game day the archive serves (404 for today, later days and days without topics). */
async function archiveDay(deps: Deps, date: string): Promise<string> {
  if (!isArchiveDay(today(deps), date)) throw new NotFoundError(ARCHIVE_NOT_PAST);
  if ((await findScheduledTopicIds(deps.db, date)).length === 0) throw new NotFoundError(ARCHIVE_NO_TOPICS);
  return date;
}

/** GET /api/archive/{date}: that day's topics in the daily-topics shape, with the player's picks and answers. */
export async function getArchiveDay(deps: Deps, user: UserRow, date: string): Promise<DailyTopicsResponse> {
  return getDailyTopics(deps, user, await archiveDay(deps, date));
}

/** POST /api/archive/{date}/select-topic: picks (or unpicks) a topic of a past day, 3 per day as today. */
export async function selectArchiveTopic(
  deps: Deps,
  user: UserRow,
  date: string,
  input: SelectTopicInput,
): Promise<SelectTopicResult> {
  return selectTopic(deps, user, input, await archiveDay(deps, date), ARCHIVE_TOPIC_NOT_FOUND);
}
