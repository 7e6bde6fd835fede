import { MAX_TOPICS_PER_DAY } from './constants';

/** Every badge type, in award order (product.md#play-rules). */
export const BADGE_TYPES = [
  'first_answer',
  'streak_3',
  'streak_7',
  'streak_30',
  'full_house',
  'answers_50',
  'answers_100',
] as const;

/** A badge type string. */
export type BadgeType = (typeof BADGE_TYPES)[number];

/** Short friendly description per badge. */
export const BADGE_DESCRIPTIONS: Record<BadgeType, string> = {
  first_answer: 'Answered your first question',
  streak_3: '3-day streak',
  streak_7: '7-day streak',
  streak_30: '30-day streak',
  full_house: `Completed ${MAX_TOPICS_PER_DAY} topics in one day`,
  answers_50: '50 questions answered',
  answers_100: '100 questions answered',
};

/** Figures a badge award is decided on. */
export type BadgeInput = { totalAnswers: number; currentStreak: number; topicsCompletedToday: number };

const RULES: Record<BadgeType, (i: BadgeInput) => boolean> = {
  first_answer: (i) => i.totalAnswers >= 1,
  streak_3: (i) => i.currentStreak >= 3,
  streak_7: (i) => i.currentStreak >= 7,
  streak_30: (i) => i.currentStreak >= 30,
  full_house: (i) => i.topicsCompletedToday >= MAX_TOPICS_PER_DAY,
  answers_50: (i) => i.totalAnswers >= 50,
  answers_100: (i) => i.totalAnswers >= 100,
};

/** Badges earned by `input` that are not in `alreadyHave`, in BADGE_TYPES order. */
export function badgesEarned(
  input: BadgeInput,
  alreadyHave: ReadonlySet<string> | readonly string[],
): BadgeType[] {
  const have = alreadyHave instanceof Set ? alreadyHave : new Set(alreadyHave as readonly string[]);
  return BADGE_TYPES.filter((t) => !have.has(t) && RULES[t](input));
}

/** True for a known badge type string. */
export function isBadgeType(type: string): type is BadgeType {
  return (BADGE_TYPES as readonly string[]).includes(type);
}

/** Badge type as shown to people: underscores become spaces (product.md#screens). */
export function badgeLabel(type: string): string {
  return type.replaceAll('_', ' ');
}

/** A badge's name in a sentence: "first answer" → "First answer" (the label, capitalised). */
export function badgeName(type: string): string {
  const label = badgeLabel(type);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The "New badge!" toast's line: “You earned the First answer badge — answered your first question.” */
export function badgeEarnedSentence(type: string): string {
  const why = isBadgeType(type)
    ? ` — ${BADGE_DESCRIPTIONS[type].charAt(0).toLowerCase()}${BADGE_DESCRIPTIONS[type].slice(1)}`
    : '';
  return `You earned the “${badgeName(type)}” badge${why}.`;
}
