import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuestionResultsSchema } from '@daily-tea/shared/contracts/daily';
import {
  AcceptInviteResultSchema,
  FriendInviteSchema,
  FriendsResponseSchema,
  InvitePreviewSchema,
  LeaderboardSchema,
} from '@daily-tea/shared/contracts/friends';
import {
  EXPIRED_INVITE,
  FRIENDS_MAX,
  GUESTS_CANNOT_FRIEND,
  NOT_A_FRIEND,
  OWN_INVITE,
  REVOKED_INVITE,
  THEIR_FRIENDS_FULL,
  UNKNOWN_INVITE,
  YOUR_FRIENDS_FULL,
} from '@daily-tea/shared/domain/friends';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { sql } from 'drizzle-orm';
import { friendInvites, friendships } from '../../db/schema';
import {
  createAnswer,
  createQuestion,
  createUser,
  insertFriendshipsBulk,
  insertUsersBulk,
  rowsWhere,
} from '../../test/factories';
import {
  createTestApp,
  uniqueName,
  TEST_NOW,
  TEST_TODAY,
  type SignedInUser,
  type TestApp,
} from '../../test/harness';
import { INVITES_PER_HOUR } from '../../services/social/friends.service';
import { json, mustAnswer, mustSelect, player, scheduleToday, type Today } from './play.test-kit';

/** The test clock: moved by tests that need an invite to expire or a day to pass (UTC, day starting at 00:00). */
let clock = new Date(TEST_NOW);
let t: TestApp;
let today: Today;
beforeEach(async () => {
  clock = new Date(TEST_NOW);
  t = await createTestApp({ now: () => new Date(clock) });
  today = await scheduleToday(t, 3);
});
afterEach(() => t.close());

const mcOf = (i: number) => today.questions.get(today.topics[i]!.id)![0]!;

