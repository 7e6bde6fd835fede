import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { deleteUsersFriendsStatements } from './friends.queries';
import { runBatch, type Database } from '../database';
import { prerender, rowFromDriver } from '../engine/statements';
import {
  answers,
  badges,
  funnelCounts,
  funnelDays,
  playRollup,
  pushSubscriptions,
  questions,
  sessions,
  userDailySelections,
  users,
} from '../schema';
import {
  counterDeltaSql,
  counterDeltaStatement,
  decrementQuestionCountsStatement,
  decrementUserTotalsStatement,
  pruneZeroCountersStatement,
  type AnswerFilter,
} from './counters.queries';
import type { BadgeRow } from './badges.queries';
import { crowdRemovalStatements } from './crowd.queries';

export type AnswerRow = typeof answers.$inferSelect;
export type UserAnswerValue = {
  questionId: string;
  selectedOptionId: string | null;
  numericValue: number | null;
};

/** The user's answers to questions of one game day (prefix of answers_user_question_uq). */
export async function findUserAnswersForDate(
  db: Database,
  userId: string,
  date: string,
): Promise<UserAnswerValue[]> {
  return (
    db
      .select({
        questionId: answers.questionId,
        selectedOptionId: answers.selectedOptionId,
        numericValue: answers.numericValue,
      })
      .from(answers)
      // Unary + keeps SQLite off the date index (every answer of the day) and on the user's own rows.
      .where(and(eq(answers.userId, userId), sql`+${answers.questionDate} = ${date}`))
      .all()
  );
}

/** The user's answer to one question, or undefined. */
export async function findUserAnswer(
  db: Database,
  userId: string,
  questionId: string,
): Promise<AnswerRow | undefined> {
  return db
    .select()
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.questionId, questionId)))
    .get();
}

export type SubmitAnswerWrite = {
  answerId: string;
  userId: string;
  questionId: string;
  groupId: string;
  questionDate: string;
  /** The topic whose selection must still contain it when the row is written. */
  topicId: string;
  selectedOptionId: string | null;
  numericValue: number | null;
  answeredAt: Date;
  /** Answered from the archive, after its game day: no streak, no calendar day (docs/decisions/0270-history-and-archive.md). */
  late: boolean;
  /** Missed game days this answer's freezes covered: marked frozen in the player's calendar. */
  frozenDays: readonly string[];
  /** The game day the answer is given on (today): the day the play rollup and the funnel count it for. */
  playDate: string;
  /**
   * The day's funnel row: written with the player's first answer of the day (`answered`) and with the
   * answer that finishes their day (`finished`); null for every other answer, which leaves the row alone.
   */
  funnel: { answered: boolean; finished: boolean } | null;
  /**
   * The user's streak after this answer, or null when it is what the user row already holds (every answer of
   * the day after the first): the update then leaves the streak columns alone, so SQLite does not rewrite the
   * users indexes over them (users_last_activity_idx, users_longest_streak_idx) for an unchanged value.
   */
  streak: {
    currentStreak: number;
    longestStreak: number;
    lastActivityDate: string;
    streakFreezes: number;
    freezesSpentOn: string | null;
    freezesSpent: number;
  } | null;
  /** Badge types to award (already filtered by the domain rules); duplicates are ignored by the unique index. */
  badgeTypes: readonly string[];
  newBadgeId: () => string;
};

/**
 * Writes an answer and everything that follows from it in ONE batch (atomic on libSQL and D1):
 * the answer row (demographic snapshot copied from the user row in SQL; only while the topic is still
 * selected; ON CONFLICT DO NOTHING on the unique user+question index), then — each guarded by the new row
 * existing — result counters, the question's answer_count, the user's total/streak and new badges.
 * A duplicate or a lost race therefore changes nothing. `answer` is undefined when no row was written.
 */
