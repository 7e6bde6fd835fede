import type { ArchivePage, ArchiveQuery, PlayerStats } from '@daily-tea/shared/contracts/history';
import type {
  DailyTopicsResponse,
  SelectTopicInput,
  SelectTopicResult,
} from '@daily-tea/shared/contracts/daily';
import { crowdSensePercent, crowdSenseWindowStart } from '@daily-tea/shared/domain/crowd';
import {
  ARCHIVE_NO_TOPICS,
  ARCHIVE_NOT_PAST,
  ARCHIVE_TOPIC_NOT_FOUND,
  archiveBefore,
  calendarDays,
  calendarStart,
  isArchiveDay,
  percentOf,
} from '@daily-tea/shared/domain/history';
import { effectiveCurrentStreak } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import { findScheduledTopicIds } from '../../db/queries/daily.queries';
import { findArchivePage, findStatsRead } from '../../db/queries/history.queries';
import type { Deps } from '../../env';
import { NotFoundError } from '../../errors';
import { getDailyTopics } from './daily-topics.service';
import { selectTopic } from './select-topic.service';
import { today } from './today';

/**
 * The player's history and the archive of past game days (docs/decisions/0270-history-and-archive.md).
 */

/** GET /api/me/stats: streaks, freezes, the 90-day calendar, totals, badges, crowd sense and the majority share. */
export async function getPlayerStats(deps: Deps, user: UserRow): Promise<PlayerStats> {
  const date = today(deps);
  const read = await findStatsRead(deps.db, {
    userId: user.id,
    calendarFrom: calendarStart(date),
    crowdFrom: crowdSenseWindowStart(date),
    today: date,
  });
  const total = { right: user.crowdRight, made: user.crowdGuesses };
  return {
    currentStreak: effectiveCurrentStreak(user, date),
    longestStreak: user.longestStreak,
    streakFreezes: user.streakFreezes,
    freezesSpent: read.daysFrozen,
    daysPlayed: read.daysPlayed,
    answers: user.totalAnswers,
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
