import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { runBatch, type Database } from '../database';
import { hotRow, jsonOf, prerender, rowFromDriver } from '../engine/statements';
import { answers } from '../schema';
import { answerFilterSql, type AnswerFilter } from './counters.queries';
import { CATALOGUE_VERSION_SQL, toVersion } from '../engine/read-caches';
import type { SelectionRow } from './selections.queries';

/**
 * Guess the crowd and the day's recap. A guess lives on the player's answer row; at the first reveal
 * of a question's results the answer row records what was shown (multiple choice: the most-picked options and
 * the player's own share; numeric: the side of the answer the average fell on, ADR 0244) and the guess verdict,
 * and — in the same batch — the player's maintained guess tallies
 * (`crowd_sense_days` per game day, `users.crowd_guesses/crowd_right` in total) move. Every deletion of answers
 * takes its judged guesses back out of those tallies, so they always equal a recount of the answer rows.
 */

/** The reveal state of a player's answer as stored (all null until revealed). */
export type StoredReveal = {
  revealedAt: Date | null;
  crowdTop: string[] | null;
  ownShare: number | null;
  guessOptionId: string | null;
  guessCorrect: boolean | null;
};

/**
 * Stores a guess (an option id, or on a numeric question a direction: ADR 0244) on the player's answer unless one
 * exists, its results were revealed, or the player has seen the results of another member of its link group; true
 * when stored.
 */
export async function writeGuess(
  db: Database,
  g: { userId: string; questionId: string; optionId: string; questionDate: string },
): Promise<boolean> {
  const rows = await db
    .update(answers)
    .set({ guessOptionId: g.optionId })
    .where(
      and(
        eq(answers.userId, g.userId),
        eq(answers.questionId, g.questionId),
        eq(answers.questionDate, g.questionDate),
        isNull(answers.guessOptionId),
        isNull(answers.revealedAt),
        sql`NOT ${groupResultsSeenSql(sql.raw('answers.user_id'), sql.raw('answers.group_id'))}`,
      ),
    )
    .returning({ id: answers.id });
  return rows.length === 1;
}

/**
 * Whether the player has seen the results of any member of a link group (ADR 0230): one of their answers in it
 * was revealed. Probes the player's answer to each member (questions_group_idx, answers_user_question_uq).
 */
const groupResultsSeenSql = (userId: SQL, groupId: SQL) => sql`EXISTS (SELECT 1 FROM questions m
  JOIN answers o ON o.user_id = ${userId} AND o.question_id = m.id
  WHERE m.group_id = ${groupId} AND o.revealed_at IS NOT NULL)`;

export async function findGroupResultsSeen(db: Database, userId: string, groupId: string): Promise<boolean> {
  const rows = await db.all<{ seen: number }>(
    sql`SELECT ${groupResultsSeenSql(sql`${userId}`, sql`${groupId}`)} AS seen`,
  );
  return Number(rows[0]?.seen ?? 0) === 1;
}

/** What one reveal records: the numbers shown when the player first saw the question's results. */
export type RevealWrite = {
  userId: string;
  questionId: string;
  revealedAt: Date;
  /** The most-picked options; on a numeric question the right directions (averageDirections). */
  mostPicked: readonly string[];
  /** Share of the player's own option; null on a numeric question. */
  ownShare: number | null;
};

let revealTemplates: ReturnType<typeof renderRevealTemplates> | undefined;

/**
 * Rendered once (prerender, ADR 0152): every first view of a multiple-choice result reveals, and building these
 * statements per view was the 9 AM drop's largest Drizzle cost (ADR 0138). Each call binds its values only.
 */
