import { describe, expect, it } from 'vitest';
import {
  archiveBefore,
  CALENDAR_DAYS,
  calendarDays,
  calendarStart,
  historyWindows,
  isArchiveDay,
  percentOf,
} from './history';

describe('history calendar', () => {
  it('covers the 90 game days ending today, oldest first', () => {
    const days = calendarDays('2026-05-20', []);
    expect(days).toHaveLength(CALENDAR_DAYS);
    expect(days[0]!.date).toBe(calendarStart('2026-05-20'));
    expect(days[0]!.date).toBe('2026-02-20');
    expect(days.at(-1)!.date).toBe('2026-05-20');
    expect(days.every((d) => !d.played && !d.frozen)).toBe(true);
  });

  it('marks played and frozen days in window order; a played day is never shown frozen', () => {
    const flags = Array.from({ length: CALENDAR_DAYS }, () => ({ played: false, frozen: false }));
    flags[89] = { played: true, frozen: false };
    flags[88] = { played: false, frozen: true };
    flags[87] = { played: true, frozen: true };
    const days = calendarDays('2026-05-20', flags);
    const at = (date: string) => days.find((d) => d.date === date);
    expect(at('2026-05-20')).toEqual({ date: '2026-05-20', played: true, frozen: false });
    expect(at('2026-05-19')).toEqual({ date: '2026-05-19', played: false, frozen: true });
    expect(at('2026-05-18')).toEqual({ date: '2026-05-18', played: true, frozen: false });
    expect(days.filter((d) => d.played)).toHaveLength(2);
  });

  it("gives the calendar's and the 30-day crowd window's first days, the same for every player of a day", () => {
    expect(historyWindows('2026-05-20')).toEqual({ calendarFrom: '2026-02-20', crowdFrom: '2026-04-21' });
    expect(historyWindows('2026-05-20')).toBe(historyWindows('2026-05-20'));
    expect(historyWindows('2026-05-21')).toEqual({ calendarFrom: '2026-02-21', crowdFrom: '2026-04-22' });
    // Back to an earlier day: computed for that day again, not the last one's.
    expect(calendarDays('2026-05-20', []).at(-1)!.date).toBe('2026-05-20');
    expect(historyWindows('2026-05-20').calendarFrom).toBe('2026-02-20');
  });

  it('runs through month and year ends', () => {
    const days = calendarDays('2026-01-02', []);
    expect(days.slice(-3).map((d) => d.date)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
    expect(new Set(days.map((d) => d.date)).size).toBe(CALENDAR_DAYS);
  });
});

describe('archive days', () => {
  it('never reaches today or later', () => {
    expect(archiveBefore('2026-05-20', undefined)).toBe('2026-05-20');
    expect(archiveBefore('2026-05-20', '2026-06-01')).toBe('2026-05-20');
    expect(archiveBefore('2026-05-20', '2026-05-10')).toBe('2026-05-10');
    expect(isArchiveDay('2026-05-20', '2026-05-19')).toBe(true);
    expect(isArchiveDay('2026-05-20', '2026-05-20')).toBe(false);
    expect(isArchiveDay('2026-05-20', '2026-05-21')).toBe(false);
  });
});

describe('percentOf', () => {
  it('rounds, and is null with nothing counted', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBeNull();
  });
});
