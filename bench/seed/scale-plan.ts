/**
 * The shape of a community-scale database, decided up front and deterministically (seeded PRNG), so the
 * seeder only streams rows. Pure: no database, no clock.
 *
 * - Today: 5 topics × 4 questions (multiple choice and numeric). Topic popularity is skewed (a hot topic most
 *   players pick, a niche topic almost nobody picks), so results are measured on a ~1M-answer link group and
 *   on one with a few hundred to a few thousand answers.
 * - History: the hot question of today is the latest of a weekly-ish series linked to one source question;
 *   players who kept a streak answered the earlier copies on the days before, which is what their streaks and
 *   badges are computed from.
 */
import { badgesEarned, type BadgeType } from '@daily-tea/shared/domain/badges';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '@daily-tea/shared/domain/profile';

export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for synthetic data, and reproducible from a seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) return i;
  }
  return items.length - 1;
}

export type QuestionPlan = {
  key: string;
  topicIndex: number;
  date: string;
  text: string;
  type: 'multiple_choice' | 'numeric';
  options: string[];
  numericUnit: string | null;
  minValue: number | null;
  maxValue: number | null;
  /** Key of the source question of a linked copy. */
  linkedKey: string | null;
  /** Relative popularity of each option (multiple choice) or [mean, spread] (numeric). */
  shape: number[];
};

export type TopicPlan = { key: string; title: string; category: string; description: string };

export const SCALE_TOPICS: TopicPlan[] = [
  {
    key: 'money',
    title: 'Money Talk',
    category: 'Finance',
    description: 'Salaries, savings and the price of everything.',
  },
  {
    key: 'food',
    title: 'Food & Drink',
    category: 'Lifestyle',
    description: 'What the community eats and sips.',
  },
  { key: 'work', title: 'Work Life', category: 'Career', description: 'Offices, commutes and side hustles.' },
  { key: 'tech', title: 'Tech Habits', category: 'Technology', description: 'Screens, apps and gadgets.' },
  {
    key: 'birding',
    title: 'Birdwatching',
    category: 'Hobbies',
    description: 'For the few who own binoculars.',
  },
];

/** Today's popularity of each topic: sampling 1-3 of 5 without replacement leaves the last one rare. */
export const TOPIC_WEIGHTS = [50, 30, 15, 4.9, 0.1];

type QuestionSeed = Omit<QuestionPlan, 'key' | 'topicIndex' | 'date' | 'linkedKey'>;
const mc = (text: string, options: string[], shape: number[]): QuestionSeed => ({
  text,
  type: 'multiple_choice',
  options,
  numericUnit: null,
  minValue: null,
  maxValue: null,
  shape,
});
const num = (
  text: string,
  unit: string,
  min: number,
  max: number,
  mean: number,
  spread: number,
): QuestionSeed => ({
  text,
  type: 'numeric',
  options: [],
  numericUnit: unit,
  minValue: min,
  maxValue: max,
  shape: [mean, spread],
});

const TODAY_QUESTIONS: QuestionSeed[][] = [
  [
    mc('Do you stick to a monthly budget?', ['Always', 'Most months', 'Rarely', 'Never'], [3, 5, 4, 2]),
    num('How much do you spend on coffee a week?', 'R', 0, 2000, 180, 120),
    mc(
      'Where do you keep your savings?',
      ['Bank account', 'Investments', 'Under the mattress', 'What savings?'],
      [6, 3, 1, 4],
    ),
    num('How many months of expenses could you cover?', 'months', 0, 60, 3, 3),
  ],
  [
    mc('Pineapple on pizza?', ['Yes please', 'Never', 'Only ironically'], [5, 4, 2]),
    num('How many cups of tea do you drink a day?', 'cups', 0, 20, 3, 2),
    mc('Best braai meat?', ['Boerewors', 'Lamb chops', 'Chicken', 'Halloumi'], [6, 4, 3, 1]),
    mc('Breakfast on weekdays?', ['Always', 'Coffee only', 'Skip it'], [4, 5, 2]),
  ],
  [
    num('How long is your commute, one way?', 'minutes', 0, 240, 35, 20),
    mc('Where do you work best?', ['Office', 'Home', 'Coffee shop', 'Anywhere'], [3, 5, 1, 2]),
    mc('Do you have a side hustle?', ['Yes', 'No', 'Planning one'], [3, 5, 2]),
    num('How many meetings did you have yesterday?', 'meetings', 0, 30, 3, 2),
  ],
  [
    num('Hours of screen time yesterday?', 'hours', 0, 24, 6, 3),
    mc('Phone or laptop for most things?', ['Phone', 'Laptop', 'Tablet'], [7, 4, 1]),
    mc('How many unread emails do you have?', ['Zero', 'Under 100', 'Hundreds', 'Thousands'], [1, 4, 3, 3]),
    mc('Do you use an AI assistant weekly?', ['Yes', 'No', 'Sometimes'], [5, 3, 3]),
  ],
  [
    num('How many bird species did you see this week?', 'species', 0, 300, 12, 8),
    mc('Favourite time to go birding?', ['Dawn', 'Midday', 'Dusk'], [6, 1, 3]),
    mc('Binoculars or camera?', ['Binoculars', 'Camera', 'Both'], [4, 3, 3]),
    num('How far would you drive for a rare bird?', 'km', 0, 2000, 120, 100),
  ],
];

