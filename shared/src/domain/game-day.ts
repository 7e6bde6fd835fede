/** Game-day arithmetic (product.md#game-day). Dates are 'YYYY-MM-DD' strings; the clock is always passed in. */

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** The number written by the ASCII digits of `s` from `start` to `end`, or -1 when one of them is not a digit. */
function digitsAt(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Year, month and day of a 'YYYY-MM-DD' string naming a real date of the (proleptic) Gregorian calendar, else
 * undefined. Read digit by digit: every request compares a few dates (streaks, today), and a regex and a Date
 * check cost about ten times as much.
 */
function dateParts(s: string): { y: number; m: number; d: number } | undefined {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  const y = digitsAt(s, 0, 4);
  const m = digitsAt(s, 5, 7);
  const d = digitsAt(s, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1) return undefined;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!) ? { y, m, d } : undefined;
}

function parseIso(date: string): { y: number; m: number; d: number } {
  const parts = typeof date === 'string' ? dateParts(date) : undefined;
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
  return parts;
}

function utcMs(date: string): number {
  const { y, m, d } = parseIso(date);
  return Date.UTC(y, m - 1, d);
}

function fromUtcMs(ms: number): string {
  const dt = new Date(ms);
  return `${pad(dt.getUTCFullYear(), 4)}-${pad(dt.getUTCMonth() + 1, 2)}-${pad(dt.getUTCDate(), 2)}`;
}

/**
 * The last local date and hour computed per zone, keyed by UTC minute (every zone offset is whole minutes), with
 * the game day last derived from them and the start hour it was derived for.
 */
type LocalMinute = {
  minute: number;
  date: string;
  hour: number;
  gameDay?: { startHour: number; date: string };
};
const lastLocal = new Map<string, LocalMinute>();

function localDateHour(instant: Date, timeZone: string): LocalMinute {
  const minute = Math.floor(instant.getTime() / 60_000);
  const hit = lastLocal.get(timeZone);
  if (hit && hit.minute === minute) return hit;
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  // Some engines still print midnight as "24" even with h23.
  const local: LocalMinute = {
    minute,
    date: `${pad(get('year'), 4)}-${pad(get('month'), 2)}-${pad(get('day'), 2)}`,
    hour: get('hour') % 24,
  };
  lastLocal.set(timeZone, local);
  return local;
}

/** Game day of `instant`: its calendar date in `timeZone`, minus one day when the local hour is before `dayStartHour`. */
export function gameDay(instant: Date, timeZone: string, dayStartHour: number): string {
  const local = localDateHour(instant, timeZone);
  // Every request asks for today, several times: the answer holds for the rest of the minute.
  if (local.gameDay?.startHour === dayStartHour) return local.gameDay.date;
  const date = local.hour < dayStartHour ? addDays(local.date, -1) : local.date;
  local.gameDay = { startHour: dayStartHour, date };
  return date;
}

/** Calendar date `n` days after `date` (negative n goes back). Throws RangeError on a non-date. */
export function addDays(date: string, n: number): string {
  return fromUtcMs(utcMs(date) + n * MS_PER_DAY);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMs(b) - utcMs(a)) / MS_PER_DAY);
}

/** `n` consecutive dates starting with `first` (the date is parsed once, not once per day). */
export function consecutiveDays(first: string, n: number): string[] {
  const start = utcMs(first);
  return Array.from({ length: Math.max(0, n) }, (_, i) => fromUtcMs(start + i * MS_PER_DAY));
}

/** `days` consecutive dates starting with `today` (admin schedule tabs). */
export function scheduleWindow(today: string, days = 7): string[] {
  return consecutiveDays(today, days);
}

/** True when `tz` is an IANA time zone this runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** True for a 'YYYY-MM-DD' string naming a real calendar date (no 2026-02-30). */
export function isIsoDate(s: string): boolean {
  return typeof s === 'string' && dateParts(s) !== undefined;
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function displayFormatter(
  key: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let f = displayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    displayFormatters.set(key, f);
  }
  return f;
}

/** en-GB's abbreviated months (CLDR 42+, as Intl writes them: "Sept"). */
const EN_GB_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * Short display form of a date, e.g. "22 Nov 2026" for en-GB (home header). en-GB is spelled out here: the
 * header shows it on every player page's first render, and building the first Intl.DateTimeFormat of a page
 * (ICU's locale data) costs a phone tens of milliseconds of that render. Other locales go through Intl.
 */
export function formatDisplayDate(date: string, locale = 'en-GB'): string {
  const match = locale === 'en-GB' ? ISO_DATE.exec(date) : null;
  const month = match ? EN_GB_MONTHS[Number(match[2]) - 1] : undefined;
  if (match && month) return `${Number(match[3])} ${month} ${match[1]}`;
  return displayFormatter(`display:${locale}`, locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(utcMs(date));
}

/** Day tab label, e.g. "Mon 23 Nov" (admin scheduler). */
export function formatDayTab(date: string): string {
  const parts = displayFormatter('tab', 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).formatToParts(utcMs(date));
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')}`;
}

/** The zone's offset from UTC at `instant`, in minutes ("GMT+05:30" → 330). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** When the game day after `today` starts: `dayStartHour` o'clock on the next date in the server's `timeZone`. */
export function nextDropAt(today: string, timeZone: string, dayStartHour: number): Date {
  const local = utcMs(addDays(today, 1)) + dayStartHour * 3_600_000;
  let at = local - zoneOffsetMinutes(new Date(local), timeZone) * 60_000;
  at = local - zoneOffsetMinutes(new Date(at), timeZone) * 60_000; // across a DST change
  return new Date(at);
}

/**
 * The next drop in the player's own clock: "New topics at 11:00 · in 5 h" (or "in 40 min"), with "tomorrow"
 * when it falls on the player's next date. `timeZone` and `locale` default to the device's.
 */
export function dropTimeText(
  drop: Date,
  now: Date,
  opts: { timeZone?: string; locale?: string } = {},
): string {
  const time = new Intl.DateTimeFormat(opts.locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: opts.timeZone,
  }).format(drop);
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: opts.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(d);
  const when =
    day(drop) === day(now)
      ? 'today'
      : day(drop) === day(new Date(now.getTime() + MS_PER_DAY))
        ? 'tomorrow'
        : '';
  const minutes = Math.max(0, Math.ceil((drop.getTime() - now.getTime()) / 60_000));
  const left = minutes < 60 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
  return `New topics ${when ? `${when} ` : ''}at ${time} · ${left}`;
}
