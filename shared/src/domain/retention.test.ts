import { describe, expect, it } from 'vitest';
import { activityDays, retentionCohorts, weekStart, type CohortRow } from './retention';

describe('weekStart', () => {
  it('is the Monday of the week, across month and year ends', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStart('2026-03-01')).toBe('2026-02-23'); // Sunday after a 28-day February
    expect(weekStart('2027-01-02')).toBe('2026-12-28');
  });
});

describe('retentionCohorts', () => {
  it("shares of each weekly cohort on day 1, 7 and 30 after each member's own first day, across month ends", () => {
    // Cohort of the week of Mon 2026-01-26: 4 players on Sat 01-31 (a month end), 6 on Mon 01-26.
    const rows: CohortRow[] = [
      { firstDate: '2026-01-26', offset: 0, players: 6 },
      { firstDate: '2026-01-31', offset: 0, players: 4 },
      { firstDate: '2026-01-26', offset: 1, players: 3 }, // 01-27
      { firstDate: '2026-01-31', offset: 1, players: 2 }, // 02-01: the next month
      { firstDate: '2026-01-31', offset: 7, players: 1 }, // 02-07
      { firstDate: '2026-01-26', offset: 30, players: 2 }, // 02-25
      { firstDate: '2026-01-31', offset: 30, players: 1 }, // 03-02: past a 28-day February
      { firstDate: '2026-01-26', offset: 2, players: 5 }, // not an offset shown
    ];
    const cohorts = retentionCohorts(rows, '2026-03-10', 7);
    expect(cohorts.map((c) => c.week)).toEqual([
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(cohorts[0]).toEqual({ week: '2026-01-26', size: 10, d1: 0.5, d7: 0.1, d30: 0.3 });
    expect(cohorts[1]).toEqual({ week: '2026-02-02', size: 0, d1: null, d7: null, d30: null });
  });

  it("is null until day k is over for the cohort's last member (today is still running)", () => {
    const rows: CohortRow[] = [
      { firstDate: '2026-11-16', offset: 0, players: 10 },
      { firstDate: '2026-11-16', offset: 1, players: 4 },
      { firstDate: '2026-11-16', offset: 7, players: 2 },
    ];
    // Week of 11-16: last member's first day is Sun 11-22; day 1 = 11-23 (over on 11-24), day 7 = 11-29.
    const [wk] = retentionCohorts(rows, '2026-11-24', 2);
    expect(wk).toEqual({ week: '2026-11-16', size: 10, d1: 0.4, d7: null, d30: null });
    expect(retentionCohorts(rows, '2026-11-23', 2)[0]!.d1).toBeNull();
    expect(retentionCohorts(rows, '2026-11-30', 3)[0]!.d7).toBe(0.2);
    expect(retentionCohorts(rows, '2026-11-29', 3)[0]!.d7).toBeNull();
  });
});

describe('activityDays', () => {
  it('fills every game day of the window, oldest first, zero where nobody played', () => {
    const days = activityDays(
      [{ date: '2026-02-28', players: 3, newPlayers: 1, answers: 9 }],
      '2026-03-02',
      4,
    );
    expect(days).toEqual([
      { date: '2026-02-27', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-02-28', players: 3, newPlayers: 1, answers: 9 },
      { date: '2026-03-01', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-03-02', players: 0, newPlayers: 0, answers: 0 },
    ]);
  });
});
