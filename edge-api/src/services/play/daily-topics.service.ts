import type { DailyQuestion, DailyTopic, DailyTopicsResponse } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import type { UserRow } from '../../app-env';
import type { UserAnswerValue } from '../../db/queries/answers.queries';
import { findPlayerDayWithCatalogue } from '../../db/queries/player-day.queries';
import type { Deps } from '../../env';
import { recordFunnelStage } from './funnel';
import { today } from './today';

const userAnswerOf = (answer: UserAnswerValue | undefined): DailyQuestion['userAnswer'] =>
  answer ? { selectedOptionId: answer.selectedOptionId, numericValue: answer.numericValue } : null;

/**
 * A game day's topics for one player — today's, or a past day's from the archive — with their questions, the
 * player's answers and each card's state (product.md#play-rules). The day's catalogue as players see it and one
 * statement for the player's selection and answers: the number of queries never depends on how many topics or
 * questions there are.
 */
export async function getDailyTopics(
  deps: Deps,
  user: UserRow,
  date = today(deps),
): Promise<DailyTopicsResponse> {
  const [{ catalogue, day }] = await Promise.all([
    findPlayerDayWithCatalogue(deps.db, user, date, { badges: false }),
    // Today's funnel: the player opened the day (an archive day is not part of it).
    date === today(deps) ? recordFunnelStage(deps, user.id, 'opened') : undefined,
  ]);
  const selectedTopicIds = day.selection?.selectedTopicIds ?? [];
  const selected = new Set(selectedTopicIds);
  const answerOf = new Map(day.answers.map((a) => [a.questionId, a]));
  const hasMaxSelections = selectedTopicIds.length >= MAX_TOPICS_PER_DAY;

  const topics: DailyTopic[] = [];
  for (const { card, isActive } of catalogue.playerTopics) {
    const isSelected = selected.has(card.id);
    // A topic deactivated after scheduling disappears for newcomers but stays for players who picked it.
    if (!isActive && !isSelected) continue;
    const questions = card.questions.map((question) => ({
      ...question,
      userAnswer: userAnswerOf(answerOf.get(question.id)),
    }));
    const allAnswered = questions.length > 0 && questions.every((q) => q.userAnswer !== null);
    topics.push({
      ...card,
      isSelected,
      isLocked: hasMaxSelections && !isSelected,
      showResults: isSelected && allAnswered,
      canAnswer: isSelected && questions.length > 0 && !allAnswered,
      questions,
    });
  }
  return {
    date,
    topics,
    userSelection: { selectedCount: selectedTopicIds.length, hasMaxSelections, selectedTopicIds },
  };
}
