import { describe, expect, it } from 'vitest';
import {
  displayInviteCode,
  friendsAnsweredLine,
  pickedSame,
  friendStreak,
  INVITE_CODE_ALPHABET,
  inviteCodeFrom,
  normaliseInviteCode,
  sameAnswerLine,
} from './friends';
import type { StreakState } from './streak';

const TODAY = '2026-05-20';
const state = (currentStreak: number, lastActivityDate: string | null, streakFreezes = 0): StreakState => ({
  currentStreak,
  longestStreak: currentStreak,
  lastActivityDate,
  streakFreezes,
});

describe('invite codes', () => {
  it('are 8 symbols without look-alikes, read in two groups and typed any way', () => {
    const code = inviteCodeFrom(new Uint8Array([0, 31, 32, 63, 255, 8, 14, 24]));
    expect(code).toBe('A9A99JQ2');
    expect(displayInviteCode(code)).toBe('A9A9-9JQ2');
    expect(normaliseInviteCode(' a9a9-9jq2 ')).toBe(code);
    expect(normaliseInviteCode('a9a9 9jq2')).toBe(code);
    for (const bad of ['', 'A99A9JQ', 'A9A99JQ22', 'O0I1O0I1', 'A99A_9JQ2'])
      expect(normaliseInviteCode(bad)).toBeNull();
    expect(INVITE_CODE_ALPHABET).toHaveLength(32);
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });
});

describe('friend streak', () => {
  const longAgo = '2026-01-01';
  it('counts the days both played, through today when both played today', () => {
    expect(friendStreak(state(6, TODAY), state(9, TODAY), longAgo, TODAY)).toEqual({
      days: 6,
      atRisk: false,
    });
  });
  it('runs through yesterday while one has not played today, and says today would break it', () => {
    // a played today (6 in a row, so 5 through yesterday), b last played yesterday with 9.
    expect(friendStreak(state(6, TODAY), state(9, '2026-05-19'), longAgo, TODAY)).toEqual({
      days: 5,
      atRisk: true,
    });
    expect(friendStreak(state(3, '2026-05-19'), state(4, '2026-05-19'), longAgo, TODAY)).toEqual({
      days: 3,
      atRisk: true,
    });
  });
  it('counts from the day they became friends', () => {
    expect(friendStreak(state(30, TODAY), state(30, TODAY), '2026-05-18', TODAY)).toEqual({
      days: 3,
      atRisk: false,
    });
    expect(friendStreak(state(30, '2026-05-19'), state(30, '2026-05-19'), TODAY, TODAY)).toEqual({
      days: 0,
      atRisk: false,
    });
  });
  it('is 0 once either streak is broken, or when one only started today', () => {
    expect(friendStreak(state(6, '2026-05-17'), state(9, TODAY), longAgo, TODAY).days).toBe(0);
    expect(friendStreak(state(1, TODAY), state(9, '2026-05-19'), longAgo, TODAY)).toEqual({
      days: 0,
      atRisk: false,
    });
    expect(friendStreak(state(0, null), state(9, TODAY), longAgo, TODAY).days).toBe(0);
  });
  it('is kept by a freeze, as the player’s own streak is', () => {
    expect(friendStreak(state(6, '2026-05-18', 1), state(9, '2026-05-19'), longAgo, TODAY)).toEqual({
      days: 6,
      atRisk: true,
    });
  });
});

describe('the same-answer line', () => {
  it('names the first friend and counts the others', () => {
    expect(sameAnswerLine([])).toBeNull();
    expect(sameAnswerLine(['Thandi'])).toBe('Thandi picked the same as you');
    expect(sameAnswerLine(['Thandi', 'Sam'])).toBe('Thandi and Sam picked the same as you');
    expect(sameAnswerLine(['Thandi', 'Sam', 'Lee'])).toBe('Thandi and 2 others picked the same as you');
  });
});

describe('friends on a result card', () => {
  it('knows who picked the same, for options and numbers', () => {
    const mine = { selectedOptionId: 'opt-2', numericValue: null };
    expect(pickedSame({ selectedOptionId: 'opt-2', numericValue: null }, mine)).toBe(true);
    expect(pickedSame({ selectedOptionId: 'opt-1', numericValue: null }, mine)).toBe(false);
    expect(
      pickedSame({ selectedOptionId: null, numericValue: 4 }, { selectedOptionId: null, numericValue: 4 }),
    ).toBe(true);
    expect(
      pickedSame({ selectedOptionId: null, numericValue: 5 }, { selectedOptionId: null, numericValue: 4 }),
    ).toBe(false);
    expect(pickedSame({ selectedOptionId: 'opt-2', numericValue: null }, null)).toBe(false);
  });
  it('says who answered when nobody picked the same', () => {
    expect(friendsAnsweredLine([])).toBeNull();
    expect(friendsAnsweredLine(['Thandi'])).toBe('Thandi answered this too');
    expect(friendsAnsweredLine(['Thandi', 'Sam', 'Lee', 'Ama'])).toBe(
      'Thandi and 3 others answered this too',
    );
  });
});
