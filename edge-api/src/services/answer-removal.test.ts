import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '@daily-tea/shared/domain/profile';
import { countersEqualRecount } from '../db/queries/counters.queries';
import { createQuestion, createTopic, createUser, scheduleDay, type QuestionRow } from '../test/factories';
import { createTestApp, sessionCookieOf, TEST_NOW, TEST_TODAY, type TestApp } from '../test/harness';
import { addDays } from '@daily-tea/shared/domain/game-day';
import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import type { User } from '@daily-tea/shared/contracts/auth';
import { PROVINCE_ANSWERS } from '@daily-tea/shared/domain/provinces';
import { weightingCellOf } from '@daily-tea/shared/domain/weighting';
import { createRng, type Rng } from '../seed/random';
import { removeAnswers, removeQuestion, removeUsers } from './answer-removal';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date(TEST_NOW);
  t = await createTestApp({ now: () => now });
});
afterEach(() => t.close());

type Player = {
  id: string;
  cookie: string;
  topics: string[];
  country: string | null;
  /** The player's weighting cell now (null: outside the scheme), as the answer snapshot will hold it. */
  cell: string | null;
};
type Model = {
  /** Each answer with the game day and the country it was given from (the snapshot the counters must keep). */
  answers: Map<
    string,
    {
      userId: string;
      questionId: string;
      groupId: string;
      date: string;
      country: string | null;
      cell: string | null;
    }
  >;
  day: string;
  questions: QuestionRow[];
  players: Player[];
};

async function login(username: string): Promise<string> {
  const res = await t.request('/api/login', { method: 'POST', json: { username, password: 'password123' } });
  expect(res.status).toBe(200);
  return sessionCookieOf(res);
}

const maybe = <T>(rng: Rng, items: readonly T[]): T | null => (rng.next() < 0.15 ? null : rng.pick(items));

async function adminResults(questionId: string): Promise<QuestionResults> {
  const res = await t.request(`/api/questions/${questionId}/results`, { token: await t.adminToken() });
  expect(res.status).toBe(200);
  return (await res.json()) as QuestionResults;
}
async function resultsTotal(questionId: string): Promise<number> {
  return (await adminResults(questionId)).totalAnswers;
}
const COUNTRIES = ['South Africa', 'South Africa', 'Kenya', 'Nigeria'] as const;
const CITIES = ['Durban', 'Nairobi', 'Lagos', 'Soweto'] as const;

