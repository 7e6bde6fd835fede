import type { SelectTopicInput, SelectTopicResult } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { decideSelection } from '@daily-tea/shared/domain/selection';
import type { UserRow } from '../../app-env';
import { timeOrderedId } from '../../db/ids';
import { findPlayerDay, findPlayerDayWithCatalogue } from '../../db/queries/player-day.queries';
import { casUpdateSelection, insertSelectionIfAbsent } from '../../db/queries/selections.queries';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { recordFunnelStage } from './funnel';
import { today } from './today';

/** Attempts before a request that keeps losing compare-and-swap races gives up (each loss means progress elsewhere). */
const MAX_ATTEMPTS = 8;

const resultOf = (ids: string[]): SelectTopicResult => ({
  selectedTopicIds: ids,
  selectedCount: ids.length,
  hasMaxSelections: ids.length >= MAX_TOPICS_PER_DAY,
});

/**
 * Toggles a topic in a game day's selection — today's, or a past day's picked from the archive
 * (product.md#play-rules): select (409 beyond 3), or unselect while none of its
 * questions is answered (else 409). The write is a compare-and-swap on the row's version, retried after
 * a lost race with a fresh decision, so concurrent requests can never leave more than 3 selected.
 */
export async function selectTopic(
  deps: Deps,
  user: UserRow,
  input: SelectTopicInput,
  date = today(deps),
  notFound = "Topic not found in today's topics",
): Promise<SelectTopicResult> {
  const { db } = deps;
  // The player's day (selection + answers) and the day's catalogue: the statement the answer path reads, and
  // the catalogue from this process's cache while the version read with it is current.
  const { catalogue, day: firstRead } = await findPlayerDayWithCatalogue(db, user, date, {
    badges: false,
  });
  const topic = catalogue.scheduled.find((t) => t.id === input.topicId);
  if (!topic) throw new NotFoundError(notFound);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const day = attempt === 0 ? firstRead : await findPlayerDay(db, user.id, date, { badges: false });
    const selection = day.selection;
    const current = selection?.selectedTopicIds ?? [];
    const isUnselect = current.includes(topic.id);
    if (!isUnselect && !topic.isActive) throw new BadRequestError('This topic is no longer available');
    // Topics of today's answers: every answer of the day is to a question of today's catalogue.
    const answeredTopicIds = isUnselect
      ? [...new Set(day.answers.flatMap((a) => catalogue.questionById.get(a.questionId)?.topicId ?? []))]
      : [];
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
          id: timeOrderedId(),
          userId: user.id,
          date,
          selectedTopicIds: decision.next,
          createdAt: deps.now(),
        });
    if (written) {
      if (decision.next.length > 0 && date === today(deps)) await recordFunnelStage(deps, user.id, 'picked');
      return resultOf(decision.next);
    }
  }
  throw new ConflictError('Your selection changed at the same time. Please try again.');
}
