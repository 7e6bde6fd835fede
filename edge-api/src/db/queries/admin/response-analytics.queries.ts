import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ResponseFilter } from '@daily-tea/shared/contracts/admin';
import type { Database } from '../../database';
import { answers, questions, topics, type StoredOption } from '../../schema';

/**
 * Response Analytics' aggregates (product.md#screens). Every figure is a GROUP BY over the selection's answers on
 * answers_question_split_idx (question_id, selected_option_id, numeric_value, gender, age_bracket, race_bracket):
 * each question of the selection is a seek, the index covers every column read (no answer row is visited), and
 * the counts are read at request time, so they are as current as the answers. The selection's questions come
 * from questions_date_topic_idx. Each call is a fixed number of statements, however many questions the day has.
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

export type NumericSummary = {
  questionId: string;
  n: number;
  average: number;
  min: number;
  max: number;
  /** Whether every value is a whole number (the bins then never split a value). */
  wholeNumbers: boolean;
};

/** Count, average, lowest and highest numeric answer per question: a range of the index after the choices. */
export async function findNumericSummaries(db: Database, f: ResponseFilter): Promise<NumericSummary[]> {
  const rows = await db
    .select({
      questionId: answers.questionId,
      n: count,
      average: sql<number>`avg(${answers.numericValue})`,
      min: sql<number>`min(${answers.numericValue})`,
      max: sql<number>`max(${answers.numericValue})`,
      fractional: sql<number>`max(${answers.numericValue} <> cast(${answers.numericValue} as integer))`,
    })
    .from(answers)
    .where(answerConditions(db, f, isNull(answers.selectedOptionId), isNotNull(answers.numericValue)))
    .groupBy(answers.questionId)
    .all();
  return rows.map((r) => ({
    questionId: r.questionId,
    n: Number(r.n),
    average: Number(r.average),
    min: Number(r.min),
    max: Number(r.max),
    wholeNumbers: Number(r.fractional) === 0,
  }));
}

export type BinRange = { questionId: string; lo: number; width: number; count: number };

/**
 * Numeric answers per bin, every numeric question of the selection in one statement: the bins travel as one
 * JSON parameter (json_each), so the statement's size does not grow with the questions (D1 binds at most 100).
 */
export async function findNumericBinCounts(
  db: Database,
  f: ResponseFilter,
  ranges: BinRange[],
): Promise<Array<{ questionId: string; bin: number; n: number }>> {
  if (ranges.length === 0) return [];
  const json = JSON.stringify(ranges.map((r) => [r.questionId, r.lo, r.width, r.count]));
  const at = (i: number) => sql.raw(`json_extract(r.value, '$[${i}]')`);
  const bin = sql<number>`min(${at(3)} - 1, max(0, cast(((${answers.numericValue} - ${at(1)}) / ${at(2)} + 1e-9) as integer)))`;
  const rows = await db
    .select({ questionId: answers.questionId, bin, n: count })
    .from(sql`json_each(${json}) r`)
    .innerJoin(answers, sql`${answers.questionId} = ${at(0)}`)
    .where(answerConditions(db, f, isNull(answers.selectedOptionId), isNotNull(answers.numericValue)))
    .groupBy(answers.questionId, bin)
    .all();
  return rows.map((r) => ({ questionId: r.questionId, bin: Number(r.bin), n: Number(r.n) }));
}

const SPLIT_COLUMNS = {
  gender: answers.gender,
  ageBracket: answers.ageBracket,
  raceBracket: answers.raceBracket,
} as const;
export type SplitDimension = keyof typeof SPLIT_COLUMNS;

/**
 * The selection's answers by one demographic column (NULL: not given), and by option (multiple choice) with the
 * numeric average — one GROUP BY over the index range of the selection.
 */
export async function findSplit(
  db: Database,
  f: ResponseFilter,
  dimension: SplitDimension,
): Promise<Array<{ value: string | null; optionId: string | null; n: number; valueSum: number }>> {
  const column = SPLIT_COLUMNS[dimension];
  const rows = await db
    .select({
      value: column,
      optionId: answers.selectedOptionId,
      n: count,
      valueSum: sql<number>`coalesce(sum(${answers.numericValue}), 0)`,
    })
    .from(answers)
    .where(answerConditions(db, f))
    .groupBy(column, answers.selectedOptionId)
    .all();
  return rows.map((r) => ({ ...r, n: Number(r.n), valueSum: Number(r.valueSum) }));
}
