import { describe, expect, it } from 'vitest';
import { gameDay } from './game-day';
import {
  applyAnswerToStreak,
  effectiveCurrentStreak,
  freezeNotice,
  freezesSpentOn,
  type StreakState,
} from './streak';

const s = (
  currentStreak: number,
  longestStreak: number,
  lastActivityDate: string | null,
  streakFreezes = 0,
): StreakState => ({ currentStreak, longestStreak, lastActivityDate, streakFreezes });

/** The stored fields of an update (drops what the update reports about freezes). */
const state = ({
  currentStreak,
  longestStreak,
  lastActivityDate,
  streakFreezes,
}: StreakState): StreakState => ({
  currentStreak,
  longestStreak,
  lastActivityDate,
  streakFreezes,
});

/** Folds answers given as instants through the game day of APP_TIMEZONE / DAY_START_HOUR, like the server. */
function play(instants: string[], timeZone: string, dayStartHour: number, from: StreakState = s(0, 0, null)) {
  let current = from;
  const spent: number[] = [];
  for (const iso of instants) {
    const update = applyAnswerToStreak(current, gameDay(new Date(iso), timeZone, dayStartHour));
    spent.push(update.freezesSpent);
    current = state(update);
  }
  return { ...current, spent };
}

/** `n` consecutive dates from `start` at the same UTC time (a UTC game day). */
function dailyUtc(start: string, n: number, time = '12:00:00Z'): string[] {
  const first = Date.parse(`${start}T${time}`);
  return Array.from({ length: n }, (_, i) => new Date(first + i * 86_400_000).toISOString());
}

describe('applyAnswerToStreak — product.md#play-rules rule', () => {
  it('starts at 1 for a new user', () => {
    expect(state(applyAnswerToStreak(s(0, 0, null), '2026-11-22'))).toEqual(s(1, 1, '2026-11-22'));
  });

  it('adds one when the last activity was yesterday, across month and year ends', () => {
    expect(state(applyAnswerToStreak(s(4, 4, '2026-11-21'), '2026-11-22'))).toEqual(s(5, 5, '2026-11-22'));
    expect(state(applyAnswerToStreak(s(2, 9, '2026-12-31'), '2027-01-01'))).toEqual(s(3, 9, '2027-01-01'));
    expect(state(applyAnswerToStreak(s(2, 9, '2026-04-30'), '2026-05-01'))).toEqual(s(3, 9, '2026-05-01'));
    expect(state(applyAnswerToStreak(s(2, 9, '2027-02-28'), '2027-03-01'))).toEqual(s(3, 9, '2027-03-01'));
    expect(state(applyAnswerToStreak(s(2, 9, '2028-02-28'), '2028-02-29'))).toEqual(s(3, 9, '2028-02-29'));
    expect(state(applyAnswerToStreak(s(3, 9, '2028-02-29'), '2028-03-01'))).toEqual(s(4, 9, '2028-03-01'));
  });

  it('keeps the streak for another answer the same day', () => {
    const update = applyAnswerToStreak(s(5, 7, '2026-11-22', 1), '2026-11-22');
    expect(state(update)).toEqual(s(5, 7, '2026-11-22', 1));
    expect(update.freezesSpent).toBe(0);
    expect(update.freezeEarned).toBe(false);
  });

  it('resets to 1 after a gap with no freeze and keeps the longest', () => {
    expect(state(applyAnswerToStreak(s(6, 6, '2026-11-20'), '2026-11-22'))).toEqual(s(1, 6, '2026-11-22'));
  });

  it('raises longest when current passes it', () => {
    expect(applyAnswerToStreak(s(3, 3, '2026-11-21'), '2026-11-22').longestStreak).toBe(4);
  });
});

describe('streak freezes — earning', () => {
  it('earns one freeze on the 7th consecutive day and on every multiple of 7', () => {
    const seventh = applyAnswerToStreak(s(6, 6, '2026-11-21'), '2026-11-22');
    expect(seventh).toMatchObject({ currentStreak: 7, streakFreezes: 1, freezeEarned: true });
    const eighth = applyAnswerToStreak(state(seventh), '2026-11-23');
    expect(eighth).toMatchObject({ currentStreak: 8, streakFreezes: 1, freezeEarned: false });
    expect(applyAnswerToStreak(s(13, 13, '2026-11-21', 1), '2026-11-22')).toMatchObject({
      currentStreak: 14,
      streakFreezes: 2,
      freezeEarned: true,
    });
  });

  it('holds at most 2', () => {
    expect(applyAnswerToStreak(s(20, 20, '2026-11-21', 2), '2026-11-22')).toMatchObject({
      currentStreak: 21,
      streakFreezes: 2,
      freezeEarned: false,
    });
  });

  it('does not earn again for a second answer on the 7th day', () => {
    const again = applyAnswerToStreak(s(7, 7, '2026-11-22', 1), '2026-11-22');
    expect(again).toMatchObject({ currentStreak: 7, streakFreezes: 1, freezeEarned: false });
  });

  it('28 consecutive UTC days earn 4 times but hold 2', () => {
    const out = play(dailyUtc('2026-01-20', 28), 'UTC', 0);
    expect(out).toMatchObject({
      currentStreak: 28,
      longestStreak: 28,
      streakFreezes: 2,
      lastActivityDate: '2026-02-16',
    });
  });
});

