import { describe, expect, it } from 'vitest';
import {
  AGE_KEYS,
  ALL_DEMOGRAPHIC_KEYS,
  GENDER_KEYS,
  RACE_KEYS,
  barHeightPercent,
  demographicKeys,
  barLabel,
  firstWords,
  normalizeOptionId,
  numericPerformance,
  optionId,
  optionText,
  percent,
  sameAsYouShare,
  shapeResults,
  truncate,
} from './results';

describe('options', () => {
  it('optionId is 1-based', () => {
    expect(optionId(0)).toBe('opt-1');
    expect(optionId(4)).toBe('opt-5');
  });

  it('optionText reads strings and objects', () => {
    expect(optionText('Tea')).toBe('Tea');
    expect(optionText({ text: 'Coffee' })).toBe('Coffee');
  });

  it('normalizeOptionId accepts opt-N in range and option ids', () => {
    const options = [{ id: 'a1', text: 'A' }, { id: 'b2', text: 'B' }, 'C'];
    expect(normalizeOptionId(options, 'opt-1')).toBe('opt-1');
    expect(normalizeOptionId(options, 'opt-3')).toBe('opt-3');
    expect(normalizeOptionId(options, 'b2')).toBe('opt-2');
    expect(normalizeOptionId(options, 'opt-4')).toBeNull();
    expect(normalizeOptionId(options, 'opt-0')).toBeNull();
    expect(normalizeOptionId(options, 'opt-01')).toBeNull();
    expect(normalizeOptionId(options, 'C')).toBeNull();
    expect(normalizeOptionId(options, '')).toBeNull();
    expect(normalizeOptionId([], 'opt-1')).toBeNull();
  });
});

describe('demographic keys', () => {
  it('lists the SPEC keys', () => {
    expect(GENDER_KEYS).toEqual(['male', 'female', 'other']);
    expect(AGE_KEYS).toEqual(['age_18-24', 'age_25-34', 'age_35-44', 'age_45+', 'age_prefer_not_to_say']);
    expect(RACE_KEYS).toContain('race_black');
    expect(RACE_KEYS).toContain('race_mixed_race');
    expect(RACE_KEYS).toContain('race_prefer_not_to_say');
    expect(ALL_DEMOGRAPHIC_KEYS).toHaveLength(3 + 5 + 7);
  });

  it('maps a snapshot to its keys', () => {
    expect(demographicKeys({ gender: 'female', ageBracket: '25-34', raceBracket: 'black' })).toEqual([
      'female',
      'age_25-34',
      'race_black',
    ]);
    expect(demographicKeys({ gender: 'male', ageBracket: '45+', raceBracket: 'prefer_not_to_say' })).toEqual([
      'male',
      'age_45+',
      'race_prefer_not_to_say',
    ]);
  });

  it('folds non_binary, transgender and other into other', () => {
    for (const g of ['non_binary', 'transgender', 'other']) {
      expect(demographicKeys({ gender: g, ageBracket: null, raceBracket: null })).toEqual(['other']);
    }
  });

  it('leaves out prefer-not-to-say gender, nulls and unknown values', () => {
    expect(
      demographicKeys({ gender: 'prefer_not_to_say', ageBracket: 'prefer_not_to_say', raceBracket: null }),
    ).toEqual(['age_prefer_not_to_say']);
    expect(demographicKeys({ gender: null, ageBracket: null, raceBracket: null })).toEqual([]);
    expect(demographicKeys({ gender: 'robot', ageBracket: '99+', raceBracket: 'martian' })).toEqual([]);
  });
});

