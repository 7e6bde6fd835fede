import {
  DailyQuestionSchema,
  TopicBaseSchema,
  type DailyTopicsResponse,
} from '@daily-tea/shared/contracts/daily';
import { sharedPrefix } from './json';

/** The catalogue's members of a topic card and of a question, in the contract's order (stored once per day). */
const TOPIC_CATALOGUE = Object.keys(TopicBaseSchema.shape);
const QUESTION_CATALOGUE = Object.keys(DailyQuestionSchema.omit({ userAnswer: true }).shape);

/**
 * A daily-topics body (GET /api/daily-topics and an archive day) as JSON: the contract's members in the contract's
 * order, the same text as `JSON.stringify` of the body. The day's catalogue — each topic's and question's fixed
 * members, 6 KB of text that changes only with a catalogue write — is spliced in as written once
 * (`sharedJson` on the catalogue's cards, daily.queries.ts); the player's state and answers are written here. A
 * body not built on the stored cards is written by `JSON.stringify`.
 */
export function dailyTopicsJson(body: DailyTopicsResponse): string {
  const topics: string[] = [];
  for (const topic of body.topics) {
    const head = sharedPrefix(topic, TOPIC_CATALOGUE);
    if (head === undefined) return JSON.stringify(body);
    const questions: string[] = [];
    for (const question of topic.questions) {
      const fixed = sharedPrefix(question, QUESTION_CATALOGUE);
      if (fixed === undefined) return JSON.stringify(body);
      questions.push(`${fixed},"userAnswer":${JSON.stringify(question.userAnswer)}}`);
    }
    topics.push(
      `${head},"isSelected":${topic.isSelected},"isLocked":${topic.isLocked},"showResults":${topic.showResults},` +
        `"canAnswer":${topic.canAnswer},"questions":[${questions.join(',')}]}`,
    );
  }
  return `{"date":${JSON.stringify(body.date)},"topics":[${topics.join(',')}],"userSelection":${JSON.stringify(body.userSelection)}}`;
}