describe('streak freezes — spending', () => {
  it('spends one freeze for one missed day and the streak goes on', () => {
    const update = applyAnswerToStreak(s(12, 12, '2026-11-20', 1), '2026-11-22');
    expect(state(update)).toEqual(s(13, 13, '2026-11-22', 0));
    expect(update.freezesSpent).toBe(1);
  });

  it('spends two freezes for two missed days', () => {
    const update = applyAnswerToStreak(s(9, 11, '2026-11-19', 2), '2026-11-22');
    expect(state(update)).toEqual(s(10, 11, '2026-11-22', 0));
    expect(update.freezesSpent).toBe(2);
  });

  it('spends none and restarts at 1 when the missed days outnumber the freezes', () => {
    const update = applyAnswerToStreak(s(9, 11, '2026-11-18', 2), '2026-11-22');
    expect(state(update)).toEqual(s(1, 11, '2026-11-22', 2));
    expect(update.freezesSpent).toBe(0);
    const oneShort = applyAnswerToStreak(s(9, 11, '2026-11-19', 1), '2026-11-22');
    expect(state(oneShort)).toEqual(s(1, 11, '2026-11-22', 1));
  });

  it('can spend and earn on the same answer (6 days, one missed, 7th day)', () => {
    const update = applyAnswerToStreak(s(6, 6, '2026-11-20', 1), '2026-11-22');
    expect(update).toMatchObject({ currentStreak: 7, streakFreezes: 1, freezesSpent: 1, freezeEarned: true });
  });

  it('bridges a missed last day of a month (Jan 31 missed, Feb 1 played)', () => {
    const update = applyAnswerToStreak(s(8, 8, '2027-01-30', 1), '2027-02-01');
    expect(state(update)).toEqual(s(9, 9, '2027-02-01', 0));
    expect(update.freezesSpent).toBe(1);
  });

  it('bridges Feb 28 → Mar 2 with one freeze in a common year, but needs two in a leap year', () => {
    expect(applyAnswerToStreak(s(5, 5, '2027-02-28', 1), '2027-03-02')).toMatchObject({
      currentStreak: 6,
      freezesSpent: 1,
    });
    expect(applyAnswerToStreak(s(5, 5, '2028-02-28', 1), '2028-03-02')).toMatchObject({
      currentStreak: 1,
      freezesSpent: 0,
    });
    expect(applyAnswerToStreak(s(5, 5, '2028-02-28', 2), '2028-03-02')).toMatchObject({
      currentStreak: 6,
      freezesSpent: 2,
    });
  });

  it('bridges a missed Dec 31 into the new year', () => {
    expect(applyAnswerToStreak(s(3, 3, '2026-12-30', 1), '2027-01-01')).toMatchObject({
      currentStreak: 4,
      streakFreezes: 0,
      freezesSpent: 1,
    });
  });
});

