import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('constants', () => {
  it('match SPEC §9', () => {
    expect(c.MAX_TOPICS_PER_DAY).toBe(3);
    expect(c.TAGLINE_ROTATION_MS).toBe(8000);
    expect(c.AUTO_SUBMIT_DELAY_MS).toBe(300);
    expect(c.NEXT_QUESTION_DELAY_MS).toBe(500);
    expect(c.ALREADY_ANSWERED_DELAY_MS).toBe(1000);
    expect(c.RESULTS_RELOAD_DELAY_MS + c.RESULTS_RELOAD_EXTRA_MS).toBe(1000);
    expect(c.RESULTS_STALE_MS).toBe(30_000);
    expect(c.RESULTS_REFETCH_MS).toBe(60_000);
    expect(c.TOAST_LIMIT).toBe(1);
    expect(c.TOAST_DURATION_MS).toBe(5000);
    expect(c.TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(c.SHARE_CARD_SIZE).toBe(1080);
    expect(c.SHARE_CARD_SCALE).toBe(2);
    expect(c.SHARE_QUESTION_MAX).toBe(50);
    expect(c.SHARE_OPTION_MAX).toBe(25);
    expect(c.MARKETING_EXPORT_TIMEOUT_MS).toBe(15_000);
    expect(c.SCHEDULE_WINDOW_DAYS).toBe(7);
    expect(c.ACTIVE_USER_WINDOW_DAYS).toBe(7);
    expect(c.TOP_COUNTRIES).toBe(10);
    expect(c.STREAK_HIGHLIGHT_DAYS).toBe(7);
    expect(c.QUESTION_FILTER_MAX).toBe(60);
    expect(c.RESPONSE_LIST_TEXT_MAX).toBe(50);
    expect(c.USER_ID_SHORT).toBe(8);
    expect(c.DASHBOARD_LIST_SIZE).toBe(5);
  });

  it('username pattern admits letters, digits, _ . - only', () => {
    expect(c.USERNAME_PATTERN.test('jane.doe-1_x')).toBe(true);
    expect(c.USERNAME_PATTERN.test('jane doe')).toBe(false);
  });
});
