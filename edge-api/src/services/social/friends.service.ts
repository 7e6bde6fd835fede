import type {
  AcceptInviteResult,
  Friend,
  FriendInvite,
  FriendInvites,
  FriendsResponse,
  InvitePreview,
  Leaderboard,
  ResultsFriend,
} from '@daily-tea/shared/contracts/friends';
import {
  crowdSensePercent,
  displayInviteCode,
  EXPIRED_INVITE,
  FRIENDS_MAX,
  friendStreak,
  GUESTS_CANNOT_FRIEND,
  INVITE_CODE_LENGTH,
  INVITE_TTL_DAYS,
  inviteCodeFrom,
  invitePath,
  leaderboardFrom,
  normaliseInviteCode,
  NOT_A_FRIEND,
  OWN_INVITE,
  REVOKED_INVITE,
  THEIR_FRIENDS_FULL,
  UNKNOWN_INVITE,
  YOUR_FRIENDS_FULL,
} from '@daily-tea/shared/domain/friends';
import { effectiveCurrentStreak, type StreakState } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import {
  deleteFriendship,
  findFriend,
  findFriendAnswers,
  findFriends,
  findInvite,
  findLeaderboard,
  findLiveInvites,
  insertFriendship,
  insertInvite,
  revokeInvite as revokeInviteRow,
  type FriendFigures,
  type FriendsVersion,
  type InviteRow,
} from '../../db/queries/friends.queries';
import { isUniqueViolation } from '../../db/queries/users.queries';
import type { Deps } from '../../env';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { giveBack, takeOrRefuse } from '../auth/rate-limits';
import { today } from '../play/today';

/**
 * Friends (product.md#play-rules, docs/decisions/0280-friends.md): invites, friendships, the Friends screen's figures,
 * the weekly leaderboard and friends on results. Registered players only: every verb refuses a guest with 403.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** New invites per account: 10 an hour (a player shares one link; a script minting thousands is refused). */
export const INVITES_PER_HOUR = { capacity: 10, periodMs: HOUR } as const;
/** Accept attempts per account: 20 per 15 minutes, given back on success (only wrong codes use it up). */
export const ACCEPTS_PER_QUARTER = { capacity: 20, periodMs: 15 * 60_000 } as const;
/** Invite look-ups (no session needed) per address: 60 per 15 minutes. */
export const PREVIEWS_PER_QUARTER = { capacity: 60, periodMs: 15 * 60_000 } as const;

const tooManyInvites = (wait: string) => `Too many invites in a short time. Try again in ${wait}.`;
const tooManyCodes = (wait: string) => `Too many invite codes tried. Try again in ${wait}.`;

class GoneError extends AppError {
  constructor(message: string) {
    super(410, message, 'gone');
  }
}

function registered(user: UserRow): void {
  if (user.isGuest) throw new ForbiddenError(GUESTS_CANNOT_FRIEND);
}

