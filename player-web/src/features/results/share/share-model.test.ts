import { describe, expect, it } from 'vitest';
import { choiceQuestion, numericQuestion, questionResults } from '../components/results.test-kit';
import { SHARE_OPTIONS_SHOWN, shareCardData, shareFileName } from './share-model';

describe('shareCardData', () => {
  it('waits for the results of the questions it shows: never invented numbers', () => {
    const questions = [choiceQuestion(), numericQuestion()];
    expect(shareCardData('Tea', questions, [questionResults(), undefined])).toBeNull();
  });

  it('shows the first two questions with the real percentages, cut at 50 and 25 characters', () => {
    const long = 'Which of these is the very best way to start a slow Sunday morning?';
    const question = choiceQuestion({
      text: long,
      options: ['A pot of rooibos with honey and lemon on the stoep', 'Coffee'],
      userAnswer: { selectedOptionId: 'opt-2', numericValue: null },
    });
    const third = choiceQuestion({ id: 'q-3', text: 'Not on the card' });
    const results = questionResults({ totalAnswers: 3, optionCounts: { 'opt-1': 1, 'opt-2': 2 } });
    const card = shareCardData('Mornings', [question, question, third], [results, results, results])!;
    expect(card.questions).toHaveLength(2);
    expect(card.questions[0]).toEqual({
      kind: 'choice',
      text: `${long.slice(0, 50)}...`,
      total: 3,
      weighted: false,
      rows: [
        { id: 'opt-1', text: 'A pot of rooibos with hon...', pct: 33, isUser: false },
        { id: 'opt-2', text: 'Coffee', pct: 67, isUser: true },
      ],
      hidden: 0,
    });
  });

  it(`draws at most ${SHARE_OPTIONS_SHOWN} options and counts the rest`, () => {
    const question = choiceQuestion({ options: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const card = shareCardData('Letters', [question], [questionResults({ totalAnswers: 0 })])!;
    const first = card.questions[0]!;
    expect(first.kind === 'choice' && [first.rows.length, first.hidden]).toEqual([SHARE_OPTIONS_SHOWN, 2]);
  });

  it('shows a numeric question’s average, range and the player’s own number', () => {
    const question = numericQuestion({ userAnswer: { selectedOptionId: null, numericValue: 6 } });
    const results = questionResults({
      type: 'numeric',
      totalAnswers: 40,
      numericStats: { average: 3.5, min: 0, max: 12, count: 40 },
    });
    expect(shareCardData('Cups', [question], [results])!.questions).toEqual([
      {
        kind: 'numeric',
        text: 'How many cups a day?',
        total: 40,
        weighted: false,
        unit: 'cups',
        average: 3.5,
        min: 0,
        max: 12,
        yours: 6,
      },
    ]);
  });

  it('carries the weighted figures only when the player chose Weighted and the results show them', () => {
    const weighted = {
      scheme: 'sa-adults-census-2022',
      optionShares: { 'opt-1': 0.25, 'opt-2': 0.75 },
      average: null,
      effectiveSampleSize: 80,
      interval: 0.1,
      optionIntervals: { 'opt-1': 0.09, 'opt-2': 0.1 },
      respondents: 100,
      excluded: 3,
    };
    const question = choiceQuestion({ options: ['Tea', 'Coffee'] });
    const results = questionResults({ totalAnswers: 4, optionCounts: { 'opt-1': 2, 'opt-2': 2 }, weighted });
    const pcts = (card: ReturnType<typeof shareCardData>) => {
      const q = card!.questions[0]!;
      return q.kind === 'choice' ? [q.weighted, ...q.rows.map((r) => r.pct)] : null;
    };
    expect(pcts(shareCardData('T', [question], [results], true))).toEqual([true, 25, 75]);
    expect(pcts(shareCardData('T', [question], [results], false))).toEqual([false, 50, 50]);
    const withheld = questionResults({ totalAnswers: 4, optionCounts: { 'opt-1': 2, 'opt-2': 2 } });
    expect(pcts(shareCardData('T', [question], [withheld], true))).toEqual([false, 50, 50]);

    const numeric = questionResults({
      type: 'numeric',
      totalAnswers: 40,
      numericStats: { average: 3.5, min: 0, max: 12, count: 40 },
      weighted: { ...weighted, optionShares: null, optionIntervals: null, average: 4.25, interval: 0.4 },
    });
    const card = shareCardData('Cups', [numericQuestion()], [numeric], true)!.questions[0]!;
    expect(card.kind === 'numeric' && [card.weighted, card.average, card.min, card.max]).toEqual([
      true,
      4.25,
      0,
      12,
    ]);
  });

  it('is null when no shown question has figures yet', () => {
    expect(shareCardData('Cups', [numericQuestion()], [questionResults({ type: 'numeric' })])).toBeNull();
  });
});

describe('shareFileName', () => {
  it('names the PNG from the topic title', () => {
    expect(shareFileName('Pineapple on Pizza?')).toBe('pineapple-on-pizza.png');
    expect(shareFileName('Café Culture — Ça va?')).toBe('cafe-culture-ca-va.png');
    expect(shareFileName('🍵🍵')).toBe('daily-tea-results.png');
    expect(shareFileName('x'.repeat(80))).toBe(`${'x'.repeat(60)}.png`);
  });
});
