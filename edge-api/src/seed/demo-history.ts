import { addDays } from '@daily-tea/shared/domain/game-day';
import type { answers, dailyTopics, questions, userDailySelections, users } from '../db/schema';
import { UNREVEALED_ANSWER } from './crowd-defaults';
import type { DemoQuestion } from './demo-catalogue';
import type { Rng } from './random';

/**
 * History for the demo community: the questions of two of today's topics were first asked two
 * weeks and one week ago (today's questions are imports linked to them), and about half of the players
 * answered them then — with other leanings than today — so the demo shows how opinion moved, per date.
 */

/** Days before today on which the demo's re-asked questions were first asked. */
export const DEMO_HISTORY_DAYS_AGO = [14, 7] as const;
/** How many of today's topics have that history. */
export const DEMO_HISTORY_TOPICS = 2;
/** Share of today's players who also played each history day. */
const HISTORY_TURNOUT = 0.55;

type QuestionInsert = typeof questions.$inferInsert;
type UserInsert = typeof users.$inferInsert;
type AnswerInsert = typeof answers.$inferInsert;
type Answer = { selectedOptionId: string | null; numericValue: number | null };

export type DemoHistory = {
  questions: QuestionInsert[];
  schedule: (typeof dailyTopics.$inferInsert)[];
  selections: (typeof userDailySelections.$inferInsert)[];
  answers: AnswerInsert[];
};

/**
 * Plans the history and re-links the catalogue in place: each chosen question of today (and its later
 * re-asks) joins the link group of its first asking. `answer(q, key, user)` picks an answer with a leaning
 * per `key` (one per question and date, so the split moves between dates).
 */
export function planDemoHistory(input: {
  rng: Rng;
  today: string;
  todaysTopicIds: readonly string[];
  questionRows: QuestionInsert[];
  demoOf: Map<string, DemoQuestion>;
  players: readonly UserInsert[];
  answer: (q: DemoQuestion, key: string, user: UserInsert) => Answer;
}): DemoHistory {
  const { rng, today, questionRows, demoOf } = input;
  const topicIds = input.todaysTopicIds.slice(0, DEMO_HISTORY_TOPICS);
  const out: DemoHistory = { questions: [], schedule: [], selections: [], answers: [] };
  const todays = questionRows.filter((q) => q.date === today && topicIds.includes(q.topicId));
  const dates = DEMO_HISTORY_DAYS_AGO.map((n) => addDays(today, -n));
  const byDate = new Map<string, QuestionInsert[]>(dates.map((d) => [d, []]));

  for (const q of todays) {
    const demo = demoOf.get(q.id!)!;
    let root: string | undefined;
    for (const [i, date] of dates.entries()) {
      const id = crypto.randomUUID();
      root ??= id;
      const row: QuestionInsert = {
        ...q,
        id,
        date,
        linkedQuestionId: i === 0 ? null : root,
        groupId: root,
        answerCount: 0,
        createdAt: new Date(Date.parse(`${date}T06:00:00Z`)),
      };
      demoOf.set(id, demo);
      out.questions.push(row);
      byDate.get(date)!.push(row);
    }
    // Today's question and its later re-asks become imports of the first asking.
    const oldGroup = q.groupId;
    for (const r of questionRows) {
      if (r.groupId === oldGroup) {
        r.groupId = root!;
        r.linkedQuestionId = root!;
      }
    }
  }

  for (const date of dates) {
    out.schedule.push({
      id: crypto.randomUUID(),
      date,
      topicIds,
      createdAt: new Date(Date.parse(`${date}T06:00:00Z`)),
    });
    for (const [index, user] of input.players.entries()) {
      // The first player (demo_1, the demo's regular) played every history day.
      if (rng.next() > HISTORY_TURNOUT && index > 0) continue;
      out.selections.push({
        id: crypto.randomUUID(),
        userId: user.id!,
        date,
        selectedTopicIds: topicIds,
        version: topicIds.length,
        createdAt: new Date(Date.parse(`${date}T07:00:00Z`)),
      });
      for (const q of byDate.get(date)!) {
        out.answers.push({
          id: crypto.randomUUID(),
          userId: user.id!,
          questionId: q.id!,
          groupId: q.groupId!,
          questionDate: date,
          ...input.answer(demoOf.get(q.id!)!, `${q.groupId}|${date}`, user),
          gender: user.gender,
          ageBracket: user.ageBracket,
          raceBracket: user.raceBracket,
          country: user.country,
          city: user.city,
          province: user.province,
          answeredAt: new Date(Date.parse(`${date}T08:00:00Z`) + rng.int(0, 10 * 3600) * 1000),
          ...UNREVEALED_ANSWER,
        });
      }
    }
  }
  return out;
}