function renderRevealTemplates(db: Database) {
  const p = sql.placeholder;
  const right = sql`(a.guess_option_id IN (SELECT value FROM json_each(${p('top')})))`;
  const pending = sql`a.user_id = ${p('userId')} AND a.question_id = ${p('questionId')} AND a.revealed_at IS NULL`;
  return {
    dayTally: prerender<
      'userId' | 'questionId' | 'top'
    >(sql`INSERT INTO crowd_sense_days (user_id, date, guesses, right_guesses)
      SELECT a.user_id, a.question_date, 1, ${right} FROM answers a WHERE ${pending} AND a.guess_option_id IS NOT NULL
      ON CONFLICT (user_id, date) DO UPDATE SET guesses = crowd_sense_days.guesses + excluded.guesses,
        right_guesses = crowd_sense_days.right_guesses + excluded.right_guesses`),
    totalTally: prerender<
      'userId' | 'questionId' | 'top'
    >(sql`UPDATE users SET crowd_guesses = users.crowd_guesses + 1, crowd_right = users.crowd_right + ${right}
      FROM answers a WHERE users.id = ${p('userId')} AND ${pending} AND a.guess_option_id IS NOT NULL`),
    answer: prerender<'userId' | 'questionId' | 'top' | 'revealedAt' | 'ownShare'>(
      db
        .update(answers)
        .set({
          revealedAt: sql`${p('revealedAt')}`,
          crowdTop: sql`${p('top')}`,
          ownShare: sql`${p('ownShare')}`,
          guessCorrect: sql`CASE WHEN ${answers.guessOptionId} IS NULL THEN NULL
            ELSE ${answers.guessOptionId} IN (SELECT value FROM json_each(${p('top')})) END`,
        })
        .where(
          and(
            eq(answers.userId, p('userId')),
            eq(answers.questionId, p('questionId')),
            isNull(answers.revealedAt),
          ),
        )
        .returning({
          questionId: answers.questionId,
          revealedAt: answers.revealedAt,
          crowdTop: answers.crowdTop,
          ownShare: answers.ownShare,
          guessOptionId: answers.guessOptionId,
          guessCorrect: answers.guessCorrect,
        }),
    ),
  };
}

/**
 * The statements of one reveal, each guarded by the answer not being revealed yet, in this order: the day's
 * and the all-time tallies (only for a guessed answer) and then the answer row itself. In one batch they
 * apply together or not at all, and a second reveal of the same answer (a concurrent request) changes
 * nothing. The verdict is computed in SQL from whatever guess is stored at that moment, so a guess and a
 * reveal racing each other are settled by the order SQLite runs them in.
 */
function revealStatements(db: Database, r: RevealWrite): BatchItem<'sqlite'>[] {
  const t = (revealTemplates ??= renderRevealTemplates(db));
  // Placeholders take driver values: the JSON text of crowd_top and the milliseconds of revealed_at.
  const values = { userId: r.userId, questionId: r.questionId, top: JSON.stringify(r.mostPicked) };
  return [
    db.run(t.dayTally(values)),
    db.run(t.totalTally(values)),
    db.all(t.answer({ ...values, revealedAt: r.revealedAt.getTime(), ownShare: r.ownShare })),
  ];
}

const STATEMENTS_PER_REVEAL = 3;

/**
 * Records the first reveal of one or more answers of a player, in ONE batch. Returns what each reveal stored,
 * by question id; an answer revealed meanwhile by a concurrent request is absent (its first record stands).
 */
export async function writeReveals(
  db: Database,
  reveals: readonly RevealWrite[],
): Promise<Map<string, StoredReveal>> {
  const results = await runBatch(
    db,
    reveals.flatMap((r) => revealStatements(db, r)),
  );
  const stored = new Map<string, StoredReveal>();
  for (let i = STATEMENTS_PER_REVEAL - 1; i < results.length; i += STATEMENTS_PER_REVEAL) {
    for (const raw of results[i] as Record<string, unknown>[]) {
      const { questionId, revealedAt, crowdTop, ownShare, guessOptionId, guessCorrect } = rowFromDriver(
        answers,
        raw,
      );
      stored.set(questionId, { revealedAt, crowdTop, ownShare, guessOptionId, guessCorrect });
    }
  }
  return stored;
}

/** The stored reveal state of a player's answer (unique user+question), or undefined without an answer. */
export async function findStoredReveal(
  db: Database,
  userId: string,
  questionId: string,
): Promise<StoredReveal | undefined> {
  return db
    .select({
      revealedAt: answers.revealedAt,
      crowdTop: answers.crowdTop,
      ownShare: answers.ownShare,
      guessOptionId: answers.guessOptionId,
      guessCorrect: answers.guessCorrect,
    })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.questionId, questionId)))
    .get();
}

