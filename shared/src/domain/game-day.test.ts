import { describe, expect, it } from 'vitest';
import {
  dropTimeText,
  nextDropAt,
  addDays,
  daysBetween,
  formatDayTab,
  formatDisplayDate,
  gameDay,
  isIsoDate,
  isValidTimeZone,
  scheduleWindow,
} from './game-day';

const at = (iso: string) => new Date(iso);

describe('gameDay', () => {
  it('with UTC and start hour 0 is the UTC date', () => {
    expect(gameDay(at('2026-11-22T00:00:00Z'), 'UTC', 0)).toBe('2026-11-22');
    expect(gameDay(at('2026-11-22T00:30:00Z'), 'UTC', 0)).toBe('2026-11-22');
    expect(gameDay(at('2026-11-22T23:59:59.999Z'), 'UTC', 0)).toBe('2026-11-22');
    expect(gameDay(at('2026-11-21T23:59:59.999Z'), 'UTC', 0)).toBe('2026-11-21');
  });

  it('switches at 09:00 local in Africa/Johannesburg (UTC+2)', () => {
    expect(gameDay(at('2026-11-22T06:59:59Z'), 'Africa/Johannesburg', 9)).toBe('2026-11-21');
    expect(gameDay(at('2026-11-22T07:00:00Z'), 'Africa/Johannesburg', 9)).toBe('2026-11-22');
    // 23:30 UTC is already the next calendar day locally.
    expect(gameDay(at('2026-11-22T23:30:00Z'), 'Africa/Johannesburg', 9)).toBe('2026-11-22');
    expect(gameDay(at('2026-11-22T23:30:00Z'), 'Africa/Johannesburg', 0)).toBe('2026-11-23');
  });

  it('follows America/New_York across spring forward (2026-03-08, 09:00 is EDT = 13:00Z)', () => {
    expect(gameDay(at('2026-03-08T12:59:00Z'), 'America/New_York', 9)).toBe('2026-03-07');
    expect(gameDay(at('2026-03-08T13:00:00Z'), 'America/New_York', 9)).toBe('2026-03-08');
    // Day before, still EST: 09:00 = 14:00Z.
    expect(gameDay(at('2026-03-07T13:59:00Z'), 'America/New_York', 9)).toBe('2026-03-06');
    expect(gameDay(at('2026-03-07T14:00:00Z'), 'America/New_York', 9)).toBe('2026-03-07');
  });

  it('follows America/New_York across fall back (2026-11-01, 09:00 is EST = 14:00Z)', () => {
    expect(gameDay(at('2026-11-01T13:59:00Z'), 'America/New_York', 9)).toBe('2026-10-31');
    expect(gameDay(at('2026-11-01T14:00:00Z'), 'America/New_York', 9)).toBe('2026-11-01');
    // The repeated 01:xx hour is before 9 in both offsets.
    expect(gameDay(at('2026-11-01T05:30:00Z'), 'America/New_York', 9)).toBe('2026-10-31');
    expect(gameDay(at('2026-11-01T06:30:00Z'), 'America/New_York', 9)).toBe('2026-10-31');
  });

  it('follows Europe/London across BST start (2026-03-29) and end (2026-10-25)', () => {
    expect(gameDay(at('2026-03-29T07:59:00Z'), 'Europe/London', 9)).toBe('2026-03-28');
    expect(gameDay(at('2026-03-29T08:00:00Z'), 'Europe/London', 9)).toBe('2026-03-29');
    expect(gameDay(at('2026-10-25T08:59:00Z'), 'Europe/London', 9)).toBe('2026-10-24');
    expect(gameDay(at('2026-10-25T09:00:00Z'), 'Europe/London', 9)).toBe('2026-10-25');
  });

  it('handles the extremes Pacific/Kiritimati (UTC+14) and Pacific/Pago_Pago (UTC-11)', () => {
    expect(gameDay(at('2026-12-31T18:59:00Z'), 'Pacific/Kiritimati', 9)).toBe('2026-12-31');
    expect(gameDay(at('2026-12-31T19:00:00Z'), 'Pacific/Kiritimati', 9)).toBe('2027-01-01');
    expect(gameDay(at('2026-12-31T10:00:00Z'), 'Pacific/Kiritimati', 0)).toBe('2027-01-01');
    expect(gameDay(at('2027-01-01T08:00:00Z'), 'Pacific/Pago_Pago', 0)).toBe('2026-12-31');
    expect(gameDay(at('2026-03-01T19:59:00Z'), 'Pacific/Pago_Pago', 9)).toBe('2026-02-28');
    expect(gameDay(at('2026-03-01T20:00:00Z'), 'Pacific/Pago_Pago', 9)).toBe('2026-03-01');
    // Same instant, two calendar days apart.
    const instant = at('2026-06-15T10:30:00Z');
    expect(gameDay(instant, 'Pacific/Kiritimati', 0)).toBe('2026-06-16');
    expect(gameDay(instant, 'Pacific/Pago_Pago', 0)).toBe('2026-06-14');
  });

  it('crosses year, month and leap-day boundaries before the start hour', () => {
    expect(gameDay(at('2027-01-01T08:59:00Z'), 'UTC', 9)).toBe('2026-12-31');
    expect(gameDay(at('2027-01-01T09:00:00Z'), 'UTC', 9)).toBe('2027-01-01');
    expect(gameDay(at('2026-05-01T03:00:00Z'), 'UTC', 9)).toBe('2026-04-30');
    expect(gameDay(at('2028-03-01T08:00:00Z'), 'UTC', 9)).toBe('2028-02-29');
    expect(gameDay(at('2026-03-01T08:00:00Z'), 'UTC', 9)).toBe('2026-02-28');
  });

  it('throws for an unknown zone', () => {
    expect(() => gameDay(at('2026-01-01T00:00:00Z'), 'Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('date arithmetic', () => {
  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-11-22', 1)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('addDays rejects non-dates', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('yesterday', 1)).toThrow(RangeError);
  });

  it('daysBetween counts from a to b', () => {
    expect(daysBetween('2026-11-22', '2026-11-22')).toBe(0);
    expect(daysBetween('2026-11-22', '2026-11-29')).toBe(7);
    expect(daysBetween('2026-11-29', '2026-11-22')).toBe(-7);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('scheduleWindow lists 7 days from today by default', () => {
    expect(scheduleWindow('2026-12-29')).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
    ]);
    expect(scheduleWindow('2026-01-01', 2)).toEqual(['2026-01-01', '2026-01-02']);
    expect(scheduleWindow('2026-01-01', 0)).toEqual([]);
  });
});

describe('validation', () => {
  it('isValidTimeZone accepts IANA zones only', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Africa/Johannesburg')).toBe(true);
    expect(isValidTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('isIsoDate accepts real calendar dates only', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-01-00')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('display', () => {
  it('formatDisplayDate gives the en-GB short form', () => {
    expect(formatDisplayDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDisplayDate('2027-01-01')).toBe('1 Jan 2027');
    expect(formatDisplayDate('2026-11-22', 'en-US')).toBe('Nov 22, 2026');
  });

  it('formatDisplayDate writes en-GB exactly as Intl does, every month', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++)
      for (const day of ['01', '09', '28']) {
        const date = `2026-${String(month).padStart(2, '0')}-${day}`;
        expect(formatDisplayDate(date)).toBe(intl.format(Date.UTC(2026, month - 1, Number(day))));
      }
  });

  it('formatDayTab gives weekday, day and month', () => {
    expect(formatDayTab('2026-11-23')).toBe('Mon 23 Nov');
    expect(formatDayTab('2027-01-03')).toBe('Sun 3 Jan');
  });
});

describe('gameDay memo', () => {
  it('stays exact at the drop when called repeatedly within and across minutes', () => {
    const tz = 'Africa/Johannesburg'; // UTC+2: the 9 AM drop is 07:00 UTC
    const seq = [
      '2026-11-23T06:59:00.000Z',
      '2026-11-23T06:59:59.999Z',
      '2026-11-23T07:00:00.000Z',
      '2026-11-23T06:59:30.000Z',
      '2026-11-23T07:00:59.000Z',
    ];
    expect(seq.map((iso) => gameDay(new Date(iso), tz, 9))).toEqual([
      '2026-11-22',
      '2026-11-22',
      '2026-11-23',
      '2026-11-22',
      '2026-11-23',
    ]);
    // Same minute, other zone and other start hour: nothing leaks between them.
    expect(gameDay(new Date('2026-11-23T07:00:10.000Z'), 'UTC', 9)).toBe('2026-11-22');
    expect(gameDay(new Date('2026-11-23T07:00:10.000Z'), tz, 0)).toBe('2026-11-23');
  });
});

describe('the next drop', () => {
  it('starts the next game day at the day-start hour in the server zone', () => {
    expect(nextDropAt('2026-11-25', 'Africa/Johannesburg', 9).toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(nextDropAt('2026-11-25', 'Asia/Kolkata', 9).toISOString()).toBe('2026-11-26T03:30:00.000Z');
    expect(nextDropAt('2026-03-28', 'Europe/London', 2).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(nextDropAt('2026-11-25', 'UTC', 0).toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it("says it in the player's own clock", () => {
    const drop = new Date('2026-11-26T07:00:00.000Z');
    expect(
      dropTimeText(drop, new Date('2026-11-25T18:00:00Z'), { timeZone: 'Europe/Berlin', locale: 'en-GB' }),
    ).toBe('New topics tomorrow at 08:00 · in 13 h');
    expect(
      dropTimeText(drop, new Date('2026-11-26T06:20:00Z'), { timeZone: 'Asia/Tokyo', locale: 'en-GB' }),
    ).toBe('New topics today at 16:00 · in 40 min');
  });
});
