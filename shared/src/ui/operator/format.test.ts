import { describe, expect, it } from 'vitest';
import { actionLabel } from './audit-tab';
import { barPercent, cut, formatIsoDate, questionDates, recentFirst, sharePercent } from './format';
import { deleteUserPrompt } from './users-tab';
import { DELETE_RESPONSE_PROMPT } from './responses-tab';

describe('cut', () => {
  it('keeps text up to the limit and marks longer text', () => {
    expect(cut('short', 60)).toBe('short');
    expect(cut('x'.repeat(60), 60)).toBe('x'.repeat(60));
    expect(cut('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}...`);
    expect(cut('abcdefghij', 5)).toBe('abcde...');
  });
});

describe('questionDates', () => {
  it('lists each date once, newest first', () => {
    expect(
      questionDates([
        { date: '2026-11-20' },
        { date: '2026-11-22' },
        { date: '2026-11-20' },
        { date: '2026-11-21' },
      ]),
    ).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    expect(questionDates([])).toEqual([]);
  });
});

describe('recentFirst', () => {
  it('orders by createdAt descending without touching the input', () => {
    const input = [
      { id: 'a', createdAt: '2026-11-20T10:00:00Z' },
      { id: 'b', createdAt: '2026-11-22T10:00:00Z' },
      { id: 'c', createdAt: '2026-11-21T10:00:00Z' },
    ];
    expect(recentFirst(input).map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(input.map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('barPercent and sharePercent', () => {
  it('scales bars to the largest group and keeps small non-zero groups visible', () => {
    expect(barPercent(50, 100)).toBe(50);
    expect(barPercent(100, 100)).toBe(100);
    expect(barPercent(1, 10_000)).toBe(2);
    expect(barPercent(0, 100)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });
  it('gives whole-percent shares and 0 for an empty total', () => {
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(0, 0)).toBe(0);
  });
});

describe('formatIsoDate', () => {
  it('reads a calendar date without a time-zone shift', () => {
    expect(formatIsoDate('2026-11-22')).toBe('Sun, 22 Nov 2026');
    expect(formatIsoDate('not-a-date')).toBe('not-a-date');
  });
});

describe('spec texts', () => {
  it('uses the product.md#validation confirmation prompts', () => {
    expect(deleteUserPrompt('tea_lover')).toBe(
      'Are you sure you want to delete user "tea_lover"? This action cannot be undone.',
    );
    expect(DELETE_RESPONSE_PROMPT).toBe(
      'Are you sure you want to delete this response? This action cannot be undone.',
    );
  });
  it('turns audit actions into words', () => {
    expect(actionLabel('topic.create')).toBe('Topic created');
    expect(actionLabel('answer.delete')).toBe('Response deleted');
    expect(actionLabel('answer_purge.all')).toBe('Answer purge all');
  });
});
