import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

/**
 * The data model (product.md#data + Lucia sessions + maintained result counters).
 * Timestamps are integer milliseconds; game days are 'YYYY-MM-DD' text; lists are JSON text.
 */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isGuest: integer('is_guest', { mode: 'boolean' }).notNull().default(false),
    gender: text('gender'),
    ageBracket: text('age_bracket'),
    raceBracket: text('race_bracket'),
    area: text('area'),
    country: text('country'),
    city: text('city'),
    /** South African players: province slug or prefer_not_to_say (weighted results, ADR 0292). */
    province: text('province'),
    currentStreak: integer('current_streak').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
    lastActivityDate: text('last_activity_date'),
    /** Maintained in the answer batch: answers_50 / answers_100 badges without a count(*). */
    totalAnswers: integer('total_answers').notNull().default(0),
    /** Streak freezes held (0..2), maintained with the streak in the answer batch. */
    streakFreezes: integer('streak_freezes').notNull().default(0),
    /** Game day whose first answer last spent freezes, and how many ("A freeze kept your 12-day streak"). */
    freezesSpentOn: text('freezes_spent_on'),
    freezesSpent: integer('freezes_spent').notNull().default(0),
    /** Guess the crowd, all time: judged guesses and right ones, maintained in the reveal batch. */
    crowdGuesses: integer('crowd_guesses').notNull().default(0),
    crowdRight: integer('crowd_right').notNull().default(0),
    /** Preferences (product.md#accounts), read with the session's user row: GET /api/user stays one read. */
    guessTheCrowd: integer('guess_the_crowd', { mode: 'boolean' }).notNull().default(false),
    theme: text('theme', { enum: ['system', 'light', 'dark'] })
      .notNull()
      .default('system'),
    shareAnswersWithFriends: integer('share_answers_with_friends', { mode: 'boolean' })
      .notNull()
      .default(true),
    /**
     * Game days of the player's first and latest answer (ADR 0301), maintained in the answer batch: the
     * retention cohort a player belongs to, and whether an answer is the player's first of its day.
     */
    firstPlayDate: text('first_play_date'),
    lastPlayDate: text('last_play_date'),
    /**
     * Bumped by triggers (migration `stats_version_triggers`) with every change to the player's player_stats row,
     * badges and crowd_sense_days, whoever writes: read with the session's user row, it tells whether a GET
     * /api/me/stats read a process holds is still current without a statement (docs/decisions/0274-stats-read-cache.md).
     */
    statsVersion: integer('stats_version').notNull().default(0),
    /**
     * Bumped by triggers (migration `answers_version_triggers`) with every insert, delete or move of the player's
     * answers, whoever writes: read with the session's user row, it tells whether which link-group days a process
     * knows the player has left unanswered is still current (docs/decisions/0306-results-read-costs.md).
     */
    answersVersion: integer('answers_version').notNull().default(0),
    /**
     * Bumped by triggers (migration `day_version_triggers`) with every write to the player's topic selections and
     * to an answer's value, whoever writes: with `answersVersion`, read with the session's user row, it tells whether
     * the player's day a process holds (GET /api/daily-topics) is still current without a statement
     * (docs/decisions/0309-session-user-cache.md).
     */
    dayVersion: integer('day_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_guest_created_idx').on(t.isGuest, t.createdAt),
    index('users_last_activity_idx').on(t.lastActivityDate, t.currentStreak),
    index('users_gender_idx').on(t.gender),
    index('users_age_idx').on(t.ageBracket),
    index('users_country_idx').on(t.country),
    index('users_created_idx').on(t.createdAt),
    // max(longest_streak) for the admin engagement card without reading every user.
    index('users_longest_streak_idx').on(t.longestStreak),
  ],
);