export async function writeAnswerBatch(
  db: Database,
  w: SubmitAnswerWrite,
): Promise<{ answer: AnswerRow | undefined; newBadges: BadgeRow[] }> {
  const t = (answerWriteTemplates ??= renderAnswerWriteTemplates(db));
  const answeredAt = w.answeredAt.getTime();
  const results = await runBatch(db, [
    db.all(
      t.insertAnswer({
        answerId: w.answerId,
        userId: w.userId,
        questionId: w.questionId,
        groupId: w.groupId,
        questionDate: w.questionDate,
        selectedOptionId: w.selectedOptionId,
        numericValue: w.numericValue,
        answeredAt,
        late: w.late ? 1 : 0,
        topicId: w.topicId,
      }),
    ),
    db.run(t.counters({ answerId: w.answerId })),
    db.run(t.questionCount({ questionId: w.questionId, answerId: w.answerId })),
    // Before the user update: it reads the player's first and last play day as they were before this answer.
    db.run(t.playRollup({ playDate: w.playDate, userId: w.userId, answerId: w.answerId })),
    db.run(
      w.streak
        ? t.userTotalsAndStreak({
            currentStreak: w.streak.currentStreak,
            longestStreak: w.streak.longestStreak,
            lastActivityDate: w.streak.lastActivityDate,
            streakFreezes: w.streak.streakFreezes,
            freezesSpentOn: w.streak.freezesSpentOn,
            freezesSpent: w.streak.freezesSpent,
            playDate: w.playDate,
            userId: w.userId,
            answerId: w.answerId,
          })
        : t.userTotal({ playDate: w.playDate, userId: w.userId, answerId: w.answerId }),
    ),
    ...(w.funnel
      ? [t.funnelCounts, t.funnel].map((statement) =>
          db.run(
            statement({
              playDate: w.playDate,
              userId: w.userId,
              answeredAt: w.funnel!.answered ? answeredAt : null,
              finishedAt: w.funnel!.finished ? answeredAt : null,
              answerId: w.answerId,
            }),
          ),
        )
      : []),
    ...w.badgeTypes.map((type) =>
      db.all(
        t.insertBadge({
          badgeId: w.newBadgeId(),
          userId: w.userId,
          type,
          earnedAt: answeredAt,
          answerId: w.answerId,
        }),
      ),
    ),
    ...(w.frozenDays.length > 0
      ? [db.run(t.frozenDays({ userId: w.userId, days: JSON.stringify(w.frozenDays), answerId: w.answerId }))]
      : []),
  ]);
  const raw = (results[0] as Record<string, unknown>[])[0];
  const answer = raw && rowFromDriver(answers, raw);
  // After the answer, counters, answer count, play rollup, user update and the funnel's two (when written).
  const badgesFrom = w.funnel ? 7 : 5;
  const newBadges = results
    .slice(badgesFrom, badgesFrom + w.badgeTypes.length)
    .flatMap((r) => (r as Record<string, unknown>[]).map((b) => rowFromDriver(badges, b)));
  return { answer, newBadges };
}

/**
 * The answer write's statements, rendered once from the Drizzle schema (the hot write path spent as much
 * time building SQL as SQLite spent running it); each call only binds its values. Same SQL as before:
 * the answer row with the demographic snapshot copied from the user in SQL, only while the topic is still
 * selected, ON CONFLICT DO NOTHING; everything after it guarded by the new row existing.
 */
let answerWriteTemplates: ReturnType<typeof renderAnswerWriteTemplates> | undefined;

