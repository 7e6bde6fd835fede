import { crowdSenseWindowStart } from './crowd';
import { addDays, consecutiveDays } from './game-day';

/**
 * The player's history and the archive of past game days (docs/decisions/0270-history-and-archive.md).
 * Pure rules: the server and the app read them from here.
 */

/** Game days in the history calendar, today included. */
export const CALENDAR_DAYS = 90;
/** Archive page sizes. */
export const ARCHIVE_PAGE_DEFAULT = 10;
export const ARCHIVE_PAGE_MAX = 30;

export const ARCHIVE_NOT_PAST = "Today's topics are on the home screen; the archive holds past days only";
export const ARCHIVE_NO_TOPICS = 'No topics were played on that day';
export const ARCHIVE_TOPIC_NOT_FOUND = 'Topic not found on that day';

/** First game day of the calendar that ends `today`. */
export function calendarStart(today: string): string {
  return addDays(today, -(CALENDAR_DAYS - 1));
}

/** What every player's history of one game day shares: its calendar's dates and windows (computed once per day). */
type HistoryDay = {
  today: string;
  dates: readonly string[];
  windows: { calendarFrom: string; crowdFrom: string };
};
let lastDay: HistoryDay | undefined;

function historyDay(today: string): HistoryDay {
  if (lastDay?.today !== today) {
    const calendarFrom = calendarStart(today);
    lastDay = {
      today,
      dates: consecutiveDays(calendarFrom, CALENDAR_DAYS),
      windows: { calendarFrom, crowdFrom: crowdSenseWindowStart(today) },
    };
  }
  return lastDay;
}

/** The first days of the history calendar and of the 30-day crowd-sense window that end `today` (never mutate). */
export function historyWindows(today: string): { calendarFrom: string; crowdFrom: string } {
  return historyDay(today).windows;
}

/** The `CALENDAR_DAYS` dates of the calendar that ends `today`, oldest first (never mutate). */
function calendarDates(today: string): readonly string[] {
  return historyDay(today).dates;
}

/**
 * The calendar of the `CALENDAR_DAYS` game days ending `today`, oldest first: `days` holds each day's flags in that
 * order (a missing entry was missed); a played day is never shown frozen.
 */
export function calendarDays(
  today: string,
  days: readonly { played: boolean; frozen: boolean }[],
): { date: string; played: boolean; frozen: boolean }[] {
  return calendarDates(today).map((date, i) => {
    const day = days[i];
    return { date, played: day?.played ?? false, frozen: !day?.played && (day?.frozen ?? false) };
  });
}

/** A rounded percentage of `part` in `whole`, or null when there is nothing to count. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

/** The `before` an archive page starts at: never later than today, so today's topics are never listed. */
export function archiveBefore(today: string, before: string | undefined): string {
  return before && before < today ? before : today;
}

/** True for a game day the archive serves: strictly before today. */
export function isArchiveDay(today: string, date: string): boolean {
  return date < today;
}

/**
 * Badges a late (archived) answer can earn: only those that count answers. Streak badges follow the streak, which
 * late answers never move, and full house is a day's badge.
 */
export const LATE_ANSWER_BADGES = ['first_answer', 'answers_50', 'answers_100'] as const;
