import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ResponseFilter } from '@daily-tea/shared/contracts/admin';
import type { Database } from '../../database';
import { answers, questions, topics, type StoredOption } from '../../schema';

/**
 * Response Analytics' aggregates (product.md#screens). Every figure is a GROUP BY over the selection's answers on
 * answers_question_split_idx (question_id, selected_option_id, numeric_value, gender, age_bracket, race_bracket):
 * each question of the selection is a seek, the index covers every column read (no answer row is visited), rows
 * are grouped in the index's own order (no sort), and the counts are read at request time, so they are as
 * current as the answers. The selection's questions come from a date index. Each read is a fixed number of
 * statements, however many questions the day has.
 */

const count = sql<number>`count(*)`;

export type SelectionQuestion = {
  id: string;
  text: string;
  type: 'multiple_choice' | 'numeric';
  options: StoredOption[];
  numericUnit: string | null;
  topicTitle: string;
  answerCount: number;
};

/** The selection's questions: the date, then the topic and/or question when the filter names them. */
export function questionConditions(f: ResponseFilter): SQL {
  const conditions = [eq(questions.date, f.date)];
  if (f.topicId) conditions.push(eq(questions.topicId, f.topicId));
  if (f.questionId) conditions.push(eq(questions.id, f.questionId));
  return and(...conditions)!;
}

/** The selection's question ids, as a subquery the answers' GROUP BYs seek with. */
function selectionIds(db: Database, f: ResponseFilter) {
  return db.select({ id: questions.id }).from(questions).where(questionConditions(f));
}

/** The answer-side narrowing: the demographic snapshot taken when the player answered. */
function answerConditions(db: Database, f: ResponseFilter, ...more: SQL[]): SQL {
  const conditions: SQL[] = [inArray(answers.questionId, selectionIds(db, f)), ...more];
  if (f.gender) conditions.push(eq(answers.gender, f.gender));
  if (f.ageBracket) conditions.push(eq(answers.ageBracket, f.ageBracket));
  if (f.raceBracket) conditions.push(eq(answers.raceBracket, f.raceBracket));
  return and(...conditions)!;
}

export const hasDemographicFilter = (f: ResponseFilter): boolean =>
  Boolean(f.gender || f.ageBracket || f.raceBracket);

/** The selection's questions in the day's order (creation order), with their topic and maintained answer count. */
export async function findSelectionQuestions(db: Database, f: ResponseFilter): Promise<SelectionQuestion[]> {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      type: questions.type,
      options: questions.options,
      numericUnit: questions.numericUnit,
      topicTitle: topics.title,
      answerCount: questions.answerCount,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(questionConditions(f))
    .orderBy(asc(questions.createdAt), sql`${questions}.rowid`)
    .all();
}

/** Answers per question of the selection under the demographic filter (the stat cards when one is set). */
export async function findAnswerCountsByQuestion(
  db: Database,
  f: ResponseFilter,
): Promise<Array<{ questionId: string; n: number }>> {
  return db
    .select({ questionId: answers.questionId, n: count })
    .from(answers)
    .where(answerConditions(db, f))
    .groupBy(answers.questionId)
    .all();
}

/** Choices per question and option, in index order (no sort). */
export async function findChoiceCounts(
  db: Database,
  f: ResponseFilter,
): Promise<Array<{ questionId: string; optionId: string; n: number }>> {
  const rows = await db
    .select({ questionId: answers.questionId, optionId: answers.selectedOptionId, n: count })
    .from(answers)
    .where(answerConditions(db, f, isNotNull(answers.selectedOptionId)))
    .groupBy(answers.questionId, answers.selectedOptionId)
    .all();
  return rows.map((r) => ({ questionId: r.questionId, optionId: r.optionId ?? '', n: Number(r.n) }));
}

/**
 * Numeric answers per question and value, in index order (question_id, selected_option_id NULL, numeric_value):
 * no sort. The service takes count, average, range and bins from these rows, so one pass serves them all; rows
 * are distinct values (a few dozen for most questions), at most the answers themselves.
 */
export async function findNumericValueCounts(
  db: Database,
  f: ResponseFilter,
): Promise<Array<{ questionId: string; value: number; n: number }>> {
  const rows = await db
    .select({ questionId: answers.questionId, value: answers.numericValue, n: count })
    .from(answers)
    .where(answerConditions(db, f, isNull(answers.selectedOptionId), isNotNull(answers.numericValue)))
    .groupBy(answers.questionId, answers.numericValue)
    .all();
  return rows.map((r) => ({ questionId: r.questionId, value: Number(r.value), n: Number(r.n) }));
}

export type SplitDimension = 'gender' | 'ageBracket' | 'raceBracket';
const SPLIT_COLUMNS: Record<SplitDimension, SQLiteColumn> = {
  gender: answers.gender,
  ageBracket: answers.ageBracket,
  raceBracket: answers.raceBracket,
};

/** One cell of a split: answers of a dimension's value (null: not given; '*': any other stored value). */
export type SplitCell = {
  dimension: SplitDimension;
  value: string | null | '*';
  n: number;
  valueSum: number;
};

/**
 * The selection's answers by gender, age and race at once, per question and option: one pass over the index in
 * its own order (no sort), each group a `count(*) FILTER (...)` column — three GROUP BYs by a demographic column
 * would each sort every answer of the selection. `slugs` names the known values of each dimension; answers
 * without one count as null, any other stored value as '*'. `withSums` adds each group's numeric sum.
 */
export async function findSplitCells(
  db: Database,
  f: ResponseFilter,
  slugs: Record<SplitDimension, readonly string[]>,
  withSums: boolean,
): Promise<Array<{ optionId: string | null; cells: SplitCell[] }>> {
  const groups: Array<{ dimension: SplitDimension; value: string | null | '*'; where: SQL }> = [];
  for (const dimension of Object.keys(SPLIT_COLUMNS) as SplitDimension[]) {
    const column = SPLIT_COLUMNS[dimension];
    const known = slugs[dimension];
    for (const slug of known) groups.push({ dimension, value: slug, where: eq(column, slug) });
    groups.push({ dimension, value: null, where: isNull(column) });
    groups.push({ dimension, value: '*', where: and(isNotNull(column), notInArray(column, [...known]))! });
  }
  const fields: Record<string, SQL.Aliased<number> | SQLiteColumn> = {
    optionId: answers.selectedOptionId,
  };
  groups.forEach((g, i) => {
    fields[`n${i}`] = sql<number>`count(*) FILTER (WHERE ${g.where})`.as(`n${i}`);
    if (withSums)
      fields[`s${i}`] = sql<number>`coalesce(sum(${answers.numericValue}) FILTER (WHERE ${g.where}), 0)`.as(
        `s${i}`,
      );
  });
  const rows = (await db
    .select(fields)
    .from(answers)
    .where(answerConditions(db, f))
    .groupBy(answers.questionId, answers.selectedOptionId)
    .all()) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    optionId: (row.optionId as string | null) ?? null,
    cells: groups.map((g, i) => ({
      dimension: g.dimension,
      value: g.value,
      n: Number(row[`n${i}`] ?? 0),
      valueSum: Number(row[`s${i}`] ?? 0),
    })),
  }));
}
