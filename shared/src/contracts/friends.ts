import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { TimestampSchema } from './common';

/** Friends (product.md#play-rules): invites, friendships, the weekly leaderboard, friends on results. */

/** POST /api/friends/invites (and each row of GET): a link and a short code, usable by several people until it expires. */
export const FriendInviteSchema = z.object({
  /** As people read it, e.g. "K7QF-M2XP"; accepted with or without the dash, in any case. */
  code: z.string(),
  /** Absolute link that opens the invite in the player app. */
  url: z.string(),
  expiresAt: TimestampSchema,
});
export type FriendInvite = z.infer<typeof FriendInviteSchema>;

export const FriendInvitesSchema = z.object({ invites: z.array(FriendInviteSchema) });
export type FriendInvites = z.infer<typeof FriendInvitesSchema>;

/** GET /api/friends/invites/{code}: who invites, shown before the visitor signs up or in. */
export const InvitePreviewSchema = z.object({ username: z.string(), expiresAt: TimestampSchema });
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

/** POST /api/friends. */
export const AcceptInviteInputSchema = z
  .object({
    code: z
      .string({ message: 'code is required' })
      .trim()
      .min(1, 'code is required')
      .max(32, 'code is too long'),
  })
  .strict();

export const FriendSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** The friend's own streak as it reads today (0 once broken). */
  currentStreak: z.number().int(),
  playedToday: z.boolean(),
  /** Game days in a row both played since becoming friends (docs/decisions/0280-friends.md). */
  friendStreak: z.number().int(),
  /** The friend streak is alive but today would break it: one of the two has not played yet. */
  friendStreakAtRisk: z.boolean(),
});
export type Friend = z.infer<typeof FriendSchema>;

/** GET /api/friends. `me` carries what the rows' nudges are worded against. */
export const FriendsResponseSchema = z.object({
  friends: z.array(FriendSchema),
  me: z.object({ playedToday: z.boolean(), currentStreak: z.number().int() }),
});
export type FriendsResponse = z.infer<typeof FriendsResponseSchema>;

/** POST /api/friends: the friend, and whether this request made the friendship (false: they already were). */
export const AcceptInviteResultSchema = z.object({ friend: FriendSchema, created: z.boolean() });
export type AcceptInviteResult = z.infer<typeof AcceptInviteResultSchema>;

export const LeaderboardQuerySchema = z.object({
  period: z.enum(['week'], { message: 'period must be "week"' }),
});

export const LeaderboardEntrySchema = z.object({
  username: z.string(),
  /** Game days of the last 7 (today included) with at least one answer. */
  daysPlayed: z.number().int(),
  /** Guess the crowd: right guesses judged in those days. */
  rightGuesses: z.number().int(),
  /** Share of right guesses in those days (0–100), null without a judged guess. */
  crowdSense: z.number().int().nullable(),
  /** The viewer's own row. */
  isMe: z.boolean(),
});

/** GET /api/friends/leaderboard?period=week: the viewer and their friends, best first. */
export const LeaderboardSchema = z.object({
  period: z.literal('week'),
  from: z.string(),
  to: z.string(),
  entries: z.array(LeaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** On results of a question the viewer answered: friends who share answers and answered its link group. */
export const ResultsFriendSchema = z.object({
  username: z.string(),
  selectedOptionId: z.string().nullable(),
  numericValue: z.number().nullable(),
});
export type ResultsFriend = z.infer<typeof ResultsFriendSchema>;