async function answerOnce(rng: Rng, model: Model): Promise<boolean> {
  const player = rng.pick(model.players);
  const answered = new Set(
    [...model.answers.values()].filter((a) => a.userId === player.id).map((a) => a.questionId),
  );
  const open = model.questions.filter(
    (q) => q.date === model.day && player.topics.includes(q.topicId) && !answered.has(q.id),
  );
  if (open.length === 0) return false;
  const q = rng.pick(open);
  const body =
    q.type === 'numeric'
      ? {
          questionId: q.id,
          numericValue: rng.int(q.minValue ?? 0, (q.maxValue ?? 1000) - 1) + (rng.next() < 0.3 ? 0.25 : 0),
        }
      : { questionId: q.id, selectedOptionId: `opt-${rng.int(1, q.options.length)}` };
  const res = await t.request('/api/answers', { method: 'POST', cookie: player.cookie, json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  const { answer } = (await res.json()) as { answer: { id: string } };
  model.answers.set(answer.id, {
    userId: player.id,
    questionId: q.id,
    groupId: q.groupId,
    date: model.day,
    country: player.country,
    cell: player.cell,
  });
  return true;
}

describe('answer removal keeps counters equal to a full recount', () => {
  it('holds through random answers over two game days, answer/user/question deletions, imports and profile edits', async () => {
    const rng = createRng(3);
    const topics = [];
    const model: Model = { answers: new Map(), questions: [], players: [], day: TEST_TODAY };
    for (let i = 0; i < 4; i++) {
      const topic = await createTopic(t.db);
      topics.push(topic);
      model.questions.push(await createQuestion(t.db, { topicId: topic.id }));
      model.questions.push(
        await createQuestion(t.db, {
          topicId: topic.id,
          type: 'numeric',
          minValue: 0,
          maxValue: 50,
          numericUnit: 'cups',
        }),
      );
      model.questions.push(await createQuestion(t.db, { topicId: topic.id, options: ['A', 'B', 'C', 'D'] }));
    }
    await scheduleDay(
      t.db,
      TEST_TODAY,
      topics.map((x) => x.id),
    );
    for (let i = 0; i < 10; i++) {
      const country = maybe(rng, COUNTRIES);
      const user = await createUser(t.db, {
        // Mostly inside the weighting scheme, so its cells are exercised too.
        gender: rng.next() < 0.7 ? rng.pick(['male', 'female']) : maybe(rng, GENDERS),
        ageBracket: maybe(rng, AGE_BRACKETS),
        raceBracket: maybe(rng, RACE_BRACKETS),
        country,
        city: maybe(rng, CITIES),
        province: country === 'South Africa' ? maybe(rng, PROVINCE_ANSWERS) : null,
      });
      const cookie = await login(user.username);
      const picked = rng.next() < 0.5 ? topics.slice(0, 3) : topics.slice(1, 4);
      for (const topic of picked) {
        const res = await t.request('/api/select-topic', {
          method: 'POST',
          cookie,
          json: { topicId: topic.id },
        });
        expect(res.status).toBe(200);
      }
      model.players.push({
        id: user.id,
        cookie,
        topics: picked.map((x) => x.id),
        country: user.country,
        cell: weightingCellOf(user),
      });
    }

    const kinds = { answer: 0, removeAnswers: 0, removeUsers: 0, removeQuestion: 0, import: 0, profile: 0 };
    for (let step = 0; step < 90; step++) {
      if (step === 45) {
        // The next game day re-asks every question (linked, so the trend has two dates); players pick again.
        model.day = addDays(TEST_TODAY, 1);
        now = new Date(TEST_NOW.getTime() + 86_400_000);
        const reasked = [];
        for (const q of model.questions) {
          reasked.push(
            await createQuestion(t.db, {
              topicId: q.topicId,
              date: model.day,
              text: q.text,
              type: q.type,
              options: q.options,
              minValue: q.minValue,
              maxValue: q.maxValue,
              linkedQuestionId: q.linkedQuestionId ?? q.id,
            }),
          );
        }
        model.questions.push(...reasked);
        await scheduleDay(
          t.db,
          model.day,
          topics.map((x) => x.id),
        );
        for (const p of model.players) {
          for (const topicId of p.topics) {
            const res = await t.request('/api/select-topic', {
              method: 'POST',
              cookie: p.cookie,
              json: { topicId },
            });
            expect(res.status).toBe(200);
          }
        }
      }
      const roll = rng.next();
      if (roll < 0.5) {
        if (await answerOnce(rng, model)) kinds.answer++;
      } else if (roll < 0.64 && model.answers.size > 0) {
        const ids = [...model.answers.keys()];
        const chosen = [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(ids)))];
        expect(await removeAnswers(t.db, [...chosen, 'no-such-answer'])).toBe(chosen.length);
        for (const id of chosen) model.answers.delete(id);
        kinds.removeAnswers++;
      } else if (roll < 0.7 && model.players.length > 3) {
        const gone = model.players.splice(rng.int(0, model.players.length - 1), 1)[0]!;
        expect(await removeUsers(t.db, [gone.id, 'no-such-user'])).toBe(1);
        for (const [id, a] of model.answers) if (a.userId === gone.id) model.answers.delete(id);
        kinds.removeUsers++;
      } else if (roll < 0.78 && model.questions.length > 4) {
        const gone = model.questions.splice(rng.int(0, model.questions.length - 1), 1)[0]!;
        expect(await removeQuestion(t.db, gone.id)).toBe(true);
        expect(await removeQuestion(t.db, gone.id)).toBe(false);
        for (const [id, a] of model.answers) if (a.questionId === gone.id) model.answers.delete(id);
        kinds.removeQuestion++;
      } else if (roll < 0.9) {
        // An admin import: same text and options in another topic, linked to the source's group.
        const source = rng.pick(model.questions);
        const imported = await createQuestion(t.db, {
          topicId: rng.pick(topics).id,
          text: source.text,
          type: source.type,
          options: source.options,
          minValue: source.minValue,
          maxValue: source.maxValue,
          linkedQuestionId: source.linkedQuestionId ?? source.id,
        });
        model.questions.push(imported);
        kinds.import++;
      } else {
        const p = rng.pick(model.players);
        const country = maybe(rng, COUNTRIES);
        const res = await t.request('/api/profile', {
          method: 'PUT',
          cookie: p.cookie,
          json: {
            gender: rng.pick(GENDERS),
            ageBracket: rng.pick(AGE_BRACKETS),
            raceBracket: rng.pick(RACE_BRACKETS),
            country,
            city: maybe(rng, CITIES),
            ...(rng.next() < 0.5 ? { province: maybe(rng, PROVINCE_ANSWERS) } : {}),
          },
        });
        expect(res.status).toBe(200);
        p.country = country;
        p.cell = weightingCellOf((await res.json()) as User);
        kinds.profile++;
      }
      expect(await countersEqualRecount(t.db), `after step ${step}`).toBe(true);
    }

    for (const kind of Object.values(kinds)) expect(kind).toBeGreaterThan(0);
    // Results read from the counters agree with the model, per link group: totals, answers per date
    // (the trend) and answers per country (By Country, where shown).
    const byKey = (rows: Array<readonly [string, number]>) =>
      Object.fromEntries(rows.filter(([, n]) => n > 0).sort());
    let trends = 0;
    let cells = 0;
    for (const q of model.questions) {
      const group = [...model.answers.values()].filter((a) => a.groupId === q.groupId);
      const r = await adminResults(q.id);
      expect(r.totalAnswers).toBe(group.length);
      const perDate = byKey(
        [TEST_TODAY, addDays(TEST_TODAY, 1)].map(
          (d) => [d, group.filter((a) => a.date === d).length] as const,
        ),
      );
      if (Object.keys(perDate).length >= 2) {
        trends++;
        expect(byKey((r.trend?.dates ?? []).map((d, i) => [d, r.trend!.totals[i]!] as const))).toEqual(
          perDate,
        );
      } else {
        expect(r.trend).toBeNull();
      }
      const perCountry = byKey(
        COUNTRIES.map((c) => [c, group.filter((a) => a.country === c).length] as const),
      );
      expect(r.places.byCountry.total).toBe(Object.values(perCountry).reduce((a, b) => a + b, 0));
      // Weighted: who is in the scheme and who is left out, from the cell counters.
      const inScheme = group.filter((a) => a.cell !== null).length;
      const split = r.weighted ?? r.weightedWithheld;
      expect(split?.respondents).toBe(inScheme);
      expect(split?.excluded).toBe(group.length - inScheme);
      if (inScheme > 0) cells++;
      if (r.places.byCountry.available) {
        expect(byKey(r.places.byCountry.groups.map((g) => [g.label, g.total] as const))).toEqual(perCountry);
      }
    }
    expect(trends).toBeGreaterThan(0);
    expect(cells).toBeGreaterThan(0);
  });

  it('removes a user with everything they own and leaves other players alone', async () => {
    const topic = await createTopic(t.db);
    const q = await createQuestion(t.db, { topicId: topic.id });
    await scheduleDay(t.db, TEST_TODAY, [topic.id]);
    const cookies: string[] = [];
    const ids: string[] = [];
    for (const gender of ['male', 'female']) {
      const user = await createUser(t.db, { gender, ageBracket: '18-24', raceBracket: 'black' });
      const cookie = await login(user.username);
      await t.request('/api/select-topic', { method: 'POST', cookie, json: { topicId: topic.id } });
      const res = await t.request('/api/answers', {
        method: 'POST',
        cookie,
        json: { questionId: q.id, selectedOptionId: 'opt-1' },
      });
      expect(res.status).toBe(201);
      cookies.push(cookie);
      ids.push(user.id);
    }
    expect(await removeUsers(t.db, [ids[0]!])).toBe(1);
    expect((await t.request('/api/user', { cookie: cookies[0] })).status).toBe(401);
    const other = await t.request('/api/user/badges', { cookie: cookies[1] });
    expect(((await other.json()) as unknown[]).length).toBe(1);
    const results = (await (
      await t.request(`/api/questions/${q.id}/results`, { cookie: cookies[1] })
    ).json()) as {
      totalAnswers: number;
      demographicBreakdown: Record<string, unknown>;
    };
    expect(results.totalAnswers).toBe(1);
    expect(results.demographicBreakdown).toEqual({
      female: { 'opt-1': 1 },
      'age_18-24': { 'opt-1': 1 },
      race_black: { 'opt-1': 1 },
    });
    expect(await countersEqualRecount(t.db)).toBe(true);
    expect(await removeUsers(t.db, [])).toBe(0);
    expect(await removeAnswers(t.db, [])).toBe(0);
  });

  it('keeps questions imported from a deleted question linked to each other', async () => {
    const topic = await createTopic(t.db);
    const source = await createQuestion(t.db, { topicId: topic.id, date: '2026-05-01' });
    const a = await createQuestion(t.db, { topicId: topic.id, linkedQuestionId: source.id });
    const other = await createTopic(t.db);
    const b = await createQuestion(t.db, { topicId: other.id, linkedQuestionId: source.id });
    await scheduleDay(t.db, TEST_TODAY, [topic.id, other.id]);
    const user = await createUser(t.db, { gender: 'male' });
    const cookie = await login(user.username);
    await t.request('/api/select-topic', { method: 'POST', cookie, json: { topicId: topic.id } });
    expect(
      (
        await t.request('/api/answers', {
          method: 'POST',
          cookie,
          json: { questionId: a.id, selectedOptionId: 'opt-2' },
        })
      ).status,
    ).toBe(201);
    expect(await removeQuestion(t.db, source.id)).toBe(true);
    expect(await resultsTotal(b.id)).toBe(1);
    expect(await countersEqualRecount(t.db)).toBe(true);
  });
});
