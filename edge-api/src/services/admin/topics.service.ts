import type { Topic, TopicInputSchema } from '@daily-tea/shared/contracts/admin';
import type { z } from 'zod';
import type { Deps } from '../../env';
import { runBatch } from '../../db/database';
import { insertAuditStatement } from '../../db/queries/audit.queries';
import {
  findTopicWithQuestionCount,
  findTopicsWithQuestionCount,
  insertTopicStatement,
  updateTopicStatement,
  type TopicWithCount,
} from '../../db/queries/admin/topics.queries';
import { NotFoundError } from '../../errors';
import { quoted, auditActor } from './audit.service';

export type TopicValues = z.output<typeof TopicInputSchema>;

export function toTopicDto(t: TopicWithCount): Topic {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    category: t.category,
    isActive: t.isActive,
    createdAt: t.createdAt.toISOString(),
    questionCount: t.questionCount,
  };
}

/** Every topic, active or not (topics are never hard-deleted), with its question count. */
export async function listTopics(deps: Deps): Promise<Topic[]> {
  return (await findTopicsWithQuestionCount(deps.db)).map(toTopicDto);
}

/** Creates a topic; the audit row lands in the same batch. */
export async function createTopic(deps: Deps, input: TopicValues): Promise<Topic> {
  const id = crypto.randomUUID();
  const now = deps.now();
  await runBatch(deps.db, [
    insertTopicStatement(deps.db, id, input, now),
    insertAuditStatement(deps.db, {
      at: now,
      actor: auditActor(deps),
      action: 'topic.create',
      targetId: id,
      summary: `Created topic ${quoted(input.title)} (${input.category})`,
    }),
  ]);
  return toTopicDto({ id, ...input, createdAt: now, questionCount: 0 });
}

/**
 * Replaces a topic's fields. "Delete" in the console is this call with isActive false (a soft
 * deactivation, product.md#flows), so the summary names activation changes.
 */
export async function updateTopic(deps: Deps, id: string, input: TopicValues): Promise<Topic> {
  const before = await findTopicWithQuestionCount(deps.db, id);
  if (!before) throw new NotFoundError('Topic not found');
  const verb = before.isActive === input.isActive ? 'Updated' : input.isActive ? 'Restored' : 'Deactivated';
  await runBatch(deps.db, [
    updateTopicStatement(deps.db, id, input),
    insertAuditStatement(deps.db, {
      at: deps.now(),
      actor: auditActor(deps),
      action: 'topic.update',
      targetId: id,
      summary: `${verb} topic ${quoted(input.title)}`,
    }),
  ]);
  return toTopicDto({ ...before, ...input });
}