describe('shapeResults', () => {
  it('fills every option with 0 and keeps only breakdowns with data', () => {
    const r = shapeResults({
      type: 'multiple_choice',
      optionCount: 3,
      rows: [
        { bucket: 'all', optionId: 'opt-1', count: 3 },
        { bucket: 'all', optionId: 'opt-3', count: 1 },
        { bucket: 'female', optionId: 'opt-1', count: 2 },
        { bucket: 'male', optionId: 'opt-1', count: 1 },
        { bucket: 'male', optionId: 'opt-3', count: 1 },
        { bucket: 'age_18-24', optionId: 'opt-1', count: 0 },
        { bucket: 'race_black', optionId: 'opt-3', count: 1 },
        { bucket: 'bogus', optionId: 'opt-1', count: 5 },
      ],
    });
    expect(r).toEqual({
      totalAnswers: 4,
      optionCounts: { 'opt-1': 3, 'opt-2': 0, 'opt-3': 1 },
      demographicBreakdown: {
        female: { 'opt-1': 2 },
        male: { 'opt-1': 1, 'opt-3': 1 },
        race_black: { 'opt-3': 1 },
      },
      numericStats: null,
    });
  });

  it('sums duplicate rows', () => {
    const r = shapeResults({
      type: 'multiple_choice',
      optionCount: 2,
      rows: [
        { bucket: 'all', optionId: 'opt-2', count: 1 },
        { bucket: 'all', optionId: 'opt-2', count: 2 },
      ],
    });
    expect(r.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 3 });
    expect(r.totalAnswers).toBe(3);
  });

  it('is empty but complete with no answers', () => {
    expect(shapeResults({ type: 'multiple_choice', optionCount: 2, rows: [] })).toEqual({
      totalAnswers: 0,
      optionCounts: { 'opt-1': 0, 'opt-2': 0 },
      demographicBreakdown: {},
      numericStats: null,
    });
  });

  it('computes numeric stats', () => {
    const r = shapeResults({
      type: 'numeric',
      optionCount: 0,
      rows: [],
      numeric: { count: 4, sum: 30, min: 2, max: 12 },
    });
    expect(r.totalAnswers).toBe(4);
    expect(r.optionCounts).toEqual({});
    expect(r.numericStats).toEqual({ average: 7.5, min: 2, max: 12, count: 4 });
  });

  it('has no numeric stats without numeric answers', () => {
    const r = shapeResults({
      type: 'numeric',
      optionCount: 0,
      rows: [],
      numeric: { count: 0, sum: 0, min: null, max: null },
    });
    expect(r.numericStats).toBeNull();
    expect(r.totalAnswers).toBe(0);
  });
});

describe('display helpers', () => {
  it('percent rounds and guards zero totals', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 2)).toBe(50);
    expect(percent(0, 0)).toBe(0);
  });

  it('barHeightPercent applies the 8% / 2% floors', () => {
    expect(barHeightPercent(0)).toBe(2);
    expect(barHeightPercent(1)).toBe(8);
    expect(barHeightPercent(8)).toBe(8);
    expect(barHeightPercent(45)).toBe(45);
  });

  it('firstWords keeps the first three words by default', () => {
    expect(firstWords('Strongly agree with this')).toBe('Strongly agree with');
    expect(firstWords('  Yes  ')).toBe('Yes');
    expect(firstWords('one two three four', 2)).toBe('one two');
    expect(firstWords('')).toBe('');
  });

  it('barLabel cuts to three words and says so with an ellipsis', () => {
    expect(barLabel('With milk and two sugars')).toBe('With milk and…');
    expect(barLabel('Prefer not to say')).toBe('Prefer not to…');
    expect(barLabel('  Yes, always  ')).toBe('Yes, always');
    expect(barLabel('one two three')).toBe('one two three');
  });

  it('truncate appends ... only when cut', () => {
    expect(truncate('short', 50)).toBe('short');
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdefg', 6)).toBe('abcdef...');
  });

  it('sameAsYouShare is the rounded share choosing the user option', () => {
    expect(sameAsYouShare({ 'opt-1': 2, 'opt-2': 1 }, 'opt-1')).toBe(67);
    expect(sameAsYouShare({ 'opt-2': 4 }, 'opt-1')).toBe(0);
    expect(sameAsYouShare({}, 'opt-1')).toBe(0);
  });
});

describe('numericPerformance', () => {
  it('above average', () => {
    expect(numericPerformance(12, 10)).toEqual({
      diffPercent: 20,
      direction: 'above',
      headline: '20% above average',
      line: 'You answered higher than most',
    });
  });

  it('below average', () => {
    expect(numericPerformance(5, 10)).toEqual({
      diffPercent: 50,
      direction: 'below',
      headline: '50% below average',
      line: 'You were more conservative than most',
    });
  });

  it('right on average, including differences that round to 0%', () => {
    expect(numericPerformance(10, 10).direction).toBe('on');
    expect(numericPerformance(10.04, 10)).toEqual({
      diffPercent: 0,
      direction: 'on',
      headline: 'Right on the average!',
      line: "You're aligned with the community",
    });
  });

  it('handles zero and negative averages', () => {
    expect(numericPerformance(0, 0).direction).toBe('on');
    expect(numericPerformance(3, 0)).toMatchObject({ direction: 'above', diffPercent: 100 });
    expect(numericPerformance(-5, -10)).toMatchObject({ direction: 'above', diffPercent: 50 });
  });
});
