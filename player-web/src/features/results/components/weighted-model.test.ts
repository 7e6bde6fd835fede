import { describe, expect, it } from 'vitest';
import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import { choiceQuestion, numericQuestion, questionResults } from './results.test-kit';
import { effectiveText, pointsText, weightedView, withheldReason, withheldShort } from './weighted-model';

const weighted = (overrides: Partial<NonNullable<QuestionResults['weighted']>> = {}) => ({
  scheme: 'sa-adults-census-2022',
  optionShares: { 'opt-1': 0.124, 'opt-2': 0.5, 'opt-3': 0.376 },
  average: null,
  effectiveSampleSize: 184.6,
  interval: 0.072,
  optionIntervals: { 'opt-1': 0.048, 'opt-2': 0.072, 'opt-3': 0.07 },
  respondents: 250,
  excluded: 12,
  ...overrides,
});

describe('weightedView', () => {
  it('is null when the results carry neither figures nor a reason (an operator read)', () => {
    expect(weightedView(choiceQuestion(), questionResults(), null)).toBeNull();
  });

  it('draws the weighted split as bars with the floors, headed by the player’s option and its own interval', () => {
    const view = weightedView(choiceQuestion(), questionResults({ weighted: weighted() }), 'opt-1');
    expect(view?.kind).toBe('shown');
    if (view?.kind !== 'shown') return;
    expect(view.bars.map((b) => [b.id, b.pct, b.height, b.isUser])).toEqual([
      ['opt-1', 12, 12, true],
      ['opt-2', 50, 50, false],
      ['opt-3', 38, 38, false],
    ]);
    expect(view.headline?.id).toBe('opt-1');
    expect(view.interval).toBeCloseTo(4.8);
    expect([view.effectiveSampleSize, view.excluded]).toEqual([184.6, 12]);
  });

  it('heads with the weighted leader when the player has no option, with the widest interval as fallback', () => {
    const view = weightedView(
      choiceQuestion(),
      questionResults({ weighted: weighted({ optionIntervals: null }) }),
      null,
    );
    expect(view?.kind === 'shown' && view.headline?.id).toBe('opt-2');
    expect(view?.kind === 'shown' && view.interval).toBeCloseTo(7.2);
  });

  it('gives a numeric question its weighted average and the interval in its unit', () => {
    const view = weightedView(
      numericQuestion(),
      questionResults({
        type: 'numeric',
        weighted: weighted({ optionShares: null, optionIntervals: null, average: 3.25, interval: 0.4 }),
      }),
      null,
    );
    expect(view?.kind === 'shown' && [view.average, view.interval, view.bars.length]).toEqual([3.25, 0.4, 0]);
  });

  it('says why a figure is withheld, with the threshold and how many were left out', () => {
    const view = weightedView(
      choiceQuestion(),
      questionResults({
        weightedWithheld: {
          reason: 'too_few',
          effectiveSampleSize: 12.7,
          minEffectiveSample: 30,
          respondents: 20,
          excluded: 5,
        },
      }),
      null,
    );
    expect(view).toEqual({
      kind: 'withheld',
      reason:
        'Too few answers to weight fairly yet: once weighted they count like 12 people in a random sample, and we show a weighted figure from 30.',
      short: 'too few answers',
      excluded: 5,
    });
  });
});

describe('withheldReason', () => {
  const base = { minEffectiveSample: 30, respondents: 0, excluded: 4 };
  it('says when nobody can be weighted', () => {
    expect(withheldReason({ ...base, reason: 'no_respondents', effectiveSampleSize: 0 })).toMatch(/Nobody/);
  });
  it('says when the player has not answered every day the split covers', () => {
    expect(withheldReason({ ...base, reason: 'days_unanswered', effectiveSampleSize: 80 })).toMatch(
      /asked on days you have not answered/,
    );
  });
  it('speaks of one person in the singular', () => {
    expect(withheldReason({ ...base, reason: 'too_few', effectiveSampleSize: 1.4 })).toContain(
      'like 1 person',
    );
  });
});

describe('withheldShort', () => {
  const base = { minEffectiveSample: 30, respondents: 0, excluded: 4 };
  it('gives each reason in a few words for a phone’s summary line', () => {
    expect(withheldShort({ ...base, reason: 'no_respondents', effectiveSampleSize: 0 })).toBe(
      'no one to weight',
    );
    expect(withheldShort({ ...base, reason: 'days_unanswered', effectiveSampleSize: 80 })).toBe(
      'answer its other days first',
    );
    expect(withheldShort({ ...base, reason: 'too_few', effectiveSampleSize: 17.6 })).toBe('too few answers');
  });
});

describe('texts', () => {
  it('writes points to one decimal and the effective sample in whole people', () => {
    expect(pointsText(5.84)).toBe('±5.8 points');
    expect(pointsText(6)).toBe('±6 points');
    expect(pointsText(5.84, true)).toBe('±5.8 pts');
    expect(effectiveText(1234.9)).toBe('1,234');
  });
});
