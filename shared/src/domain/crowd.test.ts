import { describe, expect, it } from 'vitest';
import {
  averageDirections,
  crowdSensePercent,
  crowdSenseWindowStart,
  dayFinished,
  dayRecapFigures,
  isGuessRight,
  mostPicked,
  shareOf,
  sharePercent,
  type RevealedAnswer,
} from './crowd';

describe('mostPicked and the guess verdict', () => {
  it('names the single most-picked option', () => {
    expect(mostPicked({ 'opt-1': 3, 'opt-2': 7, 'opt-3': 1 })).toEqual(['opt-2']);
    expect(isGuessRight('opt-2', ['opt-2'])).toBe(true);
    expect(isGuessRight('opt-1', ['opt-2'])).toBe(false);
  });

  it('counts a tie as right for every tied option, in option order', () => {
    const top = mostPicked({ 'opt-1': 4, 'opt-2': 1, 'opt-3': 4 });
    expect(top).toEqual(['opt-1', 'opt-3']);
    expect(isGuessRight('opt-1', top)).toBe(true);
    expect(isGuessRight('opt-3', top)).toBe(true);
    expect(isGuessRight('opt-2', top)).toBe(false);
  });

  it('a single answer makes its option the most picked; no answers, none', () => {
    expect(mostPicked({ 'opt-1': 0, 'opt-2': 1 })).toEqual(['opt-2']);
    expect(mostPicked({ 'opt-1': 0, 'opt-2': 0 })).toEqual([]);
    expect(mostPicked({})).toEqual([]);
  });
});

describe('shares', () => {
  it('is the fraction of the community and rounds like the results card', () => {
    expect(shareOf({ 'opt-1': 1, 'opt-2': 2 }, 'opt-1')).toBeCloseTo(1 / 3);
    expect(sharePercent(shareOf({ 'opt-1': 1, 'opt-2': 2 }, 'opt-1'))).toBe(33);
    expect(sharePercent(shareOf({ 'opt-1': 1, 'opt-2': 1 }, 'opt-1'))).toBe(50);
    expect(sharePercent(shareOf({ 'opt-1': 1, 'opt-2': 7 }, 'opt-1'))).toBe(13); // 12.5 rounds up, as Math.round
    expect(shareOf({ 'opt-1': 0 }, 'opt-1')).toBe(0);
  });
});

describe('crowd sense', () => {
  it('is a rounded percentage of judged guesses, null before any', () => {
    expect(crowdSensePercent({ right: 2, made: 3 })).toBe(67);
    expect(crowdSensePercent({ right: 0, made: 0 })).toBeNull();
  });

  it('window: 30 game days with today, across a month end', () => {
    expect(crowdSenseWindowStart('2026-03-01')).toBe('2026-01-31');
    expect(crowdSenseWindowStart('2026-11-30')).toBe('2026-11-01');
  });
});

describe('dayRecapFigures', () => {
  const a = (
    questionId: string,
    selected: string,
    top: string[],
    ownShare: number,
    guess: string | null,
  ): RevealedAnswer => ({
    questionId,
    selectedOptionId: selected,
    mostPicked: top,
    ownShare,
    guessOptionId: guess,
  });

  it('counts majority sides, judged guesses and the rarest answer', () => {
    const figures = dayRecapFigures([
      a('q1', 'opt-1', ['opt-1'], 0.6, 'opt-1'),
      a('q2', 'opt-2', ['opt-1', 'opt-2'], 0.4, 'opt-1'), // tie: sided with the majority, guess right
      a('q3', 'opt-3', ['opt-1'], 0.1, null),
      a('q4', 'opt-2', ['opt-1'], 0.1, 'opt-3'), // same share as q3: q3 stays the rarest
    ]);
    expect(figures).toEqual({
      sidedWithMajority: { count: 2, of: 4 },
      guesses: { right: 2, made: 3 },
      rarest: { questionId: 'q3', optionId: 'opt-3', share: 0.1 },
    });
  });

  it('counts a numeric answer for its guess only: no side, never the rarest', () => {
    const numeric = (questionId: string, directions: string[], guess: string | null): RevealedAnswer => ({
      questionId,
      selectedOptionId: null,
      mostPicked: directions,
      ownShare: null,
      guessOptionId: guess,
    });
    expect(
      dayRecapFigures([
        a('q1', 'opt-2', ['opt-1'], 0.3, null),
        numeric('n1', ['higher'], 'higher'),
        numeric('n2', ['lower'], 'higher'),
        numeric('n3', ['higher', 'lower'], null),
      ]),
    ).toEqual({
      sidedWithMajority: { count: 0, of: 1 },
      guesses: { right: 1, made: 2 },
      rarest: { questionId: 'q1', optionId: 'opt-2', share: 0.3 },
    });
  });

  it('is empty for a day without multiple-choice answers', () => {
    expect(dayRecapFigures([])).toEqual({
      sidedWithMajority: { count: 0, of: 0 },
      guesses: { right: 0, made: 0 },
      rarest: null,
    });
  });
});

describe('averageDirections (numeric guesses)', () => {
  it('says which side of the answer the average falls on', () => {
    expect(averageDirections(40, 60)).toEqual(['higher']);
    expect(averageDirections(40, 12.5)).toEqual(['lower']);
    expect(averageDirections(-3, -2)).toEqual(['higher']);
  });

  it('judges the average as shown (one decimal): equal to the answer is right either way', () => {
    expect(averageDirections(30, 30)).toEqual(['higher', 'lower']);
    expect(averageDirections(30, 30.04)).toEqual(['higher', 'lower']);
    expect(averageDirections(30, 29.96)).toEqual(['higher', 'lower']);
    expect(averageDirections(30, 30.05)).toEqual(['higher']);
    expect(averageDirections(2.55, 2.5)).toEqual(['lower']);
  });
});

describe('dayFinished', () => {
  const byTopic = new Map<string, string[]>([
    ['t1', ['a', 'b']],
    ['t2', ['c']],
    ['t3', ['d']],
    ['t4', ['e']],
    ['t5', []],
  ]);
  const run = (selected: string[], answered: string[], questionsByTopic = byTopic) =>
    dayFinished({
      selectedTopicIds: selected,
      questionsByTopic,
      answeredQuestionIds: new Set(answered),
      maxTopics: 3,
    });

  it('needs three topics selected and every question of each answered', () => {
    expect(run(['t1', 't2', 't3'], ['a', 'b', 'c', 'd'])).toBe(true);
    expect(run(['t1', 't2', 't3'], ['a', 'c', 'd'])).toBe(false);
    expect(run(['t1', 't2'], ['a', 'b', 'c'])).toBe(false);
    expect(run([], [])).toBe(false);
  });

  it('asks for fewer topics when fewer with questions are offered', () => {
    const two = new Map<string, string[]>([
      ['t1', ['a']],
      ['t2', ['b']],
      ['t3', []],
    ]);
    expect(run(['t1', 't2'], ['a', 'b'], two)).toBe(true);
    expect(run(['t1'], ['a'], two)).toBe(false);
    expect(run([], [], new Map())).toBe(false);
  });
});
