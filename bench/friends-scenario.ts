/**
 * The friends bench: players who each have 100 friends (the limit), all of whom answered the hot question, so a
 * results request carries the most friends it can, and the Friends screen and the weekly leaderboard read 100 rows.
 * The friendships are written through the data layer before the server starts (edge-api/src/db/queries).
 */
import { type Database, findUserByUsername, insertFriendshipPairs } from '@daily-tea/edge-api/tooling';

/**
 * Makes the players of `usernames` a circle in which each is friends with the `perPlayer` nearest on either side
 * (a circulant graph: every player has exactly `perPlayer` friends, and both sides of each friendship agree).
 */
export async function seedFriendCircle(
  db: Database,
  usernames: readonly string[],
  perPlayer: number,
  since: string,
): Promise<number> {
  if (perPlayer % 2 !== 0 || usernames.length <= perPlayer)
    throw new Error(`friends: need more than ${perPlayer} players (and an even number of friends each)`);
  const ids: string[] = [];
  for (const username of usernames) {
    const user = await findUserByUsername(db, username);
    if (!user) throw new Error(`friends: no player ${username}`);
    ids.push(user.id);
  }
  const pairs: { userId: string; friendId: string; since: string }[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let step = 1; step <= perPlayer / 2; step++)
      pairs.push({ userId: ids[i]!, friendId: ids[(i + step) % ids.length]!, since });
  await insertFriendshipPairs(db, pairs);
  return pairs.length;
}

/** Asks each player's results once and checks every one carries `perPlayer` friends; returns the note of the row. */
export async function checkFriendsOnResults(
  baseUrl: string,
  questionId: string,
  cookies: readonly string[],
  perPlayer: number,
): Promise<string> {
  for (const cookie of cookies) {
    const res = await fetch(`${baseUrl}/api/questions/${questionId}/results`, { headers: { cookie } });
    if (!res.ok) throw new Error(`results with friends → ${res.status} ${await res.text()}`);
    const { friends } = (await res.json()) as { friends: unknown[] };
    if (friends.length !== perPlayer)
      throw new Error(`results carry ${friends.length} friends, expected ${perPlayer}`);
  }
  return `${perPlayer} friends on every response`;
}