describe('streak with the game day of APP_TIMEZONE and DAY_START_HOUR', () => {
  it('counts the 09:00 boundary, not the calendar date: 08:59 belongs to the day before', () => {
    // Johannesburg (UTC+2): 08:59 local on the 23rd is game day 22; 09:00 local on the 23rd is game day 23.
    const consecutive = play(
      ['2026-11-22T07:00:00Z', '2026-11-23T06:59:00Z', '2026-11-23T07:00:00Z'],
      'Africa/Johannesburg',
      9,
    );
    expect(consecutive).toMatchObject({ currentStreak: 2, lastActivityDate: '2026-11-23', spent: [0, 0, 0] });
  });

  it('two answers 47 hours apart can be consecutive game days (09:00 Mon, 08:59 Wed)', () => {
    const out = play(['2026-11-23T07:00:00Z', '2026-11-25T06:59:00Z'], 'Africa/Johannesburg', 9);
    expect(out).toMatchObject({ currentStreak: 2, lastActivityDate: '2026-11-24', spent: [0, 0] });
  });

  it('two answers 25 hours apart can skip a game day (08:59 Mon, 09:59 Tue): a freeze covers it', () => {
    const from = s(4, 4, '2026-11-22', 1);
    const out = play(['2026-11-23T06:59:00Z', '2026-11-24T07:59:00Z'], 'Africa/Johannesburg', 9, from);
    // 08:59 on the 23rd is still game day 22 (same day: unchanged); 09:59 on the 24th is game day 24, 23 missed.
    expect(out).toMatchObject({
      currentStreak: 5,
      streakFreezes: 0,
      lastActivityDate: '2026-11-24',
      spent: [0, 1],
    });
  });

  it('keeps a daily 09:30 local streak across the spring-forward night (America/New_York, 2026-03-08)', () => {
    // 09:30 EST = 14:30Z until Mar 7, 09:30 EDT = 13:30Z from Mar 8: the instants are 23 h apart once.
    const instants = [
      '2026-03-06T14:30:00Z',
      '2026-03-07T14:30:00Z',
      '2026-03-08T13:30:00Z',
      '2026-03-09T13:30:00Z',
    ];
    expect(play(instants, 'America/New_York', 9)).toMatchObject({
      currentStreak: 4,
      lastActivityDate: '2026-03-09',
      spent: [0, 0, 0, 0],
    });
  });

  it('keeps a daily 09:30 local streak across the fall-back night (America/New_York, 2026-11-01)', () => {
    // 09:30 EDT = 13:30Z until Oct 31, 09:30 EST = 14:30Z from Nov 1: the instants are 25 h apart once.
    const instants = [
      '2026-10-30T13:30:00Z',
      '2026-10-31T13:30:00Z',
      '2026-11-01T14:30:00Z',
      '2026-11-02T14:30:00Z',
    ];
    expect(play(instants, 'America/New_York', 9)).toMatchObject({
      currentStreak: 4,
      lastActivityDate: '2026-11-02',
      spent: [0, 0, 0, 0],
    });
  });

  it('with the day starting at 02:00 (which does not exist on spring-forward night) the streak still holds', () => {
    // Europe/London springs forward at 01:00Z on 2026-03-29 (01:00 GMT → 02:00 BST).
    // 02:30 BST on Mar 29 = 01:30Z belongs to game day Mar 29; 01:59 GMT on Mar 28 = 01:59Z is game day Mar 27.
    const instants = ['2026-03-27T02:30:00Z', '2026-03-28T01:59:00Z', '2026-03-29T01:30:00Z'];
    const out = play(instants, 'Europe/London', 2, s(0, 0, null, 0));
    // Game days: Mar 27, Mar 27 (01:59 < 02:00), Mar 29 → Mar 28 missed, no freeze: restart.
    expect(out).toMatchObject({ currentStreak: 1, lastActivityDate: '2026-03-29', spent: [0, 0, 0] });
    const withFreeze = play(instants, 'Europe/London', 2, s(6, 6, '2026-03-26', 1));
    // Mar 27 = 7th day (earns a 2nd freeze), Mar 28 missed → one freeze spent on Mar 29.
    expect(withFreeze).toMatchObject({
      currentStreak: 8,
      streakFreezes: 1,
      lastActivityDate: '2026-03-29',
      spent: [0, 0, 1],
    });
  });

  it('a freeze spent across the fall-back night in Europe/London with the day starting at 01:00', () => {
    // 2026-10-25: 02:00 BST → 01:00 GMT, so 01:00–02:00 local happens twice. Both are game day Oct 25.
    const instants = ['2026-10-23T08:00:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'];
    const out = play(instants, 'Europe/London', 1, s(2, 2, '2026-10-22', 1));
    // 00:30Z = 01:30 BST (game day 25), 01:30Z = 01:30 GMT (game day 25): Oct 24 missed, one freeze spent, once.
    expect(out).toMatchObject({
      currentStreak: 4,
      streakFreezes: 0,
      lastActivityDate: '2026-10-25',
      spent: [0, 1, 0],
    });
  });
});

describe('effectiveCurrentStreak', () => {
  it('reads the stored streak when active today or yesterday', () => {
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-22'), '2026-11-22')).toBe(4);
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-21'), '2026-11-22')).toBe(4);
  });

  it('reads 0 once a day was missed with no freeze, or with no activity', () => {
    expect(effectiveCurrentStreak(s(4, 4, '2026-11-20'), '2026-11-22')).toBe(0);
    expect(effectiveCurrentStreak(s(0, 0, null), '2026-11-22')).toBe(0);
  });

  it('stays alive while the freezes held cover the days missed so far', () => {
    expect(effectiveCurrentStreak(s(9, 9, '2026-11-20', 1), '2026-11-22')).toBe(9);
    expect(effectiveCurrentStreak(s(9, 9, '2026-11-19', 2), '2026-11-22')).toBe(9);
    expect(effectiveCurrentStreak(s(9, 9, '2026-11-19', 1), '2026-11-22')).toBe(0);
    expect(effectiveCurrentStreak(s(9, 9, '2026-02-27', 1), '2026-03-01')).toBe(9);
  });
});

describe('freeze notice', () => {
  it('reports the freezes spent by today’s first answer only', () => {
    expect(freezesSpentOn({ freezesSpentOn: '2026-11-22', freezesSpent: 1 }, '2026-11-22')).toBe(1);
    expect(freezesSpentOn({ freezesSpentOn: '2026-11-21', freezesSpent: 1 }, '2026-11-22')).toBe(0);
    expect(freezesSpentOn({ freezesSpentOn: null, freezesSpent: 0 }, '2026-11-22')).toBe(0);
  });

  it('names the streak that was kept', () => {
    expect(freezeNotice(1, 13)).toBe('A freeze kept your 12-day streak');
    expect(freezeNotice(2, 5)).toBe('2 freezes kept your 4-day streak');
    expect(freezeNotice(0, 5)).toBeNull();
  });
});
