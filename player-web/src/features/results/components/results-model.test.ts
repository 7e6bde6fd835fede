import { describe, expect, it } from 'vitest';
import {
  averageText,
  demographicSections,
  formatCount,
  formatNumber,
  optionBars,
  plural,
  userNumericOf,
  userOptionIdOf,
  userShareMargin,
  withUnit,
} from './results-model';
import { choiceQuestion, numericQuestion, questionResults } from './results.test-kit';

describe('userOptionIdOf / userNumericOf', () => {
  it('prefers the answer on the question, then the one in the results', () => {
    const question = choiceQuestion({ userAnswer: { selectedOptionId: 'opt-2', numericValue: null } });
    const results = questionResults({ userAnswer: { selectedOptionId: 'opt-3', numericValue: null } });
    expect(userOptionIdOf(question, results)).toBe('opt-2');
    expect(userOptionIdOf(choiceQuestion(), results)).toBe('opt-3');
    expect(userOptionIdOf(choiceQuestion(), undefined)).toBeNull();
  });

  it('maps an option stored by its own id to the canonical opt-N', () => {
    const question = choiceQuestion({
      options: [
        { id: 'tea', text: 'Tea' },
        { id: 'coffee', text: 'Coffee' },
      ],
      userAnswer: { selectedOptionId: 'coffee', numericValue: null },
    });
    expect(userOptionIdOf(question, undefined)).toBe('opt-2');
  });

  it('reads a numeric answer from either place', () => {
    const results = questionResults({ userAnswer: { selectedOptionId: null, numericValue: 7 } });
    expect(userNumericOf(numericQuestion(), results)).toBe(7);
    expect(
      userNumericOf(numericQuestion({ userAnswer: { selectedOptionId: null, numericValue: 3 } }), results),
    ).toBe(3);
    expect(userNumericOf(numericQuestion(), undefined)).toBeNull();
  });
});

describe('optionBars', () => {
  it('rounds each share, floors visible bars at 8% and empty ones at 2%, and marks the player’s option', () => {
    const question = choiceQuestion({
      options: ['Green tea every single morning', 'Black', { text: 'Oolong', icon: '🍵' }],
    });
    const results = questionResults({ totalAnswers: 200, optionCounts: { 'opt-1': 191, 'opt-2': 9 } });
    const bars = optionBars(question, results, 'opt-2');
    expect(bars).toEqual([
      {
        id: 'opt-1',
        text: 'Green tea every single morning',
        label: 'Green tea every…',
        icon: null,
        count: 191,
        pct: 96,
        height: 96,
        isUser: false,
      },
      { id: 'opt-2', text: 'Black', label: 'Black', icon: null, count: 9, pct: 5, height: 8, isUser: true },
      {
        id: 'opt-3',
        text: 'Oolong',
        label: 'Oolong',
        icon: '🍵',
        count: 0,
        pct: 0,
        height: 2,
        isUser: false,
      },
    ]);
  });

  it('draws zero shares when nobody has answered', () => {
    const bars = optionBars(choiceQuestion(), questionResults({ totalAnswers: 0, optionCounts: {} }), null);
    expect(bars.map((b) => [b.pct, b.height, b.isUser])).toEqual([
      [0, 2, false],
      [0, 2, false],
      [0, 2, false],
    ]);
  });
});

describe('number formatting', () => {
  it('writes numbers as en-GB does, rounding halves away from zero', () => {
    expect(formatCount(1090516)).toBe('1,090,516');
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(274.835, 0, 2)).toBe('274.84');
    expect(formatNumber(-0.0004, 0, 3)).toBe('0');
    expect(formatNumber(-1234.5, 0, 0)).toBe('-1,235');
    expect(formatNumber(3, 1, 1)).toBe('3.0');
  });

  it('agrees with Intl on a spread of values', () => {
    for (const value of [0, 1, 9.95, 999.5, 1000, 12345.678, -42.25, 0.001]) {
      for (const [min, max] of [
        [0, 0],
        [0, 1],
        [1, 1],
        [0, 3],
      ] as const) {
        const intl = value.toLocaleString('en-GB', {
          minimumFractionDigits: min,
          maximumFractionDigits: max,
        });
        expect(formatNumber(value, min, max), `${value} ${min}..${max}`).toBe(intl.replace(/^-0$/, '0'));
      }
    }
  });

  it('pluralises a count with a plain -s', () => {
    expect(plural(1, 'response')).toBe('1 response');
    expect(plural(0, 'response')).toBe('0 responses');
    expect(plural(2500, 'response')).toBe('2,500 responses');
  });

  it('writes values with their unit, and averages to exactly one decimal', () => {
    expect(withUnit(12.46, 'hours')).toBe('12.5 hours');
    expect(withUnit(7, null)).toBe('7');
    expect(averageText(1, 'hours')).toBe('1.0 hours');
    expect(averageText(2.25, null)).toBe('2.3');
  });
});

describe('userShareMargin', () => {
  const bars = (count: number) =>
    optionBars(
      choiceQuestion(),
      questionResults({ totalAnswers: 100, optionCounts: { 'opt-1': count } }),
      'opt-1',
    );

  it('gives the 95% margin of the player’s share from 30 answers up', () => {
    expect(userShareMargin(bars(50), 100)).toBe(9.8);
    expect(userShareMargin(bars(10), 29)).toBeNull();
  });

  it('has no margin when the player chose nothing', () => {
    const none = optionBars(choiceQuestion(), questionResults({ totalAnswers: 100 }), null);
    expect(userShareMargin(none, 100)).toBeNull();
  });
});

describe('demographicSections', () => {
  it('lists only groups with data and shows a section once its thresholds are met', () => {
    const results = questionResults({
      totalAnswers: 6,
      demographicBreakdown: {
        male: { 'opt-1': 2 },
        female: { 'opt-1': 1, 'opt-2': 1 },
        'age_18-24': { 'opt-1': 4 },
        race_prefer_not_to_say: {},
      },
    });
    const [gender, age, race] = demographicSections(choiceQuestion(), results, 'opt-1');

    expect(gender!.available).toBe(true);
    expect(gender!.total).toBe(4);
    expect(gender!.groups.map((g) => [g.label, g.total, g.sameAsYou])).toEqual([
      ['Male', 2, 100],
      ['Female', 2, 50],
    ]);
    expect(gender!.groups[1]!.bars.map((b) => [b.id, b.pct, b.isUser])).toEqual([
      ['opt-1', 50, true],
      ['opt-2', 50, false],
      ['opt-3', 0, false],
    ]);
    // Four answers in one age group: under the 5-answer, 2-group rule.
    expect(age!.available).toBe(false);
    expect(age!.groups).toHaveLength(1);
    expect(race!.groups).toEqual([]);
    expect(race!.available).toBe(false);
  });

  it('draws no bars and no "same as you" for a numeric question', () => {
    const results = questionResults({
      type: 'numeric',
      demographicBreakdown: { male: { '5': 2 }, female: { '6': 3 } },
    });
    const [gender] = demographicSections(numericQuestion(), results, null);
    expect(gender!.groups.every((g) => g.bars.length === 0 && g.sameAsYou === null)).toBe(true);
  });
});
