import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { prerenderFirstValues } from '../engine/statements';
import type { users } from '../schema';

type UserRow = typeof users.$inferSelect;

type UserTuple = [
  id: string,
  username: string,
  passwordHash: string,
  isGuest: number,
  gender: string | null,
  ageBracket: string | null,
  raceBracket: string | null,
  area: string | null,
  country: string | null,
  city: string | null,
  currentStreak: number,
  longestStreak: number,
  lastActivityDate: string | null,
  totalAnswers: number,
  createdAt: number,
  streakFreezes: number,
  freezesSpentOn: string | null,
  freezesSpent: number,
  crowdGuesses: number,
  crowdRight: number,
  guessTheCrowd: number,
  theme: 'system' | 'light' | 'dark',
  shareAnswersWithFriends: number,
];

const sessionWithUser = prerenderFirstValues<'sessionId'>(sql`SELECT s.expires_at AS expiresAt,
    json_array(u.id, u.username, u.password_hash, u.is_guest, u.gender, u.age_bracket, u.race_bracket, u.area,
      u.country, u.city, u.current_streak, u.longest_streak, u.last_activity_date, u.total_answers, u.created_at,
      u.streak_freezes, u.freezes_spent_on, u.freezes_spent, u.crowd_guesses, u.crowd_right, u.guess_the_crowd, u.theme,
      u.share_answers_with_friends) AS user
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ${sql.placeholder('sessionId')} LIMIT 1`);

/**
 * One session row joined to its user (sessions primary key, then users primary key), or undefined.
 * Every signed-in request runs it, so the user travels as one JSON array column: on embedded libSQL each
 * returned column costs a native round trip, which made the plain 16-column row dominate the request. Rendered
 * once as a first-row read (prerenderFirstValues), so the embedded client reads it with a single native call.
 * The object below is typed as the full users row, so a new users column fails to compile here.
 */
export async function findSessionWithUser(
  db: Database,
  sessionId: string,
): Promise<{ expiresAt: number; user: UserRow } | undefined> {
  const row = (await sessionWithUser(db, { sessionId })) as [expiresAt: number, user: string] | undefined;
  if (!row) return undefined;
  const t = JSON.parse(row[1]) as UserTuple;
  const user: UserRow = {
    id: t[0],
    username: t[1],
    passwordHash: t[2],
    isGuest: t[3] === 1,
    gender: t[4],
    ageBracket: t[5],
    raceBracket: t[6],
    area: t[7],
    country: t[8],
    city: t[9],
    currentStreak: t[10],
    longestStreak: t[11],
    lastActivityDate: t[12],
    totalAnswers: t[13],
    createdAt: new Date(t[14]),
    streakFreezes: t[15],
    freezesSpentOn: t[16],
    freezesSpent: t[17],
    crowdGuesses: t[18],
    crowdRight: t[19],
    guessTheCrowd: t[20] === 1,
    theme: t[21],
    shareAnswersWithFriends: t[22] === 1,
  };
  return { expiresAt: Number(row[0]), user };
}
