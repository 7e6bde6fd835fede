import { addDays, daysBetween } from './game-day';
import { effectiveCurrentStreak, type StreakState } from './streak';

/**
 * Friends (product.md#play-rules, docs/decisions/0280-friends.md): invites, the friend limit, friend streaks and
 * the words the API and the app show for them — each written once.
 */

/** Most friends an account can have (both sides of a friendship count it). */
export const FRIENDS_MAX = 100;
/** An invite works for this many days after it is created (by several people, until revoked). */
export const INVITE_TTL_DAYS = 7;
/** Game days the weekly leaderboard covers, today included. */
export const LEADERBOARD_DAYS = 7;

/** Every friends endpoint refuses guests with this (403): registering keeps everything, friends included. */
export const GUESTS_CANNOT_FRIEND = 'Save your progress to add friends';
export const OWN_INVITE = 'This is your own invite. Send it to a friend instead.';
export const UNKNOWN_INVITE = 'No invite has this code. Check it and try again.';
export const EXPIRED_INVITE = 'This invite has expired. Ask your friend for a new one.';
export const REVOKED_INVITE = 'This invite was withdrawn. Ask your friend for a new one.';
export const YOUR_FRIENDS_FULL = `You already have ${FRIENDS_MAX} friends. Remove one to add another.`;
export const THEIR_FRIENDS_FULL = (username: string) =>
  `${username} already has ${FRIENDS_MAX} friends, the most anyone can have.`;
export const NOT_A_FRIEND = 'This player is not one of your friends.';

/** Invite codes: 8 symbols without look-alikes (no 0/O, 1/I), shown as two groups of four: "K7QF-M2XP". */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

/** A code as typed or pasted ("k7qf m2xp", "K7QF-M2XP") in its stored form ("K7QFM2XP"), or null if it cannot be one. */
export function normaliseInviteCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== INVITE_CODE_LENGTH) return null;
  for (const ch of code) if (!INVITE_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The stored code as people read and type it. */
export function displayInviteCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A fresh code from `random` bytes (32 symbols: each byte's low 5 bits, uniform). */
export function inviteCodeFrom(random: Uint8Array): string {
  if (random.length < INVITE_CODE_LENGTH) throw new RangeError('not enough random bytes');
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[random[i]! & 31];
  return code;
}

/** The player-app path an invite link opens. */
export const invitePath = (code: string) => `/friends/invite/${displayInviteCode(code)}`;

/** The first game day of the leaderboard window ending `today`. */
export const leaderboardFrom = (today: string) => addDays(today, -(LEADERBOARD_DAYS - 1));

/** Rounded share of right guesses, null before the first judged guess. */
export function crowdSensePercent(right: number, guesses: number): number | null {
  return guesses > 0 ? Math.round((right / guesses) * 100) : null;
}

export type FriendStreak = {
  /** Game days in a row both have kept their streak, since they became friends. */
  days: number;
  /** True when the friend streak is alive but one of them (or both) has not played today yet. */
  atRisk: boolean;
};

/**
 * The friend streak of two players (docs/decisions/0280-friends.md): the game days in a row both of them played,
 * counted since the day they became friends, from the streak figures each player already keeps — no history read.
 * It runs through today when both played today, else through yesterday (today can still extend it). A freeze
 * that keeps one player's own streak keeps the friend streak too, as it does for the player.
 */
export function friendStreak(
  a: StreakState,
  b: StreakState,
  friendsSince: string,
  today: string,
): FriendStreak {
  const streakA = effectiveCurrentStreak(a, today);
  const streakB = effectiveCurrentStreak(b, today);
  if (streakA === 0 || streakB === 0) return { days: 0, atRisk: false };
  const playedA = a.lastActivityDate === today;
  const playedB = b.lastActivityDate === today;
  const bothToday = playedA && playedB;
  const through = bothToday ? today : addDays(today, -1);
  // Through yesterday, a player who played today has one day fewer in their run.
  const runA = bothToday || !playedA ? streakA : streakA - 1;
  const runB = bothToday || !playedB ? streakB : streakB - 1;
  const sinceFriends = daysBetween(friendsSince, through) + 1;
  const days = Math.max(0, Math.min(runA, runB, sinceFriends));
  return { days, atRisk: days > 0 && !bothToday };
}

/** "Thandi picked the same as you", "Thandi and 2 others picked the same as you" — null when nobody did. */
export function sameAnswerLine(usernames: readonly string[]): string | null {
  const [first, ...rest] = usernames;
  if (!first) return null;
  if (rest.length === 0) return `${first} picked the same as you`;
  if (rest.length === 1) return `${first} and ${rest[0]} picked the same as you`;
  return `${first} and ${rest.length} others picked the same as you`;
}

/** A friend's answer and the viewer's, as results carry them. */
type AnswerValue = { selectedOptionId: string | null; numericValue: number | null };

/** Whether a friend picked the same as the viewer: the same option, or the same number. */
export function pickedSame(friend: AnswerValue, mine: AnswerValue | null): boolean {
  if (!mine) return false;
  if (mine.selectedOptionId !== null) return friend.selectedOptionId === mine.selectedOptionId;
  return mine.numericValue !== null && friend.numericValue === mine.numericValue;
}

/** "Thandi answered this too", "Thandi and 2 others answered this too" — when nobody picked the same. */
export function friendsAnsweredLine(usernames: readonly string[]): string | null {
  const [first, ...rest] = usernames;
  if (!first) return null;
  if (rest.length === 0) return `${first} answered this too`;
  if (rest.length === 1) return `${first} and ${rest[0]} answered this too`;
  return `${first} and ${rest.length} others answered this too`;
}
