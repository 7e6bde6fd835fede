import type { DropReminderPayload } from '../contracts/push';
import { formatDisplayDate, gameDay } from './game-day';

/**
 * The reminder at the drop: when it is due and what it says. Pure; the clock is passed in.
 */

/**
 * Reminders go out from the drop (DAY_START_HOUR) until this long after it — a server that was down at the
 * drop catches up, but nobody is told "today's topics are here" in the middle of the afternoon.
 */
export const REMINDER_CATCH_UP_MS = 3 * 60 * 60_000;
/** Push services keep an undelivered reminder this long (seconds); after that it is stale. */
export const REMINDER_TTL_SECONDS = 6 * 60 * 60;

/**
 * The game day whose reminders are due at `now`, or null when the drop of the current game day was more
 * than REMINDER_CATCH_UP_MS ago.
 */
export function reminderDueDay(now: Date, timeZone: string, dayStartHour: number): string | null {
  const day = gameDay(now, timeZone, dayStartHour);
  const earlier = gameDay(new Date(now.getTime() - REMINDER_CATCH_UP_MS), timeZone, dayStartHour);
  return earlier === day ? null : day;
}

/** The notification of game day `date` (one tag per day: a late duplicate replaces, never stacks). */
export function dropReminderPayload(date: string): DropReminderPayload {
  return {
    kind: 'daily-drop',
    date,
    title: "Today's tea is here ☕",
    body: `New topics for ${formatDisplayDate(date)} just dropped. Pick 3 and see where you stand.`,
    url: '/',
    tag: `daily-drop-${date}`,
  };
}

/** After "Not now", the ask stays away this long. */
export const REMINDER_ASK_SNOOZE_MS = 7 * 24 * 60 * 60_000;

export type ReminderAskState = {
  /** The browser has service workers, PushManager and notifications. */
  supported: boolean;
  /** The server has VAPID keys. */
  enabled: boolean;
  permission: 'default' | 'granted' | 'denied';
  /** This browser already holds a subscription for the player. */
  subscribed: boolean;
  /** The player has finished today's topics (the moment the ask makes sense). */
  dayFinished: boolean;
  /** When the player last said "Not now" (ms), if ever. */
  dismissedAt: number | null;
  now: number;
};

/**
 * Whether to offer the reminder: only after a finished day — never on a first load or mid-play —,
 * only where it can work, never to someone already subscribed or who blocked notifications, and not again
 * for a week after "Not now". The browser's own permission prompt comes only from the player's tap.
 */
export function shouldOfferReminder(s: ReminderAskState): boolean {
  if (!s.supported || !s.enabled || s.subscribed || s.permission === 'denied' || !s.dayFinished) return false;
  return s.dismissedAt === null || s.now - s.dismissedAt >= REMINDER_ASK_SNOOZE_MS;
}