/** Lucia v3 sessions (expires_at in seconds, as the drizzle adapter expects). */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    /**
     * Bumped by a trigger (migration `sessions_user_row_version_trigger`) with every change to the session's users
     * row, in the same transaction, whoever writes: a process holding the signed-in user read at this version
     * serves it after reading only this session row (docs/decisions/0309-session-user-cache.md).
     */
    userRowVersion: integer('user_row_version').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const topics = sqliteTable(
  'topics',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('topics_created_idx').on(t.createdAt)],
);

export type StoredOption = string | { id?: string; text: string; icon?: string; isCorrect?: boolean };

export const questions = sqliteTable(
  'questions',
  {
    id: text('id').primaryKey(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    text: text('text').notNull(),
    type: text('type', { enum: ['multiple_choice', 'numeric'] })
      .notNull()
      .default('multiple_choice'),
    options: text('options', { mode: 'json' }).$type<StoredOption[]>().notNull().default([]),
    numericUnit: text('numeric_unit'),
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
    imageUrl: text('image_url'),
    /** Source question of an import. No FK: linked questions stay linked when the source is deleted. */
    linkedQuestionId: text('linked_question_id'),
    /** coalesce(linkedQuestionId, id), fixed at insert: the results aggregation key. */
    groupId: text('group_id').notNull(),
    /** Maintained in the answer batch (response stats without scanning answers). */
    answerCount: integer('answer_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('questions_date_topic_idx').on(t.date, t.topicId),
    index('questions_topic_date_idx').on(t.topicId, t.date),
    // A link group's members in date order, covering for their dates (the results read counts those up to a day).
    index('questions_group_idx').on(t.groupId, t.date),
    index('questions_created_idx').on(t.createdAt),
  ],
);

export const dailyTopics = sqliteTable('daily_topics', {
  id: text('id').primaryKey(),
  date: text('date').notNull().unique(),
  topicIds: text('topic_ids', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * Per game day, a version bumped by triggers (migration 0011) on every write to that date's schedule row or
 * questions, whoever writes (the day save, the per-call endpoints, scripts). A date without a row has
 * version 0. The day save (PUT /api/admin/days/{date}) opens its batch with a compare-and-swap on this row
 * that writes -1 when the stored version is not the one the operator edited from: the CHECK then fails, and
 * the batch — all or nothing on libSQL, Turso and D1 — applies nothing (docs/decisions/0141-day-save.md).
 */
export const dayVersions = sqliteTable(
  'day_versions',
  {
    date: text('date').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (t) => [check('day_version_is_current', sql`${t.version} >= 0`)],
);

export const userDailySelections = sqliteTable(
  'user_daily_selections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    selectedTopicIds: text('selected_topic_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /** Compare-and-swap guard: concurrent selections can never leave more than 3. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('selections_user_date_uq').on(t.userId, t.date)],
);

export const answers = sqliteTable(
  'answers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Denormalised from the question: result group and scheduled date (admin lists, stats). */
    groupId: text('group_id').notNull(),
    questionDate: text('question_date').notNull(),
    /** Normalised 'opt-N'; null for numeric answers. */
    selectedOptionId: text('selected_option_id'),
    numericValue: real('numeric_value'),
    /** Demographic snapshot at answer time (product.md#play-rules). */
    gender: text('gender'),
    ageBracket: text('age_bracket'),
    raceBracket: text('race_bracket'),
    /** Place snapshot at answer time (By Country / In {city}; decision 0171). */
    country: text('country'),
    city: text('city'),
    /** Province snapshot (the weighting cell, ADR 0292). */
    province: text('province'),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }).notNull(),
    /** Guess the crowd: the option the player guessed most players picked; set once, before the reveal. */
    guessOptionId: text('guess_option_id'),
    /**
     * When this question's results were first revealed to the player (multiple choice), with what they showed:
     * the most-picked option ids (JSON), the player's own share (0..1) and the guess verdict (null: no guess).
     * Written once; a guess is refused from then on.
     */
    revealedAt: integer('revealed_at', { mode: 'timestamp_ms' }),
    crowdTop: text('crowd_top', { mode: 'json' }).$type<string[]>(),
    ownShare: real('own_share'),
    guessCorrect: integer('guess_correct', { mode: 'boolean' }),
    /**
     * Answered after its game day, from the archive (docs/decisions/0270-history-and-archive.md): counts in results
     * like any other, earns no streak, freeze or day badge, and leaves the player's calendar as it was.
     */
    late: integer('late', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('answers_user_question_uq').on(t.userId, t.questionId),
    // The player's answers of a day, covering (no row lookups): the daily-topics and answer reads.
    index('answers_user_day_idx').on(
      t.userId,
      t.questionDate,
      t.questionId,
      t.selectedOptionId,
      t.numericValue,
    ),
    index('answers_group_numeric_idx').on(t.groupId, t.numericValue),
    // A player's answers to one link group, covering for their game days: the results read counts them in one
    // range instead of probing each member of the group (docs/decisions/0304-results-members-counted.md).
    index('answers_user_group_idx').on(t.userId, t.groupId, t.questionDate),
    index('answers_question_answered_idx').on(t.questionId, t.answeredAt),
    index('answers_date_answered_idx').on(t.questionDate, t.answeredAt),
    index('answers_answered_idx').on(t.answeredAt),
    // Response Analytics' GROUP BYs (per option, numeric bins, demographic splits) over a selection of questions,
    // covering: a seek per question, no answer row read.
    index('answers_question_split_idx').on(
      t.questionId,
      t.selectedOptionId,
      t.numericValue,
      t.gender,
      t.ageBracket,
      t.raceBracket,
    ),
  ],
);

/**
 * Result counters per link group, maintained in the same batch as every answer insert/delete:
 * bucket 'all' or a demographic key (male, age_18-24, race_black, ...), trend/place keys (ADR 0171) and the
 * weighting cells `~w:<gender>|<age>|<race>|<province>` (ADR 0292); optionId 'opt-N', or '#' for
 * numeric answers (valueSum carries the sum for the average). Results read these rows only.
 */
export const resultCounters = sqliteTable(
  'result_counters',
  {
    groupId: text('group_id').notNull(),
    bucket: text('bucket').notNull(),
    optionId: text('option_id').notNull(),
    count: integer('count').notNull().default(0),
    valueSum: real('value_sum').notNull().default(0),
    /** Sum of squared numeric values: the weighted variance behind a weighted average's interval (ADR 0292). */
    valueSqSum: real('value_sq_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.bucket, t.optionId] })],
);

/**
 * Per link group, a version bumped by triggers (migration 0005) on every change to its result_counters rows,
 * whoever writes. Results cached in a process are valid exactly while their group's version is unchanged.
 * A group without a row has version 0 (no counter has changed since the migration).
 */
export const resultVersions = sqliteTable('result_versions', {
  groupId: text('group_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

export const badges = sqliteTable(
  'badges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    earnedAt: integer('earned_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('badges_user_type_uq').on(t.userId, t.type)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    /** Who did it: a staff member's name, or `owner` (the role passwords); entries older than the column read `owner`. */
    actor: text('actor').notNull().default('owner'),
  },
  (t) => [index('audit_at_idx').on(t.at), index('audit_actor_at_idx').on(t.actor, t.at)],
);

/**
 * Named staff accounts (ADR 0300): editors and marketers created by the owner, each with their own
 * password (hashed like players'). `tokensFrom` (ms) ends every token issued before it (a password reset);
 * deleting the row ends them all.
 */
export const staff = sqliteTable(
  'staff',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: ['editor', 'marketing'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    tokensFrom: integer('tokens_from').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_name_lower_uq').on(sql`lower(${t.name})`)],
);

/**
 * Daily rollup of play (ADR 0301): per game day and retention cohort (the first game day of the
 * players counted), the players who answered that day and their answers. Written in the answer batch; never
 * decremented — a guest deleted tomorrow still played today. Activity sums a date's rows; retention reads the
 * rows where date − firstDate is 0, 1, 7 or 30.
 */
export const playRollup = sqliteTable(
  'play_rollup',
  {
    date: text('date').notNull(),
    firstDate: text('first_date').notNull(),
    players: integer('players').notNull().default(0),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.firstDate] }),
    index('play_rollup_first_idx').on(t.firstDate, t.date, t.players),
  ],
);

/**
 * The day's funnel per player (ADR 0301): when the player first opened the day's topics, picked a
 * topic, answered, finished the day and viewed results, and the drop reminder (opted in at the drop; when it
 * was sent). One row per player and game day; no foreign key, so a deleted player's past days still count.
 */
export const funnelDays = sqliteTable(
  'funnel_days',
  {
    date: text('date').notNull(),
    userId: text('user_id').notNull(),
    openedAt: integer('opened_at'),
    pickedAt: integer('picked_at'),
    answeredAt: integer('answered_at'),
    finishedAt: integer('finished_at'),
    resultsAt: integer('results_at'),
    reminderOptIn: integer('reminder_opt_in').notNull().default(0),
    remindedAt: integer('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.date, t.userId] })],
);

/**
 * The day's funnel as counts (ADR 0301): one row per game day, moved in the same batch as the funnel_days row
 * whose first transition it counts (a player's first open, pick, answer, finish and results view; the reminder's
 * opt-ins and sends; an answer within an hour of the reminder), so the funnel reads one row however many
 * players played that day.
 */
export const funnelCounts = sqliteTable('funnel_counts', {
  date: text('date').primaryKey(),
  players: integer('players').notNull().default(0),
  picked: integer('picked').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  finished: integer('finished').notNull().default(0),
  resultsViewed: integer('results_viewed').notNull().default(0),
  reminderOptIns: integer('reminder_opt_ins').notNull().default(0),
  remindersSent: integer('reminders_sent').notNull().default(0),
  playedWithinHour: integer('played_within_hour').notNull().default(0),
});

/**
 * Token buckets (docs/decisions/0131-throttles.md): sign-in and unlock attempts per account and address,
 * failed attempts per address across usernames, and new accounts per address. Each bucket holds up to
 * `capacity` tokens and refills `capacity` per `period_ms`; an attempt takes a token in a conditional write
 * before any password is checked. `full_at` (when the bucket is full again, and so forgettable) lets the
 * cleanup drop idle rows by index. Shared by every process and Worker isolate.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    tokens: real('tokens').notNull(),
    capacity: real('capacity').notNull(),
    periodMs: integer('period_ms').notNull(),
    updatedAt: integer('updated_at').notNull(),
    fullAt: integer('full_at').notNull(),
  },
  (t) => [index('rate_limits_full_at_idx').on(t.fullAt)],
);

/**
 * Revoked operator tokens (docs/decisions/0132-revocable-operator-tokens.md): one row per token ended by
 * "Exit Admin" (id = the token's id), and the row `*` whose `revoked_at` ends every token issued until
 * then (revoke-all). Rows go once every token they concern has expired (`expires_at`).
 */
export const operatorRevocations = sqliteTable(
  'operator_revocations',
  {
    id: text('id').primaryKey(),
    revokedAt: integer('revoked_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('operator_revocations_expires_idx').on(t.expiresAt)],
);

/**
 * One row (id 1) whose version is bumped by triggers (migration 0003) on every write to topics,
 * daily_topics and the catalogue columns of questions — by any writer, in any process. The in-process
 * catalogue cache is valid exactly while the version it was loaded at is still the stored one.
 */
export const catalogueVersion = sqliteTable('catalogue_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * Guess the crowd per player and game day: judged guesses and right ones, maintained in the same
 * batch as each reveal and each deletion of answers, so the 30-day crowd sense reads at most 30 rows.
 */
export const crowdSenseDays = sqliteTable(
  'crowd_sense_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    guesses: integer('guesses').notNull().default(0),
    rightGuesses: integer('right_guesses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * Web Push subscriptions for the reminder at the drop (decision 0172). One row per browser
 * endpoint (unique: a browser re-subscribing moves the row to the player now signed in). `lastSentDay` is
 * the game day of the last reminder claimed for it ('' = never): the sender claims rows by moving it to
 * today in one UPDATE … RETURNING, so two processes or cron runs never send the same day twice.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lastSentDay: text('last_sent_day').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_sent_idx').on(t.lastSentDay),
  ],
);

/**
 * Friendships (docs/decisions/0280-friends.md), stored both ways: (a, b) and (b, a), written together in
 * one batch and deleted together. A player's friends are the primary-key prefix `user_id = ?`; `friend_id` is
 * indexed for deleting a user's rows on the other side. `since` is the game day they became friends (the
 * friend streak counts from it).
 */
export const friendships = sqliteTable(
  'friendships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: text('since').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] }), index('friendships_friend_idx').on(t.friendId)],
);

/**
 * Versions of what friends on results are made of (docs/decisions/0283-friends-on-results-cached.md), bumped by
 * triggers (migration `friends_versions_triggers`) in the same transaction as every write that changes it, whoever
 * writes: per player, their friendships and their friends' names and sharing preference (`friend_list_versions`);
 * per link group, the answers of players who have a friend (`friend_answer_versions`). A process keeps a viewer's
 * friends on a question's results while both versions (and the catalogue's) are unchanged. No row reads as 0.
 */
export const friendListVersions = sqliteTable('friend_list_versions', {
  userId: text('user_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

export const friendAnswerVersions = sqliteTable('friend_answer_versions', {
  groupId: text('group_id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * Friend invites: a short code (primary key, stored without its dash) that several people may use until
 * `expires_at`, unless its owner revokes it first (`revoked_at`). Rows go with the periodic cleanup once expired.
 */
export const friendInvites = sqliteTable(
  'friend_invites',
  {
    code: text('code').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('friend_invites_user_idx').on(t.userId, t.expiresAt),
    index('friend_invites_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The player's calendar (docs/decisions/0270-history-and-archive.md): one row per player and game day they
 * answered on time (`answers` = on-time answers of that day) or covered with a streak freeze (`frozen`).
 * Maintained by triggers on answers (migration `history_triggers`), whoever writes; the answer batch adds the frozen days
 * when a first answer spends freezes. The 90-day calendar reads at most 90 rows of its primary key.
 */
export const playerDays = sqliteTable(
  'player_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    answers: integer('answers').notNull().default(0),
    frozen: integer('frozen', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/**
 * A player's all-time figures that would otherwise grow with their history (docs/decisions/0270-history-and-archive.md),
 * maintained by triggers (migration `history_triggers`) in the same transaction as every write that moves them: game days
 * played on time, days covered by freezes, and multiple-choice answers whose results were revealed with how
 * many of them sided with the most-picked option. Equal to a recount at all times (a test checks it).
 */
export const playerStats = sqliteTable('player_stats', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  daysPlayed: integer('days_played').notNull().default(0),
  daysFrozen: integer('days_frozen').notNull().default(0),
  picksRevealed: integer('picks_revealed').notNull().default(0),
  picksWithMajority: integer('picks_with_majority').notNull().default(0),
  /**
   * The last 90 days of player_days as one string, newest first (docs/decisions/0272-history-calendar-on-one-row.md):
   * character k is the game day `calendarEnd` − k — `1` played on time, `2` covered by a freeze only, `0` neither.
   * Kept by the same triggers as the figures above, so GET /api/me/stats reads one row instead of a range.
   */
  calendar: text('calendar').notNull().default(''),
  /** The newest game day `calendar` holds (null before the player's first day). */
  calendarEnd: text('calendar_end'),
});
