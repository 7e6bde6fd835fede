import { eq, sql } from 'drizzle-orm';
import { daysBetween } from '@daily-tea/shared/domain/game-day';
import type { Database } from '../database';
import { statsCache } from '../engine/read-caches';
import { hotQuery, hotRead, jsonOf } from '../engine/statements';
import { playerStats, users } from '../schema';

/**
 * The player's history and the archive (docs/decisions/0270-history-and-archive.md). Every read is bounded by what
 * it shows — maintained figures by primary key, at most 90 calendar rows, one archive page of days — never by how
 * long the player has played (query-plan test: history-query-plans.test.ts).
 */

export type StatsRead = {
  daysPlayed: number;
  daysFrozen: number;
  picksRevealed: number;
  picksWithMajority: number;
  /** The calendar window's days, oldest (`calendarFrom`) first, today last (shared objects: never mutate). */
  calendar: readonly { readonly played: boolean; readonly frozen: boolean }[];
  badges: { type: string; earnedAt: Date }[];
  recent: { made: number; right: number };
};

/** Days in player_stats.calendar (the migration `history_calendar_triggers` keeps this many). */
const STORED_CALENDAR_DAYS = 90;

/**
 * Everything GET /api/me/stats reads beyond the session's user row, in one statement: the player's stats version
 * (users primary key) and one player_stats row by primary key — the maintained figures and the 90-day calendar
 * string the history triggers keep on it (docs/decisions/0272-history-calendar-on-one-row.md) — beside the badges
 * (badges_user_type_uq prefix: at most one row per badge type) and the crowd-sense window (crowd_sense_days
 * primary-key range, at most 30 rows).
 */
