import {
  ANSWERED_QUESTION_MESSAGE,
  NewDayQuestionSchema,
  QUESTION_MESSAGES,
  type AdminQuestion,
  type CreateQuestionInputSchema,
  type EditQuestionInputSchema,
  type QuestionSearchQuerySchema,
} from '@daily-tea/shared/contracts/admin';
import type { z } from 'zod';
import type { Deps } from '../../env';
import { runBatch } from '../../db/database';
import { insertAudit, insertAuditIfStatement, insertAuditStatement } from '../../db/queries/audit.queries';
import {
  findAllQuestionsWithTopic,
  findLinkGroup,
  findQuestionWithTopic,
  findTopicQuestionsBefore,
  findTopicQuestionsOnDate,
  hasTwinQuestion,
  insertQuestionStatement,
  questionHoldsSql,
  searchQuestions as findSearchedQuestions,
  updateUnansweredQuestionStatement,
  insertQuestionUnlessDuplicateStatement,
  questionExistsSql,
  type NewQuestion,
  type QuestionWithTopic,
} from '../../db/queries/admin/questions.queries';
import { findTopicWithQuestionCount } from '../../db/queries/admin/topics.queries';
import type { StoredOption } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { removeQuestion } from '../answer-removal';
import { quoted, auditActor } from './audit.service';

export type CreateQuestionValues = z.output<typeof CreateQuestionInputSchema>;

/** Import lists stay bounded however long a topic has been running. */
const IMPORTABLE_LIMIT = 500;

export function toAdminQuestionDto(q: QuestionWithTopic): AdminQuestion {
  return {
    id: q.id,
    topicId: q.topicId,
    date: q.date,
    text: q.text,
    type: q.type,
    options: q.options,
    numericUnit: q.numericUnit,
    minValue: q.minValue,
    maxValue: q.maxValue,
    imageUrl: q.imageUrl,
    linkedQuestionId: q.linkedQuestionId,
    createdAt: q.createdAt.toISOString(),
    answerCount: q.answerCount,
    topic: { title: q.topicTitle },
  };
}

async function assertTopicExists(deps: Deps, topicId: string): Promise<void> {
  if (!(await findTopicWithQuestionCount(deps.db, topicId))) throw new NotFoundError('Topic not found');
}

/** Every question with its topic, newest first (admin dashboard and response analytics). */
export async function listQuestions(deps: Deps): Promise<AdminQuestion[]> {
  return (await findAllQuestionsWithTopic(deps.db)).map(toAdminQuestionDto);
}

/** A topic's questions on one date (schedule editor). */
export async function listTopicQuestions(
  deps: Deps,
  topicId: string,
  date: string,
): Promise<AdminQuestion[]> {
  await assertTopicExists(deps, topicId);
  return (await findTopicQuestionsOnDate(deps.db, topicId, date)).map(toAdminQuestionDto);
}

/** Questions of the topic from dates before `currentDate`, newest first (Import Previous dialog). */
export async function listImportableQuestions(
  deps: Deps,
  topicId: string,
  currentDate: string,
): Promise<AdminQuestion[]> {
  await assertTopicExists(deps, topicId);
  return (await findTopicQuestionsBefore(deps.db, topicId, currentDate, IMPORTABLE_LIMIT)).map(
    toAdminQuestionDto,
  );
}

/**
 * product.md#validation shape rules: blank options are dropped; a numeric question keeps no options, a multiple-choice
 * question keeps no unit or range.
 */
export function normaliseShape(
  input: Pick<CreateQuestionValues, 'type' | 'options' | 'numericUnit' | 'minValue' | 'maxValue'>,
): Pick<NewQuestion, 'options' | 'numericUnit' | 'minValue' | 'maxValue'> {
  if (input.type === 'numeric')
    return {
      options: [],
      numericUnit: input.numericUnit,
      minValue: input.minValue,
      maxValue: input.maxValue,
    };
  const options: StoredOption[] = input.options.filter(
    (o) => (typeof o === 'string' ? o : o.text).trim() !== '',
  );
  return { options, numericUnit: null, minValue: null, maxValue: null };
}

/**
 * Creates a question, or imports one when `linkedQuestionId` is set: the import joins the source's link
 * group (results aggregate over it) and is refused with 409 when the topic already has a question with the
 * same text (trimmed, case-insensitive) on that date — checked inside the insert itself.
 */
