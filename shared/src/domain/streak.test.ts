import { describe, expect, it } from 'vitest';
import { applyAnswerToStreak, effectiveCurrentStreak, type StreakState } from './streak';

const s = (currentStreak: number, longestStreak: number, lastActivityDate: string | null): StreakState => ({
  currentStreak,
  longestStreak,
  lastActivityDate,
});

describe('applyAnswerToStreak', () => {
  it('starts at 1 for a new user', () => {
    expect(applyAnswerToStreak(s(0, 0, null), '2026-11-22')).toEqual(s(1, 1, '2026-11-22'));
  });

  it('adds one when the last activity was yesterday, across a year boundary too', () => {
    expect(applyAnswerToStreak(s(4, 4, '2026-11-21'), '2026-11-22')).toEqual(s(5, 5, '2026-11-22'));
    expect(applyAnswerToStreak(s(2, 9, '2026-12-31'), '2027-01-01')).toEqual(s(3, 9, '2027-01-01'));
  });

  it('keeps the streak for another answer the same day', () => {
    expect(applyAnswerToStreak(s(5, 7, '2026-11-22'), '2026-11-22')).toEqual(s(5, 7, '2026-11-22'));
  });

  it('resets to 1 after a gap and keeps the longest', () => {
    expect(applyAnswerToStreak(s(6, 6, '2026-11-20'), '2026-11-22')).toEqual(s(1, 6, '2026-11-22'));
  });

  it('raises longest when current passes it', () => {
    expect(applyAnswerToStreak(s(3, 3, '2026-11-21'), '2026-11-22').longestStreak).toBe(4);
  });
});

describe('effectiveCurrentStreak', () => {
  it('reads the stored streak when active today or yesterday', () => {
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-22'), '2026-11-22')).toBe(4);
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-21'), '2026-11-22')).toBe(4);
  });

  it('reads 0 once a day was missed or with no activity', () => {
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-20'), '2026-11-22')).toBe(0);
    expect(effectiveCurrentStreak(s(0, 0, null), '2026-11-22')).toBe(0);
  });
});
