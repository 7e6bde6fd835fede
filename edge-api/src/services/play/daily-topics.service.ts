import type { DailyTopicsResponse } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import type { UserRow } from '../../app-env';
import { findPlayerDayWithCatalogue } from '../../db/queries/player-day.queries';
import type { Deps } from '../../env';
import { today } from './today';

/**
 * Today's topics for one player with their questions, the player's answers and each card's state.
 * The day's catalogue (cached between requests on Node) and one statement for the player's selection and
 * answers — the number of queries never depends on how many topics or questions there are.
 */
export async function getDailyTopics(deps: Deps, user: UserRow): Promise<DailyTopicsResponse> {
  const date = today(deps);
  const { db } = deps;
  const { catalogue, day } = await findPlayerDayWithCatalogue(db, user.id, date, { badges: false });
  const { scheduled, questions: dayQuestions } = catalogue;
  const { selection, answers } = day;
  const selectedTopicIds = selection?.selectedTopicIds ?? [];
  const selected = new Set(selectedTopicIds);
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const hasMaxSelections = selectedTopicIds.length >= MAX_TOPICS_PER_DAY;

  // A topic deactivated after scheduling disappears for newcomers but stays for players who picked it.
  const visible = scheduled.filter((t) => t.isActive || selected.has(t.id));
  const topics = visible.map((topic) => {
    const questions = dayQuestions
      .filter((q) => q.topicId === topic.id)
      .map((q) => {
        const answer = answerOf.get(q.id);
        return {
          id: q.id,
          text: q.text,
          type: q.type,
          options: q.options,
          numericUnit: q.numericUnit,
          minValue: q.minValue,
          maxValue: q.maxValue,
          imageUrl: q.imageUrl,
          userAnswer: answer
            ? { selectedOptionId: answer.selectedOptionId, numericValue: answer.numericValue }
            : null,
        };
      });
    const isSelected = selected.has(topic.id);
    const allAnswered = questions.length > 0 && questions.every((q) => q.userAnswer !== null);
    return {
      id: topic.id,
      title: topic.title,
      description: topic.description,
      category: topic.category,
      isSelected,
      isLocked: hasMaxSelections && !isSelected,
      showResults: isSelected && allAnswered,
      canAnswer: isSelected && questions.length > 0 && !allAnswered,
      questions,
    };
  });
  return {
    date,
    topics,
    userSelection: { selectedCount: selectedTopicIds.length, hasMaxSelections, selectedTopicIds },
  };
}
