import type { ProfileInput } from '@daily-tea/shared/contracts/auth';
import {
  createQuestion,
  createTopic,
  scheduleDay,
  type QuestionRow,
  type TopicRow,
} from '../../test/factories';
import { TEST_TODAY, type SignedInUser, type TestApp } from '../../test/harness';

/** Helpers shared by the player route tests: today's catalogue, players with profiles, JSON calls. */

export type Today = { topics: TopicRow[]; questions: Map<string, QuestionRow[]> };

/**
 * Schedules `topicCount` topics for `date`: the first has a multiple-choice and a numeric question
 * (0–100 kg), every other one a single multiple-choice question (Yes / No / Maybe).
 */
export async function scheduleToday(t: TestApp, topicCount = 5, date = TEST_TODAY): Promise<Today> {
  const topics: TopicRow[] = [];
  const questions = new Map<string, QuestionRow[]>();
  for (let i = 0; i < topicCount; i++) {
    const topic = await createTopic(t.db, { category: i % 2 ? 'Sport' : 'Food' });
    topics.push(topic);
    const qs = [
      await createQuestion(t.db, {
        topicId: topic.id,
        date,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i, 0)),
      }),
    ];
    if (i === 0) {
      qs.push(
        await createQuestion(t.db, {
          topicId: topic.id,
          date,
          type: 'numeric',
          numericUnit: 'kg',
          minValue: 0,
          maxValue: 100,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i, 1)),
        }),
      );
    }
    questions.set(topic.id, qs);
  }
  await scheduleDay(
    t.db,
    date,
    topics.map((x) => x.id),
  );
  return { topics, questions };
}

export const DEFAULT_PROFILE: ProfileInput = {
  gender: 'female',
  ageBracket: '25-34',
  raceBracket: 'black',
  country: 'South Africa',
  city: 'Durban',
};

/** Registers a player and saves a profile (the demographic snapshot of their answers). */
export async function player(t: TestApp, profile: Partial<ProfileInput> = {}): Promise<SignedInUser> {
  const signed = await t.signUp();
  await setProfile(t, signed.cookie, profile);
  return signed;
}

export async function setProfile(t: TestApp, cookie: string, profile: Partial<ProfileInput>): Promise<void> {
  const res = await t.request('/api/profile', {
    method: 'PUT',
    cookie,
    json: { ...DEFAULT_PROFILE, ...profile },
  });
  if (!res.ok) throw new Error(`profile failed: ${res.status} ${await res.text()}`);
}

export function selectTopic(t: TestApp, cookie: string, topicId: string): Promise<Response> {
  return t.request('/api/select-topic', { method: 'POST', cookie, json: { topicId } });
}

export function postAnswer(
  t: TestApp,
  cookie: string,
  body: { questionId: string; selectedOptionId?: string; numericValue?: number } | Record<string, unknown>,
): Promise<Response> {
  return t.request('/api/answers', { method: 'POST', cookie, json: body });
}

/** Selects a topic and fails loudly if that is refused. */
export async function mustSelect(t: TestApp, cookie: string, topicId: string): Promise<void> {
  const res = await selectTopic(t, cookie, topicId);
  if (res.status !== 200) throw new Error(`select failed: ${res.status} ${await res.text()}`);
}

/** Posts an answer and fails loudly unless it is stored. */
export async function mustAnswer(
  t: TestApp,
  cookie: string,
  body: { questionId: string; selectedOptionId?: string; numericValue?: number },
): Promise<{
  answer: { id: string };
  newBadges: { type: string }[];
  streak: { current: number; longest: number };
}> {
  const res = await postAnswer(t, cookie, body);
  if (res.status !== 201) throw new Error(`answer failed: ${res.status} ${await res.text()}`);
  return res.json() as never;
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