function renderAnswerWriteTemplates(db: Database) {
  const p = sql.placeholder;
  const inserted = sql`EXISTS (SELECT 1 FROM answers WHERE id = ${p('answerId')})`;
  return {
    insertAnswer: prerender<
      | 'answerId'
      | 'userId'
      | 'questionId'
      | 'groupId'
      | 'questionDate'
      | 'selectedOptionId'
      | 'numericValue'
      | 'answeredAt'
      | 'late'
      | 'topicId'
    >(
      sql`${db
        .insert(answers)
        .select(
          sql`SELECT ${p('answerId')}, u.id, ${p('questionId')}, ${p('groupId')}, ${p('questionDate')}, ${p('selectedOptionId')}, ${p('numericValue')},
            u.gender, u.age_bracket, u.race_bracket, u.country, u.city, u.province, ${p('answeredAt')},
            NULL, NULL, NULL, NULL, NULL, -- guess_option_id, revealed_at, crowd_top, own_share, guess_correct
            ${p('late')}
          FROM users u
          WHERE u.id = ${p('userId')} AND EXISTS (
            SELECT 1 FROM user_daily_selections s, json_each(s.selected_topic_ids) j
            WHERE s.user_id = u.id AND s.date = ${p('questionDate')} AND j.value = ${p('topicId')})`,
        )
        .onConflictDoNothing()
        .getSQL()} RETURNING *`,
    ),
    counters: prerender<'answerId'>(counterDeltaSql({ kind: 'answerId', id: p('answerId') }, 1)),
    questionCount: prerender<'questionId' | 'answerId'>(
      db
        .update(questions)
        .set({ answerCount: sql`${questions.answerCount} + 1` })
        .where(and(eq(questions.id, p('questionId')), inserted)),
    ),
    /**
     * The daily play rollup (ADR 0301): the answer, and the player when this is their first answer of the day,
     * counted for the day and the player's cohort (their first game day — this day for a first answer ever).
     */
    playRollup: prerender<'playDate' | 'userId' | 'answerId'>(
      sql`INSERT INTO ${playRollup} (date, first_date, players, answers)
        SELECT ${p('playDate')}, coalesce(u.first_play_date, ${p('playDate')}), u.last_play_date IS NOT ${p('playDate')}, 1
        FROM users u WHERE u.id = ${p('userId')} AND ${inserted}
        ON CONFLICT (date, first_date) DO UPDATE SET players = players + excluded.players, answers = answers + 1`,
    ),
    /**
     * The day's funnel counts, before the row below moves: each stage this answer reaches for the first time
     * (the player's row as it was decides), and an answer within an hour of the drop reminder.
     */
    funnelCounts: prerender<'playDate' | 'userId' | 'answeredAt' | 'finishedAt' | 'answerId'>(
      sql`INSERT INTO ${funnelCounts} (date, players, picked, answered, finished, played_within_hour)
        SELECT ${p('playDate')}, f.opened_at IS NULL, f.picked_at IS NULL,
          ${p('answeredAt')} IS NOT NULL AND f.answered_at IS NULL,
          ${p('finishedAt')} IS NOT NULL AND f.finished_at IS NULL,
          ${p('answeredAt')} IS NOT NULL AND f.answered_at IS NULL AND f.reminded_at IS NOT NULL
            AND ${p('answeredAt')} BETWEEN f.reminded_at AND f.reminded_at + 3600000
        FROM (SELECT 1) LEFT JOIN ${funnelDays} f ON f.date = ${p('playDate')} AND f.user_id = ${p('userId')}
        WHERE ${inserted}
        ON CONFLICT (date) DO UPDATE SET players = players + excluded.players, picked = picked + excluded.picked,
          answered = answered + excluded.answered, finished = finished + excluded.finished,
          played_within_hour = played_within_hour + excluded.played_within_hour`,
    ),
    funnel: prerender<'playDate' | 'userId' | 'answeredAt' | 'finishedAt' | 'answerId'>(
      sql`INSERT INTO ${funnelDays} (date, user_id, opened_at, picked_at, answered_at, finished_at)
        SELECT ${p('playDate')}, ${p('userId')}, ${p('answeredAt')}, ${p('answeredAt')}, ${p('answeredAt')}, ${p('finishedAt')}
        WHERE ${inserted}
        ON CONFLICT (date, user_id) DO UPDATE SET
          opened_at = coalesce(opened_at, excluded.opened_at),
          picked_at = coalesce(picked_at, excluded.picked_at),
          answered_at = coalesce(answered_at, excluded.answered_at),
          finished_at = coalesce(finished_at, excluded.finished_at)`,
    ),
    userTotal: prerender<'playDate' | 'userId' | 'answerId'>(
      db
        .update(users)
        .set({ totalAnswers: sql`${users.totalAnswers} + 1`, lastPlayDate: sql`${p('playDate')}` })
        .where(and(eq(users.id, p('userId')), inserted)),
    ),
    userTotalsAndStreak: prerender<
      | 'currentStreak'
      | 'longestStreak'
      | 'lastActivityDate'
      | 'streakFreezes'
      | 'freezesSpentOn'
      | 'freezesSpent'
      | 'playDate'
      | 'userId'
      | 'answerId'
    >(
      db
        .update(users)
        .set({
          totalAnswers: sql`${users.totalAnswers} + 1`,
          firstPlayDate: sql`coalesce(${users.firstPlayDate}, ${p('playDate')})`,
          lastPlayDate: sql`${p('playDate')}`,
          currentStreak: sql`${p('currentStreak')}`,
          longestStreak: sql`${p('longestStreak')}`,
          lastActivityDate: sql`${p('lastActivityDate')}`,
          streakFreezes: sql`${p('streakFreezes')}`,
          freezesSpentOn: sql`${p('freezesSpentOn')}`,
          freezesSpent: sql`${p('freezesSpent')}`,
        })
        .where(and(eq(users.id, p('userId')), inserted)),
    ),
    insertBadge: prerender<'badgeId' | 'userId' | 'type' | 'earnedAt' | 'answerId'>(
      sql`${db
        .insert(badges)
        .select(sql`SELECT ${p('badgeId')}, ${p('userId')}, ${p('type')}, ${p('earnedAt')} WHERE ${inserted}`)
        .onConflictDoNothing()
        .getSQL()} RETURNING *`,
    ),
    // The on-time days come from a trigger on answers (migration `history_triggers`); the missed days freezes covered from here.
    frozenDays: prerender<'userId' | 'days' | 'answerId'>(
      sql`INSERT INTO player_days (user_id, date, answers, frozen)
        SELECT ${p('userId')}, j.value, 0, 1 FROM json_each(${p('days')}) j WHERE ${inserted}
        ON CONFLICT (user_id, date) DO UPDATE SET frozen = 1`,
    ),
  };
}