/**
 * The hot question's series: today's copy plus one copy per day of `linkedDays`, all linked to the oldest (the
 * link group whose results the bench reads at a million answers), and one standalone copy per earlier day of
 * `activityDays` (the play history that activity and retention read; outside the group, so the group stays the
 * same size whatever the activity window).
 */
export function planQuestions(today: string, linkedDays: number, activityDays = linkedDays): QuestionPlan[] {
  const plans: QuestionPlan[] = [];
  const hot = TODAY_QUESTIONS[0]![0]!;
  const sourceKey = linkedDays > 0 ? `hot-${linkedDays}` : null;
  for (let back = Math.max(activityDays, linkedDays); back >= 1; back--) {
    plans.push({
      ...hot,
      key: `hot-${back}`,
      topicIndex: 0,
      date: addDays(today, -back),
      linkedKey: back >= linkedDays ? null : sourceKey,
    });
  }
  TODAY_QUESTIONS.forEach((questions, topicIndex) =>
    questions.forEach((q, i) =>
      plans.push({
        ...q,
        key: `t${topicIndex}-q${i}`,
        topicIndex,
        date: today,
        linkedKey: topicIndex === 0 && i === 0 ? sourceKey : null,
      }),
    ),
  );
  return plans;
}

export type UserPlan = {
  index: number;
  gender: string | null;
  ageBracket: string | null;
  raceBracket: string | null;
  country: string | null;
  city: string | null;
};

const COUNTRIES: Array<[string, string[], number]> = [
  ['South Africa', ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha'], 55],
  ['Nigeria', ['Lagos', 'Abuja'], 8],
  ['Kenya', ['Nairobi', 'Mombasa'], 6],
  ['United Kingdom', ['London', 'Manchester'], 6],
  ['United States', ['New York', 'Austin'], 5],
  ['Botswana', ['Gaborone'], 3],
  ['Namibia', ['Windhoek'], 3],
  ['Zimbabwe', ['Harare'], 3],
  ['Australia', ['Sydney'], 2],
  ['Germany', ['Berlin'], 2],
  ['Ghana', ['Accra'], 2],
  ['Canada', ['Toronto'], 1],
];

export function planUser(rng: Rng, index: number): UserPlan {
  const hasProfile = rng() < 0.92;
  if (!hasProfile)
    return { index, gender: null, ageBracket: null, raceBracket: null, country: null, city: null };
  const country =
    COUNTRIES[
      pickWeighted(
        rng,
        COUNTRIES,
        COUNTRIES.map((c) => c[2]),
      )
    ]!;
  return {
    index,
    gender: GENDERS[pickWeighted(rng, GENDERS, [46, 46, 3, 1, 1, 3])]!,
    ageBracket: AGE_BRACKETS[pickWeighted(rng, AGE_BRACKETS, [25, 35, 20, 15, 5])]!,
    raceBracket: RACE_BRACKETS[pickWeighted(rng, RACE_BRACKETS, [45, 20, 10, 10, 8, 3, 4])]!,
    country: country[0],
    city: country[1][Math.floor(rng() * country[1].length)]!,
  };
}

/** Today's answers per user: M/N on average (remainder spread), at least 1, at most 12. */
export function answerQuota(index: number, users: number, answers: number): number {
  const base = Math.floor(answers / users);
  const extra = index < answers % users ? 1 : 0;
  return Math.max(1, Math.min(12, base + extra));
}

/** Topics a player selects today (weighted, without replacement), enough to hold the quota. */
export function pickTopics(rng: Rng, quota: number): number[] {
  const wanted = Math.min(3, Math.ceil(quota / 4));
  const pool = TOPIC_WEIGHTS.map((_, i) => i);
  const weights = [...TOPIC_WEIGHTS];
  const chosen: number[] = [];
  while (chosen.length < wanted) {
    const at = pickWeighted(rng, pool, weights);
    chosen.push(pool[at]!);
    pool.splice(at, 1);
    weights.splice(at, 1);
  }
  return chosen;
}

export function pickOption(rng: Rng, shape: readonly number[]): number {
  return pickWeighted(rng, shape, shape);
}

/** A skewed positive value (sum of uniforms around the mean), clamped to the range, whole numbers. */
export function pickNumeric(rng: Rng, mean: number, spread: number, min: number, max: number): number {
  const noise = (rng() + rng() + rng() - 1.5) * 2 * spread;
  const skew = rng() < 0.1 ? spread * 3 * rng() : 0;
  return Math.round(Math.min(max, Math.max(min, mean + noise + skew)));
}

export type StreakPlan = { currentStreak: number; longestStreak: number; historyAnswers: number };

/**
 * Days in a row before today this player answered the hot series (0 … historyDays). Their streak is that run
 * plus today; longest is at least that (some had a longer run before the recorded history).
 */
export function planStreak(rng: Rng, historyDays: number): StreakPlan {
  const run = Math.min(historyDays, Math.floor(-Math.log(1 - rng() * 0.999) * (historyDays / 2)));
  const current = run + 1;
  return { currentStreak: current, longestStreak: current, historyAnswers: run };
}

export function planBadges(totalAnswers: number, streak: number, topicsCompletedToday: number): BadgeType[] {
  return badgesEarned({ totalAnswers, currentStreak: streak, topicsCompletedToday }, []);
}
