import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../database';
import { alias } from 'drizzle-orm/sqlite-core';
import { hotQuery, hotRead, openScanReader, type HotRead, type ScanReader } from '../../engine/statements';
import { answers, questions, topics, users, type StoredOption } from '../../schema';

export type AdminAnswerRow = {
  id: string;
  userId: string;
  username: string | null;
  questionId: string;
  questionText: string;
  questionOptions: StoredOption[];
  numericUnit: string | null;
  topicTitle: string;
  selectedOptionId: string | null;
  numericValue: number | null;
  answeredAt: Date;
  late: boolean;
};

export type AnswerListFilter = { date?: string | undefined; questionId?: string | undefined };

/**
 * A page of answers, newest first. Each filter walks its own index in answered_at order:
 * (question_id, answered_at), (question_date, answered_at) or answered_at alone — a page reads offset + limit
 * index entries, never every answer. The total comes from the questions' maintained answer_count.
 */
export async function findAnswersPage(
  db: Database,
  q: AnswerListFilter & { limit: number; offset: number },
): Promise<{ rows: AdminAnswerRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.questionId) conditions.push(eq(answers.questionId, q.questionId));
  // With a question id the date is implied by the question; unary + keeps SQLite on the question index.
  if (q.date)
    conditions.push(
      q.questionId ? sql`+${answers.questionDate} = ${q.date}` : eq(answers.questionDate, q.date),
    );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: answers.id,
        userId: answers.userId,
        username: users.username,
        questionId: answers.questionId,
        questionText: questions.text,
        questionOptions: questions.options,
        numericUnit: questions.numericUnit,
        topicTitle: topics.title,
        selectedOptionId: answers.selectedOptionId,
        numericValue: answers.numericValue,
        answeredAt: answers.answeredAt,
        late: answers.late,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .innerJoin(topics, eq(topics.id, questions.topicId))
      .leftJoin(users, eq(users.id, answers.userId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(answers.answeredAt), sql`${answers}.rowid DESC`)
      .limit(q.limit)
      .offset(q.offset)
      .all(),
    countAnswers(db, q),
  ]);
  return { rows, total };
}

/** Answer count from questions.answer_count (kept exact in every answer/deletion batch). */
async function countAnswers(db: Database, f: AnswerListFilter): Promise<number> {
  const conditions: SQL[] = [];
  if (f.questionId) conditions.push(eq(questions.id, f.questionId));
  if (f.date) conditions.push(eq(questions.date, f.date));
  const row = await db
    .select({ n: sql<number>`coalesce(sum(${questions.answerCount}), 0)` })
    .from(questions)
    .where(conditions.length ? and(...conditions) : undefined)
    .get();
  return Number(row?.n ?? 0);
}

/** Who answered what, for the audit summary of a deletion. */
export async function findAnswerSummary(
  db: Database,
  id: string,
): Promise<{ username: string | null; questionText: string } | undefined> {
  return db
    .select({ username: users.username, questionText: questions.text })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(users, eq(users.id, answers.userId))
    .where(eq(answers.id, id))
    .get();
}

export type ExportCursor = { answeredAt: number; seq: number };
/** Before every answer: answered_at is a time in ms since the epoch, rowids start at 1. */
const EXPORT_START: ExportCursor = { answeredAt: -1, seq: 0 };

const a = alias(answers, 'a');
const u = alias(users, 'u');
/** The rowid: with answered_at, the keyset cursor every page continues from. */
const seq = sql<number>`${a}.rowid`;
const exportColumns = {
  seq,
  id: a.id,
  userId: a.userId,
  username: u.username,
  questionId: a.questionId,
  selectedOptionId: a.selectedOptionId,
  numericValue: a.numericValue,
  answeredAt: a.answeredAt,
  /** True for an answer given from the archive, after its game day. */
  late: a.late,
};
const exportAfter = sql`(${a.answeredAt}, ${seq}) > (${sql.placeholder('afterAt')}, ${sql.placeholder('afterSeq')})`;
const exportPage = (where: SQL) =>
  hotRead(
    hotQuery
      .select(exportColumns)
      .from(a)
      .leftJoin(u, eq(u.id, a.userId))
      .where(and(where, exportAfter))
      .orderBy(a.answeredAt, seq)
      .limit(sql.placeholder('limit') as unknown as number),
  );
/** A date's answers: a seek on answers_date_answered_idx (question_date, answered_at, rowid), in index order. */
const exportPageOfDate = exportPage(sql`${a.questionDate} = ${sql.placeholder('date')}`);
/** One question's: a seek on answers_question_answered_idx; unary + keeps SQLite off the date index. */
const exportPageOfQuestion = exportPage(
  sql`${a.questionId} = ${sql.placeholder('questionId')} AND +${a.questionDate} = ${sql.placeholder('date')}`,
);

/** One exported answer, with `seq` (the rowid) for the keyset cursor. */
export type ExportAnswerRow = typeof exportPageOfDate extends HotRead<string, infer Row> ? Row : never;

/**
 * One page of a date's answers (optionally one question's) in (answered_at, rowid) order, after `cursor`:
 * keyset pagination, so every page is an index seek — (question_date, answered_at) or (question_id,
 * answered_at), both carrying the rowid, so the order needs no sort — however deep the export is, never an
 * OFFSET. An answer inserted while an export runs has a later answered_at and lands after the cursor, so no
 * row is skipped or repeated. Rows are read as value arrays (hotRead: on the embedded client straight off its
 * cached statement, rendered once), because an export reads a million of them.
 */
export async function findAnswersExportPage(
  db: Database,
  q: { date: string; questionId?: string | undefined; cursor: ExportCursor | null; limit: number },
  scan?: ExportScan,
): Promise<ExportAnswerRow[]> {
  const { answeredAt: afterAt, seq: afterSeq } = q.cursor ?? EXPORT_START;
  return q.questionId
    ? exportPageOfQuestion.all(
        db,
        { questionId: q.questionId, date: q.date, afterAt, afterSeq, limit: q.limit },
        scan,
      )
    : exportPageOfDate.all(db, { date: q.date, afterAt, afterSeq, limit: q.limit }, scan);
}

export type ExportScan = ScanReader;

/**
 * The connection an export reads its pages on: on the embedded database one of its own, without memory map and
 * with a small cache, so the server's memory stays flat through a million rows; elsewhere none (undefined: the
 * pages go the usual way). Close it when the export ends or is cancelled.
 */
export const openExportScan = (db: Database): ExportScan | undefined => openScanReader(db);