/** Counter, total and answer_count decrements for the filtered answers; must precede their deletion. */
function answerRemovalStatements(
  db: Database,
  filter: AnswerFilter,
  opts: { userTotals: boolean },
): BatchItem<'sqlite'>[] {
  return [
    counterDeltaStatement(db, filter, -1),
    pruneZeroCountersStatement(db, filter),
    ...(opts.userTotals ? [decrementUserTotalsStatement(db, filter)] : []),
    decrementQuestionCountsStatement(db, filter),
    ...crowdRemovalStatements(db, filter),
  ];
}

/** Deletes answers by id with their counter effects, in one batch. Returns how many were deleted. */
export async function deleteAnswersWithCounters(db: Database, answerIds: readonly string[]): Promise<number> {
  if (answerIds.length === 0) return 0;
  const filter: AnswerFilter = { kind: 'answerIds', ids: answerIds };
  const results = await runBatch(db, [
    ...answerRemovalStatements(db, filter, { userTotals: true }),
    db
      .delete(answers)
      .where(sql`${answers.id} IN (SELECT value FROM json_each(${JSON.stringify(answerIds)}))`)
      .returning({ id: answers.id }),
  ]);
  return (results.at(-1) as unknown[]).length;
}

/**
 * Deletes users with everything they own (sessions, selections, answers, badges, push subscriptions) and the counter effects
 * of their answers, in one batch. Children are deleted explicitly so it holds whether or not the
 * connection enforces foreign keys. Returns how many users were deleted.
 */
export async function deleteUsersWithCounters(db: Database, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const filter: AnswerFilter = { kind: 'userIds', ids: userIds };
  const ids = sql`(SELECT value FROM json_each(${JSON.stringify(userIds)}))`;
  const results = await runBatch(db, [
    ...answerRemovalStatements(db, filter, { userTotals: false }),
    db.delete(answers).where(sql`${answers.userId} IN ${ids}`),
    db.delete(userDailySelections).where(sql`${userDailySelections.userId} IN ${ids}`),
    db.delete(badges).where(sql`${badges.userId} IN ${ids}`),
    db.delete(sessions).where(sql`${sessions.userId} IN ${ids}`),
    db.delete(pushSubscriptions).where(sql`${pushSubscriptions.userId} IN ${ids}`),
    ...deleteUsersFriendsStatements(db, JSON.stringify(userIds)),
    db
      .delete(users)
      .where(sql`${users.id} IN ${ids}`)
      .returning({ id: users.id }),
  ]);
  return (results.at(-1) as unknown[]).length;
}

/** Deletes a question and its answers with their counter effects, in one batch. False when it did not exist. */
export async function deleteQuestionWithCounters(db: Database, questionId: string): Promise<boolean> {
  const filter: AnswerFilter = { kind: 'questionId', id: questionId };
  const results = await runBatch(db, [
    ...answerRemovalStatements(db, filter, { userTotals: true }),
    db.delete(answers).where(eq(answers.questionId, questionId)),
    db.delete(questions).where(eq(questions.id, questionId)).returning({ id: questions.id }),
  ]);
  return (results.at(-1) as unknown[]).length === 1;
}

/**
 * The statements that delete questions with their answers and the answers' counter effects — to run inside
 * a larger batch (the day save), in this order, after any guard statement.
 */
export function removeQuestionsStatements(
  db: Database,
  questionIds: readonly string[],
): BatchItem<'sqlite'>[] {
  if (questionIds.length === 0) return [];
  const filter: AnswerFilter = { kind: 'questionIds', ids: questionIds };
  const ids = sql`(SELECT value FROM json_each(${JSON.stringify(questionIds)}))`;
  return [
    ...answerRemovalStatements(db, filter, { userTotals: true }),
    db.delete(answers).where(sql`${answers.questionId} IN ${ids}`),
    db.delete(questions).where(sql`${questions.id} IN ${ids}`),
  ];
}