/** Right guesses out of judged guesses. */
export type Tally = { right: number; made: number };

/** `[made, right]` as SQL writes it (json_array), read as a Tally. */
function parseTally(json: unknown): Tally {
  const [made, right] = JSON.parse(String(json)) as [number, number];
  return { right: Number(right), made: Number(made) };
}
const NO_TALLY: Tally = { right: 0, made: 0 };

/** A player's judged guesses on game days `from`..`to` as `[made, right]` (crowd_sense_days primary key: ≤ 30 rows). */
const recentTallySql = (
  to: 'to' | 'date',
) => sql`(SELECT json_array(total(csd.guesses), total(csd.right_guesses))
  FROM crowd_sense_days csd WHERE csd.user_id = ${sql.placeholder('userId')}
    AND csd.date BETWEEN ${sql.placeholder('from')} AND ${sql.placeholder(to)})`;

const recentTallyRead = hotRow({ recent: recentTallySql('to').mapWith(parseTally) });

/** Judged guesses of a player on game days `from`..`to` (primary-key range of crowd_sense_days: ≤ 30 rows). */
export async function findRecentTally(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<Tally> {
  const row = await recentTallyRead.first(db, { userId, from, to });
  return row?.recent ?? NO_TALLY;
}

/** A player's answer of the day with what its reveal recorded. */
export type DayAnswer = StoredReveal & {
  questionId: string;
  selectedOptionId: string | null;
  numericValue: number | null;
};

export type RecapRead = {
  selection: Pick<SelectionRow, 'selectedTopicIds'> | undefined;
  answers: DayAnswer[];
  recent: Tally;
  /** All-time judged guesses (users row). */
  total: Tally;
  catalogueVersion: number;
};

/** One answer of the day as the recap's statement packs it (json_array, in this order). */
type AnswerTuple = [
  questionId: string,
  selectedOptionId: string | null,
  numericValue: number | null,
  revealedAt: number | null,
  crowdTop: string[] | null,
  ownShare: number | null,
  guessOptionId: string | null,
  guessCorrect: number | null,
];

function parseDayAnswers(json: unknown): DayAnswer[] {
  return (JSON.parse(String(json)) as AnswerTuple[]).map(
    ([
      questionId,
      selectedOptionId,
      numericValue,
      revealedAt,
      crowdTop,
      ownShare,
      guessOptionId,
      guessCorrect,
    ]) => ({
      questionId,
      selectedOptionId,
      numericValue,
      revealedAt: revealedAt === null ? null : new Date(revealedAt),
      crowdTop,
      ownShare,
      guessOptionId,
      guessCorrect: guessCorrect === null ? null : guessCorrect === 1,
    }),
  );
}

const recapRead = hotRow({
  catalogueVersion: sql<number | null>`${CATALOGUE_VERSION_SQL}`,
  selectedTopicIds: jsonOf<string[]>(sql`SELECT s.selected_topic_ids FROM user_daily_selections s
    WHERE s.user_id = ${sql.placeholder('userId')} AND s.date = ${sql.placeholder('date')}`),
  answers: sql`(SELECT json_group_array(json_array(a.question_id, a.selected_option_id, a.numeric_value,
      a.revealed_at, json(a.crowd_top), a.own_share, a.guess_option_id, a.guess_correct)) FROM answers a
    WHERE a.user_id = ${sql.placeholder('userId')} AND a.question_date = ${sql.placeholder('date')})`.mapWith(
    parseDayAnswers,
  ),
  recent: recentTallySql('date').mapWith(parseTally),
  total: sql`(SELECT json_array(u.crowd_guesses, u.crowd_right) FROM users u
    WHERE u.id = ${sql.placeholder('userId')})`.mapWith(parseTally),
});

/**
 * Everything the recap reads, in one statement: the catalogue version, the player's selection of the day
 * (selections_user_date_uq), the day's answers with their reveal records (answers_user_day_idx prefix: one
 * game day of one player), the judged guesses of the crowd-sense window (crowd_sense_days primary key) and
 * in total (users primary key).
 */
export async function findRecapRead(
  db: Database,
  userId: string,
  date: string,
  from: string,
): Promise<RecapRead> {
  const row = await recapRead.first(db, { userId, date, from });
  return {
    selection: row?.selectedTopicIds ? { selectedTopicIds: row.selectedTopicIds } : undefined,
    answers: row?.answers ?? [],
    recent: row?.recent ?? NO_TALLY,
    total: row?.total ?? NO_TALLY,
    catalogueVersion: toVersion(row?.catalogueVersion),
  };
}

export type BucketCount = { groupId: string; optionId: string; count: number; valueSum: number };

/**
 * Per link group, the 'all' counters of each option — for a numeric group its one row with the sum (primary-key
 * prefix per group): the numbers a reveal shows.
 */
export async function findAllBucketCounts(db: Database, groupIds: readonly string[]): Promise<BucketCount[]> {
  if (groupIds.length === 0) return [];
  return db.all<BucketCount>(sql`SELECT c.group_id AS groupId,
      c.option_id AS optionId, c.count AS count, c.value_sum AS valueSum
    FROM (SELECT DISTINCT value AS group_id FROM json_each(${JSON.stringify(groupIds)})) g
    JOIN result_counters c ON c.group_id = g.group_id AND c.bucket = 'all'`);
}

/**
 * Takes the judged guesses of the filtered answers back out of the tallies (run before deleting them, in the
 * same batch). For a deletion of whole users their day rows go instead (the users row goes with them).
 */
export function crowdRemovalStatements(db: Database, filter: AnswerFilter): BatchItem<'sqlite'>[] {
  if (filter.kind === 'userIds') {
    return [
      db.run(
        sql`DELETE FROM crowd_sense_days WHERE user_id IN (SELECT value FROM json_each(${JSON.stringify(filter.ids)}))`,
      ),
    ];
  }
  const judged = (groupBy: SQL) => sql`SELECT a.user_id AS user_id, a.question_date AS date, count(*) AS g,
      total(a.guess_correct) AS r FROM answers a WHERE ${answerFilterSql(filter)} AND a.guess_correct IS NOT NULL GROUP BY ${groupBy}`;
  return [
    db.run(sql`INSERT INTO crowd_sense_days (user_id, date, guesses, right_guesses)
      SELECT user_id, date, -g, -r FROM (${judged(sql`a.user_id, a.question_date`)}) WHERE true
      ON CONFLICT (user_id, date) DO UPDATE SET guesses = crowd_sense_days.guesses + excluded.guesses,
        right_guesses = crowd_sense_days.right_guesses + excluded.right_guesses`),
    db.run(sql`UPDATE users SET crowd_guesses = max(0, users.crowd_guesses - d.g), crowd_right = max(0, users.crowd_right - d.r)
      FROM (${judged(sql`a.user_id`)}) AS d WHERE users.id = d.user_id`),
  ];
}

/**
 * True when the maintained guess tallies equal a recount of the answer rows: crowd_sense_days (ignoring zero
 * rows) and users.crowd_guesses / crowd_right. For tests and diagnostics.
 */
export async function crowdTalliesEqualRecount(db: Database): Promise<boolean> {
  const stored = sql`SELECT user_id, date, guesses, right_guesses FROM crowd_sense_days WHERE guesses <> 0 OR right_guesses <> 0`;
  const expected = sql`SELECT user_id, question_date, count(*), sum(guess_correct) FROM answers
    WHERE guess_correct IS NOT NULL GROUP BY user_id, question_date`;
  const rows = await db.all<{ n: number }>(sql`SELECT
    (SELECT count(*) FROM (${stored} EXCEPT ${expected}))
    + (SELECT count(*) FROM (${expected} EXCEPT ${stored}))
    + (SELECT count(*) FROM users u WHERE u.crowd_guesses <> (SELECT count(*) FROM answers a WHERE a.user_id = u.id AND a.guess_correct IS NOT NULL)
        OR u.crowd_right <> (SELECT count(*) FROM answers a WHERE a.user_id = u.id AND a.guess_correct = 1))
    AS n`);
  return Number(rows[0]?.n ?? -1) === 0;
}