export async function createQuestion(deps: Deps, input: CreateQuestionValues): Promise<AdminQuestion> {
  const topic = await findTopicWithQuestionCount(deps.db, input.topicId);
  if (!topic) throw new NotFoundError('Topic not found');
  const id = crypto.randomUUID();
  let groupId: string = id;
  if (input.linkedQuestionId) {
    const group = await findLinkGroup(deps.db, input.linkedQuestionId);
    if (!group) throw new NotFoundError('Linked question not found');
    groupId = group;
  }
  const now = deps.now();
  const row: NewQuestion = {
    id,
    topicId: input.topicId,
    date: input.date,
    text: input.text,
    type: input.type,
    ...normaliseShape(input),
    imageUrl: input.imageUrl,
    linkedQuestionId: input.linkedQuestionId,
    groupId,
    createdAt: now,
  };
  const where = `${quoted(topic.title)} on ${input.date}`;
  if (input.linkedQuestionId) {
    await runBatch(deps.db, [
      insertQuestionUnlessDuplicateStatement(deps.db, row),
      insertAuditIfStatement(
        deps.db,
        {
          at: now,
          actor: auditActor(deps),
          action: 'question.import',
          targetId: id,
          summary: `Imported question ${quoted(input.text)} into ${where}`,
        },
        questionExistsSql(id),
      ),
    ]);
  } else {
    await runBatch(deps.db, [
      insertQuestionStatement(deps.db, row),
      insertAuditStatement(deps.db, {
        at: now,
        actor: auditActor(deps),
        action: 'question.create',
        targetId: id,
        summary: `Created question ${quoted(input.text)} in ${where}`,
      }),
    ]);
  }
  const created = await findQuestionWithTopic(deps.db, id);
  if (!created) throw new ConflictError(QUESTION_MESSAGES.duplicateImport);
  return toAdminQuestionDto(created);
}

/** Deletes a question and its answers (counters kept exact by removeQuestion); its imports stay linked. */
export async function deleteQuestion(deps: Deps, id: string): Promise<{ ok: true }> {
  const question = await findQuestionWithTopic(deps.db, id);
  if (!question) throw new NotFoundError('Question not found');
  if (!(await removeQuestion(deps.db, id))) throw new NotFoundError('Question not found');
  // removeQuestion is its own batch (it owns the counter maths), so the audit row follows it.
  await insertAudit(deps.db, {
    at: deps.now(),
    actor: auditActor(deps),
    action: 'question.delete',
    targetId: id,
    summary: `Deleted question ${quoted(question.text)} of ${quoted(question.topicTitle)} on ${question.date} (${question.answerCount} answers)`,
  });
  return { ok: true };
}

export type EditQuestionValues = z.output<typeof EditQuestionInputSchema>;

/**
 * PATCH /api/admin/questions/{id} (product.md#operators): the stored content with the given fields replaced, checked by
 * the create rules, written only while the question has no answers and no twin text on its topic and date
 * (one conditional statement), with its audit row in the same batch. 409 says why when it cannot be.
 */
export async function editQuestion(
  deps: Deps,
  id: string,
  input: EditQuestionValues,
): Promise<AdminQuestion> {
  const stored = await findQuestionWithTopic(deps.db, id);
  if (!stored) throw new NotFoundError('Question not found');
  if (stored.answerCount > 0) throw new ConflictError(ANSWERED_QUESTION_MESSAGE, 'question_has_answers');
  const parsed = NewDayQuestionSchema.safeParse({
    text: input.text ?? stored.text,
    type: input.type ?? stored.type,
    options: input.options ?? (input.type === 'numeric' ? [] : stored.options),
    numericUnit: input.numericUnit !== undefined ? input.numericUnit : stored.numericUnit,
    minValue: input.minValue !== undefined ? input.minValue : stored.minValue,
    maxValue: input.maxValue !== undefined ? input.maxValue : stored.maxValue,
  });
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Invalid question');
  const content = { text: parsed.data.text, type: parsed.data.type, ...normaliseShape(parsed.data) };
  const changed = [
    content.text !== stored.text ? 'text' : null,
    content.type !== stored.type ? 'type' : null,
    JSON.stringify(content.options) !== JSON.stringify(stored.options) ? 'options' : null,
    content.numericUnit !== stored.numericUnit ? 'unit' : null,
    content.minValue !== stored.minValue || content.maxValue !== stored.maxValue ? 'range' : null,
  ].filter((f) => f !== null);
  if (changed.length === 0) return toAdminQuestionDto(stored);
  await runBatch(deps.db, [
    updateUnansweredQuestionStatement(deps.db, id, content),
    insertAuditIfStatement(
      deps.db,
      {
        at: deps.now(),
        actor: auditActor(deps),
        action: 'question.edit',
        targetId: id,
        summary: `Edited question ${quoted(content.text)} of ${quoted(stored.topicTitle)} on ${stored.date} (${changed.join(', ')})${
          content.text !== stored.text ? `; was ${quoted(stored.text)}` : ''
        }`,
      },
      questionHoldsSql(id, content),
    ),
  ]);
  const after = await findQuestionWithTopic(deps.db, id);
  if (!after) throw new NotFoundError('Question not found');
  if (after.answerCount > 0) throw new ConflictError(ANSWERED_QUESTION_MESSAGE, 'question_has_answers');
  if (after.text !== content.text && (await hasTwinQuestion(deps.db, { ...after, text: content.text })))
    throw new ConflictError(`"${stored.topicTitle}" already has this question on ${stored.date}.`);
  return toAdminQuestionDto(after);
}

export type QuestionSearchValues = z.output<typeof QuestionSearchQuerySchema>;

/** GET /api/admin/questions/search (product.md#operators): the question bank across topics and dates, newest first. */
export async function searchQuestions(deps: Deps, search: QuestionSearchValues): Promise<AdminQuestion[]> {
  return (await findSearchedQuestions(deps.db, search)).map(toAdminQuestionDto);
}