function inviteJson(row: Pick<InviteRow, 'code' | 'expiresAt'>, origin: string): FriendInvite {
  return {
    code: displayInviteCode(row.code),
    url: `${origin}${invitePath(row.code)}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Creates an invite: a fresh code, valid for INVITE_TTL_DAYS, usable by several people (rate-limited per account). */
export async function createInvite(deps: Deps, user: UserRow, origin: string): Promise<FriendInvite> {
  registered(user);
  const now = deps.now();
  await takeOrRefuse(
    deps.db,
    [{ key: `friend-invites:${user.id}`, ...INVITES_PER_HOUR }],
    now,
    tooManyInvites,
  );
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY);
  // 32^8 ≈ 10^12 codes: a collision is rare enough that one retry settles it.
  for (let attempt = 0; ; attempt++) {
    const code = inviteCodeFrom(crypto.getRandomValues(new Uint8Array(INVITE_CODE_LENGTH)));
    try {
      await insertInvite(deps.db, { code, userId: user.id, expiresAt });
      return inviteJson({ code, expiresAt }, origin);
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** The player's invites that still work, newest first. */
export async function listInvites(deps: Deps, user: UserRow, origin: string): Promise<FriendInvites> {
  registered(user);
  const rows = await findLiveInvites(deps.db, user.id, deps.now());
  return { invites: rows.map((r) => inviteJson(r, origin)) };
}

/** Withdraws one of the player's invites: anyone opening it from now on is told so. */
export async function revokeInvite(deps: Deps, user: UserRow, rawCode: string): Promise<{ ok: true }> {
  registered(user);
  const code = normaliseInviteCode(rawCode);
  if (!code || !(await revokeInviteRow(deps.db, user.id, code, deps.now())))
    throw new NotFoundError('You have no invite with this code.');
  return { ok: true };
}

/** An invite that can still be used, or the 4xx that says why not. */
async function usableInvite(deps: Deps, rawCode: string) {
  const code = normaliseInviteCode(rawCode);
  const invite = code ? await findInvite(deps.db, code) : undefined;
  if (!invite) throw new NotFoundError(UNKNOWN_INVITE);
  if (invite.revokedAt) throw new GoneError(REVOKED_INVITE);
  if (invite.expiresAt.getTime() <= deps.now().getTime()) throw new GoneError(EXPIRED_INVITE);
  return invite;
}

/** Who an invite is from, for the page its link opens (before the visitor signs up or in); throttled per address. */
export async function previewInvite(deps: Deps, rawCode: string, address: string): Promise<InvitePreview> {
  await takeOrRefuse(
    deps.db,
    [{ key: `invite-preview:${address}`, ...PREVIEWS_PER_QUARTER }],
    deps.now(),
    tooManyCodes,
  );
  const invite = await usableInvite(deps, rawCode);
  return { username: invite.username, expiresAt: invite.expiresAt.toISOString() };
}

const streakState = (
  u: Pick<UserRow, 'currentStreak' | 'longestStreak' | 'lastActivityDate' | 'streakFreezes'>,
): StreakState => ({
  currentStreak: u.currentStreak,
  longestStreak: u.longestStreak,
  lastActivityDate: u.lastActivityDate,
  streakFreezes: u.streakFreezes,
});

function friendJson(viewer: UserRow, f: FriendFigures, day: string): Friend {
  const state = streakState(f);
  const joint = friendStreak(streakState(viewer), state, f.since, day);
  return {
    id: f.id,
    username: f.username,
    currentStreak: effectiveCurrentStreak(state, day),
    playedToday: f.lastActivityDate === day,
    friendStreak: joint.days,
    friendStreakAtRisk: joint.atRisk,
  };
}

/**
 * Accepts an invite: the player and the invite's owner become friends at once, both ways, in one conditional batch
 * (idempotent: parallel accepts make one friendship; the 100-friend limit holds for both under concurrency).
 * Status 201 when this request made the friendship, 200 when they already were friends.
 */
export async function acceptInvite(
  deps: Deps,
  user: UserRow,
  rawCode: string,
): Promise<{ status: 200 | 201; body: AcceptInviteResult }> {
  registered(user);
  const now = deps.now();
  const bucket = { key: `friend-accepts:${user.id}`, ...ACCEPTS_PER_QUARTER };
  await takeOrRefuse(deps.db, [bucket], now, tooManyCodes);
  if (!normaliseInviteCode(rawCode))
    throw new BadRequestError('An invite code has 8 letters and digits, like K7QF-M2XP.');
  const invite = await usableInvite(deps, rawCode);
  if (invite.userId === user.id) throw new BadRequestError(OWN_INVITE);
  const day = today(deps);
  const write = await insertFriendship(deps.db, user.id, invite.userId, day, FRIENDS_MAX);
  if (!write.friends) {
    throw new ConflictError(
      write.countA >= FRIENDS_MAX ? YOUR_FRIENDS_FULL : THEIR_FRIENDS_FULL(invite.username),
    );
  }
  await giveBack(deps.db, bucket);
  const friend = await findFriend(deps.db, user.id, invite.userId);
  if (!friend) throw new NotFoundError(UNKNOWN_INVITE); // the inviter was deleted in between
  return {
    status: write.created ? 201 : 200,
    body: { friend: friendJson(user, friend, day), created: write.created },
  };
}

/** The Friends screen: each friend's streak, whether they played today and the friend streak. */
export async function listFriends(deps: Deps, user: UserRow): Promise<FriendsResponse> {
  registered(user);
  const day = today(deps);
  const rows = await findFriends(deps.db, user.id);
  return {
    friends: rows.map((f) => friendJson(user, f, day)),
    me: {
      playedToday: user.lastActivityDate === day,
      currentStreak: effectiveCurrentStreak(streakState(user), day),
    },
  };
}

/** Ends a friendship on both sides: neither sees the other anywhere from now on. */
export async function removeFriend(deps: Deps, user: UserRow, friendId: string): Promise<{ ok: true }> {
  registered(user);
  if (!(await deleteFriendship(deps.db, user.id, friendId))) throw new NotFoundError(NOT_A_FRIEND);
  return { ok: true };
}

/** The last 7 game days of the player and their friends: days played, right guesses, crowd sense — best first. */
export async function getLeaderboard(deps: Deps, user: UserRow): Promise<Leaderboard> {
  registered(user);
  const to = today(deps);
  const from = leaderboardFrom(to);
  const rows = await findLeaderboard(deps.db, user.id, from, to);
  const entries = rows
    .map((r) => ({
      username: r.username,
      daysPlayed: r.daysPlayed,
      rightGuesses: r.rightGuesses,
      crowdSense: crowdSensePercent(r.rightGuesses, r.guesses),
      isMe: r.id === user.id,
    }))
    .sort(
      (a, b) =>
        b.daysPlayed - a.daysPlayed ||
        b.rightGuesses - a.rightGuesses ||
        (b.crowdSense ?? -1) - (a.crowdSense ?? -1) ||
        a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }),
    );
  return { period: 'week', from, to, entries };
}

/**
 * Friends on a question's results (product.md#play-rules): for a registered viewer who answered it, the friends who share
 * answers and answered its link group — one indexed statement whatever the number of friends, kept by the data
 * layer while `version` (the results read's) holds. Guests and operators have no friends: no statement.
 */
export async function friendsOnResults(
  deps: Deps,
  viewer: UserRow | null,
  question: { id: string; groupId: string; date: string },
  version: FriendsVersion | undefined,
): Promise<ResultsFriend[]> {
  if (!viewer || viewer.isGuest) return [];
  return findFriendAnswers(deps.db, viewer.id, question, version);
}
