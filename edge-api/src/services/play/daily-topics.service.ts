import type { DailyQuestion, DailyTopicsResponse } from '@daily-tea/shared/contracts/daily';
import type { CatalogueDay } from '../../db/queries/daily.queries';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import type { UserRow } from '../../app-env';
import { findPlayerDayWithCatalogue } from '../../db/queries/player-day.queries';
import type { Deps } from '../../env';
import { recordFunnelStage } from './funnel';
import { today } from './today';

/**
 * The day's catalogue as JSON pieces, built once per cached catalogue (a WeakMap on the catalogue object, which
 * the catalogue cache keeps until a catalogue write): each topic's and question's fixed fields serialized up to
 * where the player's own fields follow. A daily-topics response is then string assembly — the 6 KB of
 * catalogue text is not serialized again for every request.
 */
type QuestionPiece = { id: string; head: string };
type TopicPiece = { topic: CatalogueDay['scheduled'][number]; head: string; questions: QuestionPiece[] };
const piecesOf = new WeakMap<CatalogueDay, TopicPiece[]>();

/** `{"a":1,"b":2` — an object's JSON without its closing brace, so more members can follow. */
const openJson = (value: object) => JSON.stringify(value).slice(0, -1);

function cataloguePieces(catalogue: CatalogueDay): TopicPiece[] {
  const cached = piecesOf.get(catalogue);
  if (cached) return cached;
  const pieces = catalogue.scheduled.map((topic) => ({
    topic,
    head: openJson({
      id: topic.id,
      title: topic.title,
      description: topic.description,
      category: topic.category,
    }),
    questions: catalogue.questions
      .filter((q) => q.topicId === topic.id)
      .map((q) => ({
        id: q.id,
        head: openJson({
          id: q.id,
          text: q.text,
          type: q.type,
          options: q.options,
          numericUnit: q.numericUnit,
          minValue: q.minValue,
          maxValue: q.maxValue,
          imageUrl: q.imageUrl,
        }),
      })),
  }));
  piecesOf.set(catalogue, pieces);
  return pieces;
}

/**
 * A game day's topics for one player — today's, or a past day's from the archive — with their questions, the
 * player's answers and each card's state: the JSON of a DailyTopicsResponse (members in the contract's order).
 * The day's catalogue (cached between requests on Node, as pre-serialized pieces) and one statement for the
 * player's selection and answers — the number of queries never depends on how many topics or questions there are.
 */
export async function getDailyTopicsJson(deps: Deps, user: UserRow, date = today(deps)): Promise<string> {
  const [{ catalogue, day }] = await Promise.all([
    findPlayerDayWithCatalogue(deps.db, user.id, date, { badges: false }),
    // Today's funnel: the player opened the day (an archive day is not part of it).
    date === today(deps) ? recordFunnelStage(deps, user.id, 'opened') : undefined,
  ]);
  const selectedTopicIds = day.selection?.selectedTopicIds ?? [];
  const selected = new Set(selectedTopicIds);
  const answerOf = new Map(day.answers.map((a) => [a.questionId, a]));
  const hasMaxSelections = selectedTopicIds.length >= MAX_TOPICS_PER_DAY;

  const topics: string[] = [];
  for (const { topic, head, questions } of cataloguePieces(catalogue)) {
    const isSelected = selected.has(topic.id);
    // A topic deactivated after scheduling disappears for newcomers but stays for players who picked it.
    if (!topic.isActive && !isSelected) continue;
    let allAnswered = questions.length > 0;
    const items = questions.map((q) => {
      const answer = answerOf.get(q.id);
      if (!answer) allAnswered = false;
      const userAnswer: DailyQuestion['userAnswer'] = answer
        ? { selectedOptionId: answer.selectedOptionId, numericValue: answer.numericValue }
        : null;
      return `${q.head},"userAnswer":${JSON.stringify(userAnswer)}}`;
    });
    const isLocked = hasMaxSelections && !isSelected;
    const showResults = isSelected && allAnswered;
    const canAnswer = isSelected && questions.length > 0 && !allAnswered;
    topics.push(
      `${head},"isSelected":${isSelected},"isLocked":${isLocked},"showResults":${showResults},"canAnswer":${canAnswer},"questions":[${items.join(',')}]}`,
    );
  }
  const userSelection: DailyTopicsResponse['userSelection'] = {
    selectedCount: selectedTopicIds.length,
    hasMaxSelections,
    selectedTopicIds,
  };
  return `{"date":${JSON.stringify(date)},"topics":[${topics.join(',')}],"userSelection":${JSON.stringify(userSelection)}}`;
}