const statsRow = hotRead(
  hotQuery
    .select({
      version: users.statsVersion,
      daysPlayed: playerStats.daysPlayed,
      daysFrozen: playerStats.daysFrozen,
      picksRevealed: playerStats.picksRevealed,
      picksWithMajority: playerStats.picksWithMajority,
      calendar: playerStats.calendar,
      /** Days from today to the calendar's newest day (0 when the player played today; null before any day). */
      calendarShift: sql<
        number | null
      >`CAST(julianday(${playerStats.calendarEnd}) - julianday(${sql.placeholder('today')}) AS INTEGER)`,
      badges: jsonOf<[string, number][]>(sql`SELECT json_group_array(json_array(held.type, held.earned_at))
        FROM (SELECT type, earned_at FROM badges WHERE user_id = ${users.id} ORDER BY earned_at, type) held`),
      recent: jsonOf<[number, number]>(sql`SELECT json_array(total(csd.guesses), total(csd.right_guesses))
        FROM crowd_sense_days csd WHERE csd.user_id = ${users.id}
          AND csd.date BETWEEN ${sql.placeholder('crowdFrom')} AND ${sql.placeholder('today')}`),
    })
    .from(users)
    .leftJoin(playerStats, eq(playerStats.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId'))),
);

/**
 * The player's stats read (statsRow). A long-lived handle keeps each player's read of a game day
 * (engine/read-caches.ts, docs/decisions/0274-stats-read-cache.md) at the stats version read in the same statement
 * — one snapshot with the figures — and hands out the same object, without a statement, while `statsVersion` (the
 * version the session read with the user row) is that one: triggers bump it with every write to the player's
 * figures row, badges and crowd-sense days, whoever writes. The users row's own figures are not part of the read.
 */
export async function findStatsRead(
  db: Database,
  q: { userId: string; statsVersion: number; calendarFrom: string; crowdFrom: string; today: string },
): Promise<StatsRead> {
  const cache = statsCache<{ today: string; read: StatsRead }>(db);
  const held = cache.peek(q.userId);
  if (held && held.version === q.statsVersion && held.value.today === q.today) return held.value.read;
  const row = await statsRow.first(db, { userId: q.userId, today: q.today, crowdFrom: q.crowdFrom });
  const [made, right] = row?.recent ?? [0, 0];
  const read: StatsRead = {
    daysPlayed: row?.daysPlayed ?? 0,
    daysFrozen: row?.daysFrozen ?? 0,
    picksRevealed: row?.picksRevealed ?? 0,
    picksWithMajority: row?.picksWithMajority ?? 0,
    calendar: calendarWindow(
      row?.calendar ?? '',
      row?.calendarShift ?? null,
      daysBetween(q.calendarFrom, q.today) + 1,
    ),
    badges: (row?.badges ?? []).map(([type, earnedAt]) => ({ type, earnedAt: new Date(earnedAt) })),
    recent: { made: Number(made ?? 0), right: Number(right ?? 0) },
  };
  if (row) cache.set(q.userId, row.version, { today: q.today, read });
  return read;
}

/** The three states of a calendar day, shared by every read (never mutated). */
const DAY_STATES = {
  '0': { played: false, frozen: false },
  '1': { played: true, frozen: false },
  '2': { played: false, frozen: true },
} as const;

/**
 * The `length` days ending today, oldest first, from the stored string (newest first, its first character
 * `shift` days from today): days outside what it holds are missed.
 */
function calendarWindow(
  stored: string,
  shift: number | null,
  length: number,
): { readonly played: boolean; readonly frozen: boolean }[] {
  return Array.from({ length }, (_, i) => {
    const k = shift === null ? -1 : length - 1 - i + shift;
    const c = k >= 0 && k < STORED_CALENDAR_DAYS ? stored.charAt(k) : '0';
    return c === '1' || c === '2' ? DAY_STATES[c] : DAY_STATES['0'];
  });
}

export type ArchiveTopicRow = {
  date: string;
  id: string;
  title: string;
  category: string;
  isActive: boolean;
  questionCount: number;
  answered: number;
  isSelected: boolean;
};

type ArchiveRaw = {
  date: string;
  id: string | null;
  title: string | null;
  category: string | null;
  isActive: number | null;
  questionCount: number | null;
  answered: number | null;
  isSelected: number | null;
};

/**
 * One archive page: the game days with a schedule before `before`, newest first (`limit` of them: a backward range
 * of the unique date index), each scheduled topic in schedule order with its question count that day
 * (questions_date_topic_idx), the player's answers to it that day (answers_user_day_idx prefix, then questions by
 * primary key) and whether the player picked it (selections_user_date_uq). `dates` lists every day read, also
 * those left with no topic, so the caller can tell where the next page starts.
 */
export async function findArchivePage(
  db: Database,
  q: { userId: string; before: string; limit: number },
): Promise<{ dates: string[]; topics: ArchiveTopicRow[] }> {
  const rows = await db.all<ArchiveRaw>(sql`WITH days AS (SELECT d.date, d.topic_ids FROM daily_topics d
      WHERE d.date < ${q.before} ORDER BY d.date DESC LIMIT ${q.limit})
    SELECT days.date AS date, t.id AS id, t.title AS title, t.category AS category, t.is_active AS isActive,
      (SELECT count(*) FROM questions qq WHERE qq.date = days.date AND qq.topic_id = t.id) AS questionCount,
      (SELECT count(*) FROM answers a JOIN questions qa ON qa.id = a.question_id
        WHERE a.user_id = ${q.userId} AND a.question_date = days.date AND qa.topic_id = t.id) AS answered,
      EXISTS (SELECT 1 FROM user_daily_selections s, json_each(s.selected_topic_ids) sj
        WHERE s.user_id = ${q.userId} AND s.date = days.date AND sj.value = t.id) AS isSelected
    FROM days LEFT JOIN json_each(days.topic_ids) j LEFT JOIN topics t ON t.id = j.value
    ORDER BY days.date DESC, j.key`);
  const dates: string[] = [];
  const topics: ArchiveTopicRow[] = [];
  for (const r of rows) {
    if (dates.at(-1) !== r.date) dates.push(r.date);
    if (r.id === null) continue;
    topics.push({
      date: r.date,
      id: r.id,
      title: r.title ?? '',
      category: r.category ?? '',
      isActive: r.isActive === 1,
      questionCount: Number(r.questionCount ?? 0),
      answered: Number(r.answered ?? 0),
      isSelected: r.isSelected === 1,
    });
  }
  return { dates, topics };
}

/**
 * Players whose player_stats row differs from their player_days: days played or frozen miscounted, or a calendar
 * character that is not its day's (1 played on time, 2 covered by a freeze only, 0 neither), a string that is not
 * 90 characters, a day later than the string's newest, or days without a calendar.
 */
const statsDayMismatches = sql`SELECT count(*) FROM users u LEFT JOIN player_stats ps ON ps.user_id = u.id WHERE
    coalesce(ps.days_played, 0) <> (SELECT count(*) FROM player_days d WHERE d.user_id = u.id AND d.answers > 0)
    OR coalesce(ps.days_frozen, 0) <> (SELECT count(*) FROM player_days d WHERE d.user_id = u.id AND d.answers = 0 AND d.frozen = 1)
    OR (ps.calendar_end IS NULL AND (ps.calendar <> '' OR EXISTS (SELECT 1 FROM player_days d WHERE d.user_id = u.id)))
    OR (ps.calendar_end IS NOT NULL AND (length(ps.calendar) <> ${STORED_CALENDAR_DAYS}
      OR EXISTS (SELECT 1 FROM player_days d WHERE d.user_id = u.id AND d.date > ps.calendar_end)
      OR EXISTS (WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k < ${STORED_CALENDAR_DAYS - 1})
        SELECT 1 FROM k WHERE substr(ps.calendar, k.k + 1, 1) <> coalesce((SELECT CASE WHEN d.answers > 0 THEN '1'
          WHEN d.frozen THEN '2' ELSE '0' END FROM player_days d
          WHERE d.user_id = u.id AND d.date = date(ps.calendar_end, '-' || k.k || ' days')), '0'))))`;

/**
 * True when every player_stats row's day figures and 90-day calendar equal a recount of player_days, whoever
 * wrote the days. For tests and diagnostics.
 */
export async function playerStatsEqualDays(db: Database): Promise<boolean> {
  const rows = await db.all<{ n: number }>(sql`SELECT (${statsDayMismatches}) AS n`);
  return Number(rows[0]?.n ?? -1) === 0;
}

/**
 * True when the maintained history equals a recount: player_days' on-time answers per day (frozen-only rows
 * aside), every player_stats figure and each player's 90-day calendar string. For tests and diagnostics.
 */
export async function historyFiguresEqualRecount(db: Database): Promise<boolean> {
  const stored = sql`SELECT user_id, date, answers FROM player_days WHERE answers <> 0`;
  const expected = sql`SELECT user_id, question_date, count(*) FROM answers WHERE late = 0 GROUP BY user_id, question_date`;
  const rows = await db.all<{ n: number }>(sql`SELECT
    (SELECT count(*) FROM (${stored} EXCEPT ${expected}))
    + (SELECT count(*) FROM (${expected} EXCEPT ${stored}))
    + (SELECT count(*) FROM player_days WHERE answers = 0 AND frozen = 0)
    + (${statsDayMismatches})
    + (SELECT count(*) FROM users u LEFT JOIN player_stats ps ON ps.user_id = u.id WHERE
        coalesce(ps.picks_revealed, 0) <> (SELECT count(*) FROM answers a WHERE a.user_id = u.id
          AND a.revealed_at IS NOT NULL AND a.crowd_top IS NOT NULL AND a.selected_option_id IS NOT NULL)
        OR coalesce(ps.picks_with_majority, 0) <> (SELECT count(*) FROM answers a WHERE a.user_id = u.id
          AND a.revealed_at IS NOT NULL AND a.selected_option_id IN (SELECT value FROM json_each(a.crowd_top))))
    + (SELECT count(*) FROM player_stats WHERE user_id NOT IN (SELECT id FROM users))
    AS n`);
  return Number(rows[0]?.n ?? -1) === 0;
}
