import type { User } from '@daily-tea/shared/contracts/auth';
import { effectiveCurrentStreak, freezesSpentOn } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import { derivedOnce, sharedJson } from '../../db/engine/json';
import { preferencesOf } from './preferences.service';

/**
 * The user as clients see it (UserSchema): an explicit allow-list, so the password hash and internal
 * counters can never leak through a new column. `today` is the current game day (streak reads 0 once
 * a day was missed).
 */
export function toUserJson(row: UserRow, today: string): User {
  return {
    id: row.id,
    username: row.username,
    isGuest: row.isGuest,
    gender: row.gender as User['gender'],
    ageBracket: row.ageBracket as User['ageBracket'],
    raceBracket: row.raceBracket as User['raceBracket'],
    area: row.area,
    country: row.country,
    city: row.city,
    province: row.province as User['province'],
    currentStreak: effectiveCurrentStreak(row, today),
    longestStreak: row.longestStreak,
    lastActivityDate: row.lastActivityDate,
    streakFreezes: row.streakFreezes,
    freezesSpentToday: freezesSpentOn(row, today),
    preferences: preferencesOf(row),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The signed-in user's body (GET /api/user, /api/session) as `toUserJson` makes it, made once per user read and game
 * day: the session read hands out the same user object for as long as the users row is unchanged (read-caches.ts),
 * so the body and its JSON (engine/json.ts) are written once and then reused. A changed row is a new object, and a
 * new game day makes it again (the streak and today's freezes depend on the day).
 */
export function signedInUserJson(row: UserRow, today: string): User {
  return derivedOnce(
    row,
    () => ({ today, user: sharedJson(toUserJson(row, today)) }),
    (known) => known.today === today,
  ).user;
}
