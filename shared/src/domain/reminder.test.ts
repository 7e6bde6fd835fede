import { describe, expect, it } from 'vitest';
import { dropReminderPayload, reminderDueDay, REMINDER_ASK_SNOOZE_MS, shouldOfferReminder } from './reminder';

describe('reminderDueDay', () => {
  const due = (iso: string, tz = 'Africa/Johannesburg', hour = 9) => reminderDueDay(new Date(iso), tz, hour);

  it('is the new game day from the drop for three hours, null otherwise', () => {
    // Johannesburg is UTC+2: the 9 AM drop is 07:00 UTC.
    expect(due('2026-05-20T06:59:59Z')).toBeNull();
    expect(due('2026-05-20T07:00:00Z')).toBe('2026-05-20');
    expect(due('2026-05-20T09:59:59Z')).toBe('2026-05-20');
    expect(due('2026-05-20T10:00:00Z')).toBeNull();
    expect(due('2026-05-20T22:00:00Z')).toBeNull();
  });

  it('follows the configured zone and hour across daylight-saving changes', () => {
    // New York, drop at 6 AM: EDT (UTC-4) in summer, EST (UTC-5) in winter.
    expect(due('2026-07-01T10:00:00Z', 'America/New_York', 6)).toBe('2026-07-01');
    expect(due('2026-12-01T10:00:00Z', 'America/New_York', 6)).toBeNull();
    expect(due('2026-12-01T11:00:00Z', 'America/New_York', 6)).toBe('2026-12-01');
    expect(due('2026-05-20T00:00:00Z', 'UTC', 0)).toBe('2026-05-20');
  });
});

describe('dropReminderPayload', () => {
  it('names the day and opens the app, one tag per day', () => {
    expect(dropReminderPayload('2026-05-20')).toEqual({
      kind: 'daily-drop',
      date: '2026-05-20',
      title: "Today's tea is here ☕",
      body: 'New topics for 20 May 2026 just dropped. Pick 3 and see where you stand.',
      url: '/',
      tag: 'daily-drop-2026-05-20',
    });
  });
});

describe('shouldOfferReminder', () => {
  const base = {
    supported: true,
    enabled: true,
    permission: 'default' as const,
    subscribed: false,
    dayFinished: true,
    dismissedAt: null,
    now: 1_000_000_000_000,
  };
  it('asks after a finished day, where push works, once per week at most', () => {
    expect(shouldOfferReminder(base)).toBe(true);
    expect(shouldOfferReminder({ ...base, permission: 'granted' })).toBe(true);
    expect(shouldOfferReminder({ ...base, dayFinished: false })).toBe(false);
    expect(shouldOfferReminder({ ...base, supported: false })).toBe(false);
    expect(shouldOfferReminder({ ...base, enabled: false })).toBe(false);
    expect(shouldOfferReminder({ ...base, subscribed: true })).toBe(false);
    expect(shouldOfferReminder({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldOfferReminder({ ...base, dismissedAt: base.now - REMINDER_ASK_SNOOZE_MS + 1 })).toBe(false);
    expect(shouldOfferReminder({ ...base, dismissedAt: base.now - REMINDER_ASK_SNOOZE_MS })).toBe(true);
  });
});
