import { describe, expect, it } from 'vitest';
import { defaultResponseDate, responseDates } from './response-dates';

const TODAY = '2026-11-22';
const q = (date: string, answerCount: number) => ({ date, answerCount });

describe('responseDates', () => {
  it('lists each date once, newest first, with its responses summed and today marked', () => {
    expect(
      responseDates([q('2026-11-21', 3), q('2026-11-23', 0), q('2026-11-21', 4), q(TODAY, 1)], TODAY),
    ).toEqual([
      { date: '2026-11-23', responses: 0, isToday: false },
      { date: TODAY, responses: 1, isToday: true },
      { date: '2026-11-21', responses: 7, isToday: false },
    ]);
  });
});

describe('defaultResponseDate', () => {
  const pick = (qs: { date: string; answerCount: number }[]) =>
    defaultResponseDate(responseDates(qs, TODAY), TODAY);

  it("opens on today's game day when it has responses, not on a later scheduled day", () => {
    expect(pick([q('2026-11-28', 0), q(TODAY, 5), q('2026-11-21', 50)])).toBe(TODAY);
  });
  it('falls back to the newest date with responses when today has none', () => {
    expect(pick([q('2026-11-28', 0), q(TODAY, 0), q('2026-11-21', 2), q('2026-11-20', 9)])).toBe(
      '2026-11-21',
    );
  });
  it('opens on today when no date has responses yet, else the newest past date, else the first', () => {
    expect(pick([q('2026-11-28', 0), q(TODAY, 0)])).toBe(TODAY);
    expect(pick([q('2026-11-28', 0), q('2026-11-20', 0)])).toBe('2026-11-20');
    expect(pick([q('2026-11-28', 0), q('2026-11-29', 0)])).toBe('2026-11-29');
    expect(pick([])).toBeNull();
  });
});
