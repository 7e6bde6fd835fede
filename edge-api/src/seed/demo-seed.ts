import { badgesEarned } from '@daily-tea/shared/domain/badges';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { seededCrowdFields, UNREVEALED_ANSWER } from './crowd-defaults';
import { addDays, gameDay } from '@daily-tea/shared/domain/game-day';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '@daily-tea/shared/domain/profile';
import { optionId } from '@daily-tea/shared/domain/results';
import { hashPassword } from '../auth/password';
import { runBatch } from '../db/database';
import { rebuildPlayRollups } from '../db/queries/analytics.queries';
import { recountAllCounters } from '../db/queries/counters.queries';
import { hasAnyTopic } from '../db/queries/daily.queries';
import { answers, badges, dailyTopics, questions, topics, userDailySelections, users } from '../db/schema';
import type { Deps } from '../env';
import { DEMO_PLACES, DEMO_TOPICS, type DemoQuestion } from './demo-catalogue';
import { bulkInsert } from '../db/bulk-load';
import { provinceOfCity } from '@daily-tea/shared/domain/provinces';
import { DEMO_HISTORY_TOPICS, planDemoHistory } from './demo-history';
import { createRng, type Rng } from './random';

export const DEMO_USERS = 300;
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_USERNAME_PREFIX = 'demo_';
/** Days scheduled from today (DESIGN: today and the next 6). */
export const DEMO_DAYS = 7;
export const DEMO_TOPICS_PER_DAY = 5;

const GENDER_WEIGHTS: Record<(typeof GENDERS)[number], number> = {
  male: 44,
  female: 46,
  non_binary: 3,
  transgender: 2,
  other: 2,
  prefer_not_to_say: 3,
};
const AGE_WEIGHTS: Record<(typeof AGE_BRACKETS)[number], number> = {
  '18-24': 26,
  '25-34': 34,
  '35-44': 20,
  '45+': 15,
  prefer_not_to_say: 5,
};
const RACE_WEIGHTS: Record<(typeof RACE_BRACKETS)[number], number> = {
  black: 52,
  white: 16,
  indian: 10,
  coloured: 11,
  mixed_race: 5,
  other: 3,
  prefer_not_to_say: 3,
};

type UserInsert = typeof users.$inferInsert;
type QuestionInsert = typeof questions.$inferInsert;
type AnswerInsert = typeof answers.$inferInsert;

/** Per-question answer tendencies: a base preference per option plus gender / age tilts, so breakdowns differ. */
type Tendency = { base: number[]; femaleBoost: number; youngBoost: number };

function tendencyFor(rng: Rng, optionCount: number): Tendency {
  // Squared uniforms give a few clear favourites and some rarely chosen options.
  const base = Array.from({ length: optionCount }, () => 0.08 + rng.next() ** 2);
  return { base, femaleBoost: rng.int(0, optionCount - 1), youngBoost: rng.int(0, optionCount - 1) };
}

function pickAnswer(
  rng: Rng,
  q: DemoQuestion,
  tendency: Tendency | undefined,
  user: Pick<UserInsert, 'gender' | 'ageBracket'>,
): { selectedOptionId: string | null; numericValue: number | null } {
  if (q.type === 'numeric') {
    // Log-normal around the typical value: most near it, a long tail upwards, clamped to the question's range.
    const spread = Math.exp(rng.normal() * 0.55);
    const raw = q.typical === 0 ? rng.next() * 2 : q.typical * spread;
    return { selectedOptionId: null, numericValue: Math.min(q.max, Math.max(q.min, Math.round(raw))) };
  }
  const weights = (tendency?.base ?? q.options.map(() => 1)).map((w, i) => {
    let v = w;
    if (user.gender === 'female' && i === tendency?.femaleBoost) v *= 2.2;
    if (user.ageBracket === '18-24' && i === tendency?.youngBoost) v *= 2.5;
    return v;
  });
  return { selectedOptionId: optionId(rng.weighted(weights)), numericValue: null };
}

/**
 * Seeds an empty database with the demo catalogue and community (product.md#running SEED_DEMO): ten topics, five a
 * day scheduled for today and the next six game days (3–5 questions each, reused questions linked to their
 * first day), and `demo_1` … `demo_300` (password `demo-password`) with varied profiles who picked and
 * answered today's topics with realistic skew, plus streaks and badges that fit. Result counters are
 * rebuilt from the answers at the end. No-op when any topic exists.
 */