async function invite(cookie: string) {
  const res = await t.request('/api/friends/invites', { method: 'POST', cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return FriendInviteSchema.parse(await res.json());
}
const accept = (cookie: string, code: string) =>
  t.request('/api/friends', { method: 'POST', cookie, json: { code } });
async function friendsOf(cookie: string) {
  const res = await t.request('/api/friends', { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return FriendsResponseSchema.parse(await res.json());
}
async function befriend(a: SignedInUser, b: SignedInUser) {
  const res = await accept(b.cookie, (await invite(a.cookie)).code);
  expect(res.status, await res.clone().text()).toBe(201);
}
async function resultsOf(cookie: string, questionId: string) {
  const res = await t.request(`/api/questions/${questionId}/results`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return QuestionResultsSchema.parse(await res.json());
}
async function answerMc(p: SignedInUser, topicIndex: number, optionId: string) {
  await mustSelect(t, p.cookie, today.topics[topicIndex]!.id);
  await mustAnswer(t, p.cookie, { questionId: mcOf(topicIndex).id, selectedOptionId: optionId });
}
const friendshipRows = async () => (await t.db.select().from(friendships)).length;

describe('invites and accepting', () => {
  it('makes both players friends at once from a link and a short code', async () => {
    const thandi = await player(t);
    const sam = await player(t);
    const created = await invite(thandi.cookie);
    expect(created.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(created.url).toBe(`http://localhost/friends/invite/${created.code}`);
    expect(new Date(created.expiresAt).getTime()).toBe(TEST_NOW.getTime() + 7 * 86_400_000);

    const preview = await t.request(`/api/friends/invites/${created.code}`, { origin: null });
    expect(InvitePreviewSchema.parse(await preview.json()).username).toBe(thandi.user.username);

    // Typed in lower case without the dash, as people do.
    const res = await accept(sam.cookie, created.code.replace('-', ' ').toLowerCase());
    expect(res.status).toBe(201);
    const body = AcceptInviteResultSchema.parse(await res.json());
    expect(body).toMatchObject({ created: true, friend: { username: thandi.user.username } });

    expect((await friendsOf(sam.cookie)).friends.map((f) => f.username)).toEqual([thandi.user.username]);
    const theirs = (await friendsOf(thandi.cookie)).friends;
    expect(theirs).toEqual([
      {
        id: sam.user.id,
        username: sam.user.username,
        currentStreak: 0,
        playedToday: false,
        friendStreak: 0,
        friendStreakAtRisk: false,
      },
    ]);
  });

  it('lets several people use one invite, and each accept again is a no-op', async () => {
    const host = await player(t);
    const { code } = await invite(host.cookie);
    const guestsOfHost = [await player(t), await player(t), await player(t)];
    for (const p of guestsOfHost) expect((await accept(p.cookie, code)).status).toBe(201);
    const again = await accept(guestsOfHost[0]!.cookie, code);
    expect(again.status).toBe(200);
    expect(AcceptInviteResultSchema.parse(await again.json()).created).toBe(false);
    expect((await friendsOf(host.cookie)).friends).toHaveLength(3);
    expect(await friendshipRows()).toBe(6);
  });

  it('makes one friendship from 10 parallel accepts', async () => {
    const a = await player(t);
    const b = await player(t);
    const { code } = await invite(a.cookie);
    const responses = await Promise.all(Array.from({ length: 10 }, () => accept(b.cookie, code)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await friendshipRows()).toBe(2);
  });

  it('refuses own, unknown, malformed, expired and revoked codes with clear messages', async () => {
    const a = await player(t);
    const b = await player(t);
    const first = await invite(a.cookie);
    const own = await accept(a.cookie, first.code);
    expect([own.status, (await json(own)).message]).toEqual([400, OWN_INVITE]);
    const unknown = await accept(b.cookie, 'ZZZZ-ZZZZ');
    expect([unknown.status, (await json(unknown)).message]).toEqual([404, UNKNOWN_INVITE]);
    const malformed = await accept(b.cookie, 'hello');
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).message).toMatch(/8 letters and digits/);
    const empty = await t.request('/api/friends', { method: 'POST', cookie: b.cookie, json: {} });
    expect([empty.status, (await json(empty)).message]).toEqual([400, 'code is required']);

    const revoke = await t.request(`/api/friends/invites/${first.code}`, {
      method: 'DELETE',
      cookie: a.cookie,
    });
    expect(revoke.status).toBe(200);
    const revoked = await accept(b.cookie, first.code);
    expect([revoked.status, (await json(revoked)).message]).toEqual([410, REVOKED_INVITE]);
    const listed = await t.request('/api/friends/invites', { cookie: a.cookie });
    expect((await json(listed)).invites).toEqual([]);

    const second = await invite(a.cookie);
    // Nobody else can withdraw it.
    const notTheirs = await t.request(`/api/friends/invites/${second.code}`, {
      method: 'DELETE',
      cookie: b.cookie,
    });
    expect(notTheirs.status).toBe(404);
    clock = new Date(TEST_NOW.getTime() + 7 * 86_400_000);
    const expired = await accept(b.cookie, second.code);
    expect([expired.status, (await json(expired)).message]).toEqual([410, EXPIRED_INVITE]);
    expect(await friendshipRows()).toBe(0);
  });

  it('refuses guests with "Save your progress to add friends" and strangers with 401', async () => {
    const host = await player(t);
    const { code } = await invite(host.cookie);
    const guest = await t.guest();
    for (const [method, path, body] of [
      ['GET', '/api/friends', undefined],
      ['POST', '/api/friends', { code }],
      ['POST', '/api/friends/invites', undefined],
      ['GET', '/api/friends/invites', undefined],
      ['GET', '/api/friends/leaderboard?period=week', undefined],
      ['DELETE', `/api/friends/${host.user.id}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, cookie: guest.cookie, json: body });
      expect([method, path, res.status, (await json(res)).message]).toEqual([
        method,
        path,
        403,
        GUESTS_CANNOT_FRIEND,
      ]);
      expect((await t.request(path, { method, json: body })).status).toBe(401);
    }
    expect(await friendshipRows()).toBe(0);
  });

  it('rate-limits new invites per account', async () => {
    const a = await player(t);
    for (let i = 0; i < INVITES_PER_HOUR.capacity; i++) await invite(a.cookie);
    const res = await t.request('/api/friends/invites', { method: 'POST', cookie: a.cookie });
    expect(res.status).toBe(429);
    expect((await json(res)).message).toMatch(
      /^Too many invites in a short time\. Try again in \d+ minutes?\.$/,
    );
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    // Another account is not affected.
    await invite((await player(t)).cookie);
  });
});

describe('the friend limit', () => {
  /** `n` friends made straight in the tables (players who never sign in). */
  async function withFriends(userId: string, n: number) {
    const others = Array.from({ length: n }, (_, i) => ({
      id: `${userId}-friend-${i}`,
      username: uniqueName('f'),
      createdAt: TEST_NOW,
    }));
    await insertUsersBulk(t.db, others);
    await insertFriendshipsBulk(
      t.db,
      others.map((o) => ({ userId, friendId: o.id, since: TEST_TODAY })),
    );
  }

  it(`holds at ${FRIENDS_MAX} on either side, without half a friendship`, async () => {
    const full = await player(t);
    await withFriends(full.user.id, FRIENDS_MAX);
    const other = await player(t);

    const fromFull = await invite(full.cookie);
    const theirs = await accept(other.cookie, fromFull.code);
    expect([theirs.status, (await json(theirs)).message]).toEqual([
      409,
      THEIR_FRIENDS_FULL(full.user.username),
    ]);
    const toFull = await invite(other.cookie);
    const mine = await accept(full.cookie, toFull.code);
    expect([mine.status, (await json(mine)).message]).toEqual([409, YOUR_FRIENDS_FULL]);
    expect(await rowsWhere(t.db, friendships, friendships.userId, other.user.id)).toEqual([]);
    expect(await rowsWhere(t.db, friendships, friendships.friendId, other.user.id)).toEqual([]);

    // Removing one makes room.
    const someone = (await friendsOf(full.cookie)).friends[0]!;
    expect(
      (await t.request(`/api/friends/${someone.id}`, { method: 'DELETE', cookie: full.cookie })).status,
    ).toBe(200);
    expect((await accept(full.cookie, toFull.code)).status).toBe(201);
  });

  it('lets no burst of accepts past the limit', async () => {
    const host = await player(t);
    await withFriends(host.user.id, FRIENDS_MAX - 2);
    const { code } = await invite(host.cookie);
    const joiners = await Promise.all(Array.from({ length: 5 }, () => player(t)));
    const statuses = (await Promise.all(joiners.map((p) => accept(p.cookie, code)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect((await friendsOf(host.cookie)).friends).toHaveLength(FRIENDS_MAX);
  });
});

describe('removing friends and players', () => {
  it('removes a friendship on both sides, and from results', async () => {
    const a = await player(t);
    const b = await player(t);
    await befriend(a, b);
    await answerMc(a, 1, 'opt-1');
    await answerMc(b, 1, 'opt-2');
    expect((await resultsOf(a.cookie, mcOf(1).id)).friends).toHaveLength(1);

    const res = await t.request(`/api/friends/${b.user.id}`, { method: 'DELETE', cookie: a.cookie });
    expect(res.status).toBe(200);
    expect((await friendsOf(a.cookie)).friends).toEqual([]);
    expect((await friendsOf(b.cookie)).friends).toEqual([]);
    expect((await resultsOf(a.cookie, mcOf(1).id)).friends).toEqual([]);
    expect((await resultsOf(b.cookie, mcOf(1).id)).friends).toEqual([]);
    const again = await t.request(`/api/friends/${b.user.id}`, { method: 'DELETE', cookie: a.cookie });
    expect([again.status, (await json(again)).message]).toEqual([404, NOT_A_FRIEND]);
  });

  it('leaves no trace of a deleted player on their friends’ screens', async () => {
    const a = await player(t);
    const b = await player(t);
    await befriend(a, b);
    await invite(b.cookie);
    await answerMc(a, 1, 'opt-1');
    await answerMc(b, 1, 'opt-1');
    const token = await t.adminToken();
    expect((await t.request(`/api/admin/users/${b.user.id}`, { method: 'DELETE', token })).status).toBe(200);

    expect((await friendsOf(a.cookie)).friends).toEqual([]);
    expect((await resultsOf(a.cookie, mcOf(1).id)).friends).toEqual([]);
    const board = LeaderboardSchema.parse(
      await json(await t.request('/api/friends/leaderboard?period=week', { cookie: a.cookie })),
    );
    expect(board.entries.map((e) => e.username)).toEqual([a.user.username]);
    expect(await friendshipRows()).toBe(0);
    expect(await rowsWhere(t.db, friendInvites, friendInvites.userId, b.user.id)).toEqual([]);
  });
});

describe('friends on results', () => {
  it('shows what friends picked, only to their friends and only after answering', async () => {
    const viewer = await player(t);
    const friend = await player(t);
    const stranger = await player(t);
    await befriend(viewer, friend);
    await answerMc(friend, 1, 'opt-2');
    await answerMc(stranger, 1, 'opt-2');
    // Not answered yet: no results at all (and so no friends).
    expect((await t.request(`/api/questions/${mcOf(1).id}/results`, { cookie: viewer.cookie })).status).toBe(
      403,
    );

    await answerMc(viewer, 1, 'opt-2');
    expect((await resultsOf(viewer.cookie, mcOf(1).id)).friends).toEqual([
      { username: friend.user.username, selectedOptionId: 'opt-2', numericValue: null },
    ]);
    expect((await resultsOf(stranger.cookie, mcOf(1).id)).friends).toEqual([]);
    expect((await resultsOf(friend.cookie, mcOf(1).id)).friends).toEqual([
      { username: viewer.user.username, selectedOptionId: 'opt-2', numericValue: null },
    ]);
    // Operators read results without friends.
    const token = await t.adminToken();
    const admin = await t.request(`/api/questions/${mcOf(1).id}/results`, { token });
    expect((await json(admin)).friends).toEqual([]);
  });

  it('carries numeric answers', async () => {
    const viewer = await player(t);
    const friend = await player(t);
    await befriend(viewer, friend);
    const numeric = today.questions.get(today.topics[0]!.id)![1]!;
    for (const [p, value] of [
      [friend, 42],
      [viewer, 60],
    ] as const) {
      await mustSelect(t, p.cookie, today.topics[0]!.id);
      await mustAnswer(t, p.cookie, { questionId: numeric.id, numericValue: value });
    }
    expect((await resultsOf(viewer.cookie, numeric.id)).friends).toEqual([
      { username: friend.user.username, selectedOptionId: null, numericValue: 42 },
    ]);
  });

  it('leaves out friends who do not share answers', async () => {
    const viewer = await player(t);
    const friend = await player(t);
    await befriend(viewer, friend);
    await answerMc(friend, 1, 'opt-1');
    await answerMc(viewer, 1, 'opt-1');
    const off = await t.request('/api/preferences', {
      method: 'PUT',
      cookie: friend.cookie,
      json: { shareAnswersWithFriends: false },
    });
    expect(off.status).toBe(200);
    expect((await resultsOf(viewer.cookie, mcOf(1).id)).friends).toEqual([]);
  });

  it('follows the link group, leaving out a day whose member the viewer has not answered', async () => {
    const viewer = await player(t);
    const friend = await player(t);
    await befriend(viewer, friend);
    const source = mcOf(1);
    const yesterday = addDays(TEST_TODAY, -1);
    // The same question asked yesterday (imported from today's, so in its link group) in another topic.
    const earlier = await createQuestion(t.db, {
      topicId: today.topics[2]!.id,
      date: yesterday,
      linkedQuestionId: source.id,
    });
    const friendRow = (await createUser(t.db)).id; // a third friend, answering only yesterday's member
    await insertFriendshipsBulk(t.db, [{ userId: viewer.user.id, friendId: friendRow, since: TEST_TODAY }]);
    await createAnswer(t.db, { userId: friendRow, questionId: earlier.id, selectedOptionId: 'opt-3' });
    await answerMc(friend, 1, 'opt-2');
    await answerMc(viewer, 1, 'opt-2');
    // Yesterday's member is unanswered by the viewer: that day's answers stay hidden.
    expect((await resultsOf(viewer.cookie, source.id)).friends.map((f) => f.username)).toEqual([
      friend.user.username,
    ]);
    await createAnswer(t.db, { userId: viewer.user.id, questionId: earlier.id, selectedOptionId: 'opt-1' });
    const both = (await resultsOf(viewer.cookie, source.id)).friends;
    expect(both).toHaveLength(2);
    expect(both).toContainEqual(expect.objectContaining({ selectedOptionId: 'opt-3', numericValue: null }));
    // A friend who answered both days shows, on each card, what they picked for that question.
    await createAnswer(t.db, { userId: friend.user.id, questionId: earlier.id, selectedOptionId: 'opt-4' });
    const pickOf = async (questionId: string) =>
      (await resultsOf(viewer.cookie, questionId)).friends.find((f) => f.username === friend.user.username)
        ?.selectedOptionId;
    expect(await pickOf(source.id)).toBe('opt-2');
    expect(await pickOf(earlier.id)).toBe('opt-4');
  });
});

describe('friends on results kept between requests (ADR 0283)', () => {
  it('follows every write after a read: friendships, names, sharing, answers, deletions', async () => {
    const viewer = await player(t);
    const friend = await player(t);
    const other = await player(t);
    await befriend(viewer, friend);
    await answerMc(friend, 1, 'opt-2');
    await answerMc(other, 1, 'opt-3');
    await answerMc(viewer, 1, 'opt-2');
    const question = mcOf(1);
    const names = async () =>
      (await resultsOf(viewer.cookie, question.id)).friends.map((f) => `${f.username}:${f.selectedOptionId}`);
    const f = `${friend.user.username}:opt-2`;
    // Read twice: where the process keeps reads, the second is the kept list.
    expect(await names()).toEqual([f]);
    expect(await names()).toEqual([f]);

    // A new friendship of the viewer.
    await befriend(other, viewer);
    const o = `${other.user.username}:opt-3`;
    expect((await names()).sort()).toEqual([f, o].sort());
    // A friend stops sharing, then shares again.
    const share = async (on: boolean) =>
      expect(
        (
          await t.request('/api/preferences', {
            method: 'PUT',
            cookie: other.cookie,
            json: { shareAnswersWithFriends: on },
          })
        ).status,
      ).toBe(200);
    await share(false);
    expect(await names()).toEqual([f]);
    await share(true);
    expect((await names()).sort()).toEqual([f, o].sort());
    // A friend's name changes (whoever writes it).
    await t.db.run(sql`UPDATE users SET username = 'renamed_friend' WHERE id = ${friend.user.id}`);
    expect((await names()).sort()).toEqual(['renamed_friend:opt-2', o].sort());

    // A friend answers the group's member of another day; the viewer's own answer there then shows it.
    const earlier = await createQuestion(t.db, {
      topicId: today.topics[2]!.id,
      date: addDays(TEST_TODAY, -1),
      linkedQuestionId: question.id,
    });
    const late = (await createUser(t.db, { username: 'late_friend' })).id;
    await insertFriendshipsBulk(t.db, [{ userId: viewer.user.id, friendId: late, since: TEST_TODAY }]);
    await createAnswer(t.db, { userId: late, questionId: earlier.id, selectedOptionId: 'opt-1' });
    // Yesterday's member is unanswered by the viewer: that day stays hidden.
    expect((await names()).sort()).toEqual(['renamed_friend:opt-2', o].sort());
    await createAnswer(t.db, { userId: viewer.user.id, questionId: earlier.id, selectedOptionId: 'opt-1' });
    expect((await names()).sort()).toEqual(['late_friend:opt-1', 'renamed_friend:opt-2', o].sort());
    await t.db.run(sql`UPDATE answers SET selected_option_id = 'opt-4' WHERE user_id = ${late}`);
    expect((await names()).sort()).toEqual(['late_friend:opt-4', 'renamed_friend:opt-2', o].sort());
    const pickOfLate = async () =>
      (await resultsOf(viewer.cookie, question.id)).friends.find((x) => x.username === 'late_friend');
    await createAnswer(t.db, { userId: late, questionId: question.id, selectedOptionId: 'opt-3' });
    expect((await pickOfLate())?.selectedOptionId).toBe('opt-3');
    await t.db.run(sql`DELETE FROM answers WHERE user_id = ${late} AND question_id = ${question.id}`);
    expect((await pickOfLate())?.selectedOptionId).toBe('opt-4');

    // The friendship ends; then a friend's account is deleted.
    const res = await t.request(`/api/friends/${other.user.id}`, { method: 'DELETE', cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect((await names()).sort()).toEqual(['late_friend:opt-4', 'renamed_friend:opt-2'].sort());
    const token = await t.adminToken();
    expect((await t.request(`/api/admin/users/${friend.user.id}`, { method: 'DELETE', token })).status).toBe(
      200,
    );
    expect(await names()).toEqual(['late_friend:opt-4']);
    // The other side sees the viewer no more either.
    expect((await resultsOf(other.cookie, question.id)).friends).toEqual([]);
  });

  it('bumps the group version only for answers of players who have a friend', async () => {
    const loner = await player(t);
    const groupVersion = async () =>
      (
        await t.db.all<{ version: number }>(
          sql`SELECT version FROM friend_answer_versions WHERE group_id = ${mcOf(1).groupId}`,
        )
      )[0]?.version ?? 0;
    await answerMc(loner, 1, 'opt-1');
    expect(await groupVersion()).toBe(0);
    const a = await player(t);
    const b = await player(t);
    await befriend(a, b);
    await answerMc(a, 1, 'opt-1');
    expect(Number(await groupVersion())).toBe(1);
  });
});

describe('the Friends screen and the weekly leaderboard', () => {
  it('shows streaks, played today and the friend streak with its nudge', async () => {
    const a = await player(t);
    const b = await player(t);
    // Friends for a week; both have played 5 days in a row, through yesterday.
    await befriend(a, b);
    await t.db.run(sql`UPDATE friendships SET since = ${addDays(TEST_TODAY, -7)}`);
    await t.db.run(
      sql`UPDATE users SET current_streak = 5, longest_streak = 5, last_activity_date = ${addDays(TEST_TODAY, -1)}
        WHERE id IN (${a.user.id}, ${b.user.id})`,
    );
    let row = (await friendsOf(a.cookie)).friends[0]!;
    expect(row).toMatchObject({
      currentStreak: 5,
      playedToday: false,
      friendStreak: 5,
      friendStreakAtRisk: true,
    });

    await answerMc(a, 1, 'opt-1');
    const view = await friendsOf(a.cookie);
    expect(view.me).toEqual({ playedToday: true, currentStreak: 6 });
    expect(view.friends[0]).toMatchObject({ friendStreak: 5, friendStreakAtRisk: true });
    await answerMc(b, 1, 'opt-1');
    row = (await friendsOf(a.cookie)).friends[0]!;
    expect(row).toMatchObject({
      currentStreak: 6,
      playedToday: true,
      friendStreak: 6,
      friendStreakAtRisk: false,
    });
  });

  it('ranks the viewer and their friends over the last 7 game days', async () => {
    const a = await player(t);
    const b = await player(t);
    const stranger = await player(t);
    await befriend(a, b);
    // b played 3 of the last 7 days (and 8 days ago, outside the week), a only today.
    for (const daysAgo of [1, 3, 8]) {
      const q = await createQuestion(t.db, {
        topicId: today.topics[1]!.id,
        date: addDays(TEST_TODAY, -daysAgo),
      });
      await createAnswer(t.db, { userId: b.user.id, questionId: q.id });
    }
    // An archive answer (late) plays no day.
    const archived = await createQuestion(t.db, {
      topicId: today.topics[1]!.id,
      date: addDays(TEST_TODAY, -2),
    });
    await createAnswer(t.db, { userId: b.user.id, questionId: archived.id, late: true });
    await answerMc(b, 1, 'opt-1');
    await answerMc(a, 1, 'opt-1');
    await answerMc(stranger, 1, 'opt-1');
    await t.db.run(sql`INSERT INTO crowd_sense_days (user_id, date, guesses, right_guesses)
      VALUES (${b.user.id}, ${addDays(TEST_TODAY, -1)}, 4, 3), (${b.user.id}, ${addDays(TEST_TODAY, -9)}, 5, 5)`);

    const res = await t.request('/api/friends/leaderboard?period=week', { cookie: a.cookie });
    expect(res.status).toBe(200);
    const board = LeaderboardSchema.parse(await res.json());
    expect(board).toMatchObject({ period: 'week', from: addDays(TEST_TODAY, -6), to: TEST_TODAY });
    expect(board.entries).toEqual([
      { username: b.user.username, daysPlayed: 3, rightGuesses: 3, crowdSense: 75, isMe: false },
      { username: a.user.username, daysPlayed: 1, rightGuesses: 0, crowdSense: null, isMe: true },
    ]);

    const bad = await t.request('/api/friends/leaderboard?period=year', { cookie: a.cookie });
    expect([bad.status, (await json(bad)).message]).toEqual([400, 'period must be "week"']);
  });
});
