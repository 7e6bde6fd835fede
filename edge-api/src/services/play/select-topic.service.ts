import type { SelectTopicInput, SelectTopicResult } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { decideSelection } from '@daily-tea/shared/domain/selection';
import type { UserRow } from '../../app-env';
import { findScheduledTopics } from '../../db/queries/daily.queries';
import {
  casUpdateSelection,
  findAnsweredTopicIds,
  findSelection,
  insertSelectionIfAbsent,
} from '../../db/queries/selections.queries';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { today } from './today';

/** Attempts before a request that keeps losing compare-and-swap races gives up (each loss means progress elsewhere). */
const MAX_ATTEMPTS = 8;

const resultOf = (ids: string[]): SelectTopicResult => ({
  selectedTopicIds: ids,
  selectedCount: ids.length,
  hasMaxSelections: ids.length >= MAX_TOPICS_PER_DAY,
});

/**
 * Toggles a topic in today's selection (DESIGN §5): select (409 beyond 3), or unselect while none of its
 * questions is answered (else 409). The write is a compare-and-swap on the row's version, retried after
 * a lost race with a fresh decision, so concurrent requests can never leave more than 3 selected.
 */
export async function selectTopic(
  deps: Deps,
  user: UserRow,
  input: SelectTopicInput,
): Promise<SelectTopicResult> {
  const { db } = deps;
  const date = today(deps);
  const scheduled = await findScheduledTopics(db, date);
  const topic = scheduled.find((t) => t.id === input.topicId);
  if (!topic) throw new NotFoundError("Topic not found in today's topics");

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const selection = await findSelection(db, user.id, date);
    const current = selection?.selectedTopicIds ?? [];
    const isUnselect = current.includes(topic.id);
    if (!isUnselect && !topic.isActive) throw new BadRequestError('This topic is no longer available');
    const answeredTopicIds = isUnselect ? await findAnsweredTopicIds(db, user.id, date) : [];
    const decision = decideSelection({ selectedTopicIds: current, topicId: topic.id, answeredTopicIds });
    if (decision.kind === 'refused') throw new ConflictError(decision.message);

    const written = selection
      ? await casUpdateSelection(db, {
          id: selection.id,
          expectedVersion: selection.version,
          next: decision.next,
          unselectGuard:
            decision.kind === 'unselect' ? { userId: user.id, date, topicId: topic.id } : undefined,
        })
      : await insertSelectionIfAbsent(db, {
          id: crypto.randomUUID(),
          userId: user.id,
          date,
          selectedTopicIds: decision.next,
          createdAt: deps.now(),
        });
    if (written) return resultOf(decision.next);
  }
  throw new ConflictError('Your selection changed at the same time. Please try again.');
}
