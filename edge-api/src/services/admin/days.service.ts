import type { Day, SaveDayInputSchema, SaveDayResult } from '@daily-tea/shared/contracts/admin';
import type { z } from 'zod';
import type { Deps } from '../../env';
import { runBatch } from '../../db/database';
import { insertAuditStatement } from '../../db/queries/audit.queries';
import { removeQuestionsStatements } from '../../db/queries/answers.queries';
import {
  claimDayVersionStatements,
  findDayVersion,
  findQuestionsOnDate,
  isStaleDayError,
} from '../../db/queries/admin/days.queries';
import {
  findLinkGroup,
  insertQuestionStatement,
  type NewQuestion,
  type QuestionWithTopic,
} from '../../db/queries/admin/questions.queries';
import { findScheduleTopicIds, upsertScheduleStatement } from '../../db/queries/admin/schedule.queries';
import { findTopicsByIdList } from '../../db/queries/admin/topics.queries';
import { BadRequestError, ConflictError } from '../../errors';
import { today } from '../play/today';
import { quoted, auditActor } from './audit.service';
import { normaliseShape, toAdminQuestionDto } from './questions.service';

export type SaveDayValues = z.output<typeof SaveDayInputSchema>;

export const STALE_DAY_MESSAGE =
  'This day was changed by someone else since you opened it. Reload it to see their changes; yours were not saved.';

/**
 * GET /api/admin/days/{date}: the scheduled topics in order, each with its questions on the date. The
 * version is read first, so a change landing between the reads can only make the version older than the
 * content — the next save then gets 409 rather than overwrite something unseen.
 */
export async function getDay(deps: Deps, date: string): Promise<Day> {
  const version = await findDayVersion(deps.db, date);
  const [topicIds, onDate] = await Promise.all([
    findScheduleTopicIds(deps.db, date),
    findQuestionsOnDate(deps.db, date),
  ]);
  const ids = topicIds ?? [];
  const titles = new Map((await findTopicsByIdList(deps.db, ids)).map((t) => [t.id, t.title]));
  return {
    date,
    version,
    topics: ids
      .filter((id) => titles.has(id))
      .map((topicId) => ({
        topicId,
        title: titles.get(topicId)!,
        questions: onDate.filter((q) => q.topicId === topicId).map(toAdminQuestionDto),
      })),
  };
}

const normalizeText = (text: string) => text.trim().toLowerCase();
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * PUT /api/admin/days/{date}: the whole day in one batch (product.md#running, product.md#validation). Validates everything first —
 * today or later, active topics only, every topic with at least one question, kept questions really on that
 * topic and day, no question twice in a topic — then writes, all or nothing: the version claim (a stale
 * version or a topic deactivated meanwhile fails the batch → 409), the schedule, the removed questions with
 * their answers and counter effects, the new questions and one audit entry.
 */
export async function saveDay(deps: Deps, date: string, input: SaveDayValues): Promise<SaveDayResult> {
  const gameDay = today(deps);
  if (date < gameDay)
    throw new BadRequestError(`Schedules can only be changed for today (${gameDay}) or later`);
  if ((await findDayVersion(deps.db, date)) !== input.version) throw new ConflictError(STALE_DAY_MESSAGE);

  const topicIds = input.topics.map((t) => t.topicId);
  const found = new Map((await findTopicsByIdList(deps.db, topicIds)).map((t) => [t.id, t]));
  const unknown = topicIds.filter((id) => !found.has(id));
  if (unknown.length) throw new BadRequestError(`Unknown topic id: ${unknown.join(', ')}`);
  const inactive = topicIds.map((id) => found.get(id)!).filter((t) => !t.isActive);
  if (inactive.length)
    throw new BadRequestError(
      `Inactive topics cannot be scheduled: ${inactive.map((t) => t.title).join(', ')}`,
    );
  const titleOf = (id: string) => found.get(id)!.title;
  const empty = input.topics.filter((t) => t.questions.length === 0);
  if (empty.length)
    throw new BadRequestError(empty.map((t) => `"${titleOf(t.topicId)}" has no questions`).join(', '));

  const current = await findQuestionsOnDate(deps.db, date);
  const byId = new Map(current.map((q) => [q.id, q]));
  const now = deps.now();
  const keptIds = new Set<string>();
  const removed: QuestionWithTopic[] = [];
  const created: NewQuestion[] = [];
  let createdAt = now.getTime();
  for (const topic of input.topics) {
    const texts = new Set<string>();
    const seeText = (text: string) => {
      const key = normalizeText(text);
      if (texts.has(key))
        throw new BadRequestError(`"${titleOf(topic.topicId)}" has the same question twice: ${quoted(text)}`);
      texts.add(key);
    };
    for (const q of topic.questions) {
      if ('id' in q) {
        const stored = byId.get(q.id);
        if (!stored || stored.topicId !== topic.topicId)
          throw new BadRequestError(
            `Question ${q.id} is not a question of "${titleOf(topic.topicId)}" on ${date}`,
          );
        if (keptIds.has(q.id)) throw new BadRequestError(`Question ${q.id} is listed twice`);
        keptIds.add(q.id);
        seeText(stored.text);
        continue;
      }
      seeText(q.text);
      const id = crypto.randomUUID();
      let groupId: string = id;
      if (q.linkedQuestionId) {
        const group = await findLinkGroup(deps.db, q.linkedQuestionId);
        if (!group) throw new BadRequestError(`Linked question not found: ${q.linkedQuestionId}`);
        groupId = group;
      }
      // One millisecond apart: the editor's order is the creation order the day is read back in.
      created.push({
        id,
        topicId: topic.topicId,
        date,
        text: q.text,
        type: q.type,
        ...normaliseShape(q),
        imageUrl: q.imageUrl,
        linkedQuestionId: q.linkedQuestionId,
        groupId,
        createdAt: new Date(createdAt++),
      });
    }
  }
  const listed = new Set(topicIds);
  for (const q of current) if (listed.has(q.topicId) && !keptIds.has(q.id)) removed.push(q);
  const removedAnswers = removed.reduce((n, q) => n + q.answerCount, 0);

  const titles = topicIds.map(titleOf);
  const summary =
    `Saved ${date}: ${titles.length ? `${plural(titles.length, 'topic')} (${titles.join(', ')})` : 'no topics'}; ` +
    `${created.length} added, ${removed.length} removed` +
    (removedAnswers ? ` with ${plural(removedAnswers, 'answer')}` : '') +
    `, ${keptIds.size} kept`;
  try {
    await runBatch(deps.db, [
      ...claimDayVersionStatements(deps.db, date, input.version, topicIds),
      upsertScheduleStatement(deps.db, date, topicIds, now),
      ...removeQuestionsStatements(
        deps.db,
        removed.map((q) => q.id),
      ),
      ...created.map((q) => insertQuestionStatement(deps.db, q)),
      insertAuditStatement(deps.db, {
        at: now,
        action: 'day.save',
        targetId: date,
        summary,
        actor: auditActor(deps),
      }),
    ]);
  } catch (err) {
    if (isStaleDayError(err)) throw new ConflictError(STALE_DAY_MESSAGE);
    throw err;
  }
  return {
    ...(await getDay(deps, date)),
    changes: { added: created.length, removed: removed.length, kept: keptIds.size, removedAnswers },
  };
}