export async function seedDemo(deps: Deps): Promise<void> {
  const { db } = deps;
  if (await hasAnyTopic(db)) return;
  const now = deps.now();
  const nowMs = now.getTime();
  const today = gameDay(now, deps.config.timeZone, deps.config.dayStartHour);
  const rng = createRng(20260522);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Catalogue and schedule.
  const topicRows = DEMO_TOPICS.map((t, i) => ({
    id: crypto.randomUUID(),
    title: t.title,
    description: t.description,
    category: t.category,
    isActive: true,
    createdAt: new Date(nowMs - (DEMO_TOPICS.length - i) * 60_000 - 30 * 86_400_000),
  }));
  const questionRows: QuestionInsert[] = [];
  const demoOf = new Map<string, DemoQuestion>();
  const scheduleRows: (typeof dailyTopics.$inferInsert)[] = [];
  const firstIdOfText = new Map<string, string>();
  const timesScheduled = new Map<number, number>();
  let order = 0;
  for (let day = 0; day < DEMO_DAYS; day++) {
    const date = addDays(today, day);
    // Stride 3 over ten topics: every day a different mix of five.
    const topicIndexes = Array.from(
      { length: DEMO_TOPICS_PER_DAY },
      (_, j) => (day * 3 + j) % DEMO_TOPICS.length,
    );
    scheduleRows.push({
      id: crypto.randomUUID(),
      date,
      topicIds: topicIndexes.map((ti) => topicRows[ti]!.id),
      createdAt: now,
    });
    for (const ti of topicIndexes) {
      const demo = DEMO_TOPICS[ti]!;
      const topic = topicRows[ti]!;
      const seen = timesScheduled.get(ti) ?? 0;
      timesScheduled.set(ti, seen + 1);
      const count = 3 + ((ti + day) % 3);
      for (let k = 0; k < count; k++) {
        const q = demo.questions[(seen * 3 + k) % demo.questions.length]!;
        const id = crypto.randomUUID();
        const key = `${ti}:${q.text}`;
        const linkedQuestionId = firstIdOfText.get(key) ?? null;
        if (!linkedQuestionId) firstIdOfText.set(key, id);
        demoOf.set(id, q);
        questionRows.push({
          id,
          topicId: topic.id,
          date,
          text: q.text,
          type: q.type,
          options: q.type === 'multiple_choice' ? q.options : [],
          numericUnit: q.type === 'numeric' ? q.unit : null,
          minValue: q.type === 'numeric' ? q.min : null,
          maxValue: q.type === 'numeric' ? q.max : null,
          imageUrl: null,
          linkedQuestionId,
          groupId: linkedQuestionId ?? id,
          answerCount: 0,
          createdAt: new Date(nowMs - 86_400_000 + order++),
        });
      }
    }
  }
  const todaysTopicIds = scheduleRows[0]!.topicIds;
  const todaysQuestions = questionRows.filter((q) => q.date === today);
  const tendencies = new Map<string, Tendency>();
  for (const q of todaysQuestions) {
    const demo = demoOf.get(q.id!)!;
    if (demo.type === 'multiple_choice') tendencies.set(q.groupId, tendencyFor(rng, demo.options.length));
  }
  // Some topics draw bigger crowds than others.
  const topicPopularity = todaysTopicIds.map(() => 0.5 + rng.next());

  // Community.
  const userRows: UserInsert[] = [];
  const selectionRows: (typeof userDailySelections.$inferInsert)[] = [];
  const answerRows: AnswerInsert[] = [];
  const badgeRows: (typeof badges.$inferInsert)[] = [];
  for (let n = 1; n <= DEMO_USERS; n++) {
    const place = rng.weightedItem(DEMO_PLACES, (p) => p.weight);
    const hasPlace = rng.next() > 0.08;
    const country = hasPlace ? place.country : null;
    const city = hasPlace && rng.next() > 0.15 ? rng.pick(place.cities) : null;
    const user: UserInsert = {
      id: crypto.randomUUID(),
      username: `${DEMO_USERNAME_PREFIX}${n}`,
      passwordHash,
      isGuest: false,
      gender: rng.weightedKey(GENDER_WEIGHTS),
      ageBracket: rng.weightedKey(AGE_WEIGHTS),
      raceBracket: rng.weightedKey(RACE_WEIGHTS),
      area: null,
      country,
      city,
      // South Africans' province from their city (the list knows every demo city) — the weighting cell.
      province: provinceOfCity(country, city),
      currentStreak: 0,
      longestStreak: 0,
      lastActivityDate: null,
      totalAnswers: 0,
      ...seededCrowdFields(0),
      // Set from the answers with the play rollups below.
      firstPlayDate: null,
      lastPlayDate: null,
      createdAt: new Date(nowMs - rng.int(1, 120) * 86_400_000 - rng.int(0, 86_399_999)),
    };
    userRows.push(user);
    // demo_1 is the demo's regular: played every history day, and today the topics that have a history, in full
    // — so signing in as demo_1 shows trends (a player sees the days they played: ADR 0230).
    const regular = n === 1;
    // One in ten signed up but has not played yet.
    if (rng.next() < 0.1 && !regular) continue;

    const topicCount = rng.weighted([20, 30, 50]) + 1;
    const sampled = rng.sampleWeighted(
      todaysTopicIds,
      topicPopularity,
      Math.min(topicCount, MAX_TOPICS_PER_DAY),
    );
    const historyTopics = todaysTopicIds.slice(0, DEMO_HISTORY_TOPICS);
    const chosen = regular
      ? [...historyTopics, ...sampled.filter((id) => !historyTopics.includes(id))].slice(
          0,
          MAX_TOPICS_PER_DAY,
        )
      : sampled;
    selectionRows.push({
      id: crypto.randomUUID(),
      userId: user.id,
      date: today,
      selectedTopicIds: chosen,
      version: chosen.length,
      createdAt: new Date(nowMs - rng.int(60, 7_200) * 1000),
    });
    let completed = 0;
    chosen.forEach((topicId, index) => {
      const qs = todaysQuestions.filter((q) => q.topicId === topicId);
      // Now and then the last topic picked is still in progress.
      const partial = index === chosen.length - 1 && rng.next() < 0.15 && !regular;
      const take = partial ? rng.int(1, Math.max(1, qs.length - 1)) : qs.length;
      if (take === qs.length) completed++;
      for (const q of qs.slice(0, take)) {
        answerRows.push({
          id: crypto.randomUUID(),
          userId: user.id,
          questionId: q.id!,
          groupId: q.groupId,
          questionDate: today,
          ...pickAnswer(rng, demoOf.get(q.id!)!, tendencies.get(q.groupId), user),
          gender: user.gender,
          ageBracket: user.ageBracket,
          raceBracket: user.raceBracket,
          country: user.country,
          city: user.city,
          province: user.province,
          answeredAt: new Date(nowMs - rng.int(30, 7_000) * 1000),
          ...UNREVEALED_ANSWER,
        });
      }
    });

    // Streak history before today: mostly short runs, a few long-standing regulars.
    const current = rng.next() < 0.35 ? 1 : rng.next() < 0.85 ? rng.int(2, 9) : rng.int(10, 40);
    const longest = current + (rng.next() < 0.4 ? rng.int(0, 12) : 0);
    user.currentStreak = current;
    user.longestStreak = longest;
    user.lastActivityDate = today;
    user.streakFreezes = seededCrowdFields(current).streakFreezes;
    const earned = badgesEarned(
      { totalAnswers: 1, currentStreak: longest, topicsCompletedToday: completed },
      [],
    );
    for (const type of earned) {
      badgeRows.push({
        id: crypto.randomUUID(),
        userId: user.id,
        type,
        earnedAt: new Date(nowMs - rng.int(60, 86_400) * 1000),
      });
    }
  }

  const leanings = new Map<string, Tendency>();
  const history = planDemoHistory({
    rng,
    today,
    todaysTopicIds,
    questionRows,
    demoOf,
    players: userRows.filter((u) => selectionRows.some((s) => s.userId === u.id)),
    answer: (q, key, user) => {
      if (q.type === 'multiple_choice' && !leanings.has(key))
        leanings.set(key, tendencyFor(rng, q.options.length));
      return pickAnswer(rng, q, leanings.get(key), user);
    },
  });
  questionRows.push(...history.questions);
  scheduleRows.push(...history.schedule);
  selectionRows.push(...history.selections);
  answerRows.push(...history.answers);
  // Today's answers were planned before the re-linking: they follow their question into its group.
  const groupOf = new Map(questionRows.map((q) => [q.id!, q.groupId]));
  for (const a of answerRows) a.groupId = groupOf.get(a.questionId)!;

  await runBatch(db, [
    ...bulkInsert(db, topics, topicRows),
    ...bulkInsert(db, questions, questionRows),
    ...bulkInsert(db, dailyTopics, scheduleRows),
    ...bulkInsert(db, users, userRows),
    ...bulkInsert(db, userDailySelections, selectionRows),
    ...bulkInsert(db, answers, answerRows),
    ...bulkInsert(db, badges, badgeRows),
  ]);
  await recountAllCounters(db);
  await rebuildPlayRollups(db);
}
