import { describe, expect, it } from 'vitest';
import {
  BADGE_DESCRIPTIONS,
  BADGE_TYPES,
  badgeEarnedSentence,
  badgeLabel,
  badgeName,
  badgesEarned,
  isBadgeType,
} from './badges';

describe('badgesEarned', () => {
  const none = { totalAnswers: 0, currentStreak: 0, topicsCompletedToday: 0 };

  it('awards nothing before any answer', () => {
    expect(badgesEarned(none, [])).toEqual([]);
  });

  it('awards first_answer on the first answer', () => {
    expect(badgesEarned({ ...none, totalAnswers: 1, currentStreak: 1 }, [])).toEqual(['first_answer']);
  });

  it('awards streak badges at 3, 7 and 30', () => {
    expect(badgesEarned({ ...none, totalAnswers: 9, currentStreak: 2 }, ['first_answer'])).toEqual([]);
    expect(badgesEarned({ ...none, totalAnswers: 9, currentStreak: 3 }, ['first_answer'])).toEqual([
      'streak_3',
    ]);
    expect(
      badgesEarned({ ...none, totalAnswers: 9, currentStreak: 7 }, ['first_answer', 'streak_3']),
    ).toEqual(['streak_7']);
    expect(
      badgesEarned({ ...none, totalAnswers: 9, currentStreak: 29 }, ['first_answer', 'streak_3', 'streak_7']),
    ).toEqual([]);
    expect(
      badgesEarned({ ...none, totalAnswers: 9, currentStreak: 30 }, ['first_answer', 'streak_3', 'streak_7']),
    ).toEqual(['streak_30']);
  });

  it('awards full_house at 3 topics completed in a day', () => {
    expect(
      badgesEarned({ totalAnswers: 9, currentStreak: 1, topicsCompletedToday: 2 }, ['first_answer']),
    ).toEqual([]);
    expect(
      badgesEarned({ totalAnswers: 9, currentStreak: 1, topicsCompletedToday: 3 }, ['first_answer']),
    ).toEqual(['full_house']);
  });

  it('awards answer-count badges at 50 and 100', () => {
    expect(badgesEarned({ ...none, totalAnswers: 49 }, ['first_answer'])).toEqual([]);
    expect(badgesEarned({ ...none, totalAnswers: 50 }, ['first_answer'])).toEqual(['answers_50']);
    expect(badgesEarned({ ...none, totalAnswers: 100 }, new Set(['first_answer', 'answers_50']))).toEqual([
      'answers_100',
    ]);
  });

  it('returns every missing badge in BADGE_TYPES order and skips owned ones (Set or array)', () => {
    const all = { totalAnswers: 100, currentStreak: 30, topicsCompletedToday: 3 };
    expect(badgesEarned(all, [])).toEqual([...BADGE_TYPES]);
    expect(badgesEarned(all, new Set(['streak_7', 'first_answer']))).toEqual([
      'streak_3',
      'streak_30',
      'full_house',
      'answers_50',
      'answers_100',
    ]);
    expect(badgesEarned(all, [...BADGE_TYPES])).toEqual([]);
  });
});

describe('labels', () => {
  it('badgeLabel replaces every underscore', () => {
    expect(badgeLabel('first_answer')).toBe('first answer');
    expect(badgeLabel('a_b_c')).toBe('a b c');
    expect(badgeLabel('streak_7')).toBe('streak 7');
  });

  it('has a description for every badge', () => {
    for (const t of BADGE_TYPES) expect(BADGE_DESCRIPTIONS[t].length).toBeGreaterThan(0);
    expect(BADGE_DESCRIPTIONS.streak_7).toBe('7-day streak');
  });

  it('isBadgeType recognises known types', () => {
    expect(isBadgeType('full_house')).toBe(true);
    expect(isBadgeType('nope')).toBe(false);
  });

  it('names a badge in a sentence that reads well', () => {
    expect(badgeName('first_answer')).toBe('First answer');
    expect(badgeEarnedSentence('first_answer')).toBe(
      'You earned the “First answer” badge — answered your first question.',
    );
    expect(badgeEarnedSentence('full_house')).toBe(
      'You earned the “Full house” badge — completed 3 topics in one day.',
    );
    expect(badgeEarnedSentence('mystery_x')).toBe('You earned the “Mystery x” badge.');
  });
});
