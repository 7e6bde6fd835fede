import { describe, expect, it } from 'vitest';
import {
  MAX_TOPICS_PER_DAY,
  allDoneForToday,
  nextStep,
  canUnselectTopic,
  decideSelection,
  pickCostText,
  topicCardView,
} from './selection';

describe('decideSelection', () => {
  it('selects while fewer than 3 are selected', () => {
    expect(decideSelection({ selectedTopicIds: [], topicId: 'a', answeredTopicIds: [] })).toEqual({
      kind: 'select',
      next: ['a'],
    });
    expect(
      decideSelection({ selectedTopicIds: ['a', 'b'], topicId: 'c', answeredTopicIds: new Set() }),
    ).toEqual({
      kind: 'select',
      next: ['a', 'b', 'c'],
    });
  });

  it('refuses a fourth topic with 409', () => {
    expect(
      decideSelection({ selectedTopicIds: ['a', 'b', 'c'], topicId: 'd', answeredTopicIds: [] }),
    ).toEqual({
      kind: 'refused',
      status: 409,
      message: 'You can select at most 3 topics per day',
    });
  });

  it('unselects a selected topic without answers, even at the maximum', () => {
    expect(
      decideSelection({ selectedTopicIds: ['a', 'b', 'c'], topicId: 'b', answeredTopicIds: ['a'] }),
    ).toEqual({
      kind: 'unselect',
      next: ['a', 'c'],
    });
  });

  it('refuses to unselect an answered topic', () => {
    expect(
      decideSelection({ selectedTopicIds: ['a', 'b'], topicId: 'a', answeredTopicIds: new Set(['a']) }),
    ).toEqual({
      kind: 'refused',
      status: 409,
      message: 'You cannot unselect a topic you have already answered',
    });
  });

  it('does not mutate its input', () => {
    const selected = ['a'];
    decideSelection({ selectedTopicIds: selected, topicId: 'b', answeredTopicIds: [] });
    expect(selected).toEqual(['a']);
    expect(MAX_TOPICS_PER_DAY).toBe(3);
  });
});

describe('topicCardView', () => {
  const base = {
    isSelected: false,
    isLocked: false,
    showResults: false,
    canAnswer: false,
    answered: 0,
    total: 4,
  };

  it('locked: no button, max-topics text', () => {
    expect(topicCardView({ ...base, isLocked: true })).toEqual({
      state: 'locked',
      buttonLabel: null,
      lockedText: 'Max topics selected (3/3)',
      progressPct: 0,
    });
  });

  it('unselected: Start Questions', () => {
    expect(topicCardView(base)).toEqual({
      state: 'unselected',
      buttonLabel: 'Start Questions',
      lockedText: null,
      progressPct: 0,
    });
  });

  it('selected and answerable: Answer Questions with progress', () => {
    expect(topicCardView({ ...base, isSelected: true, canAnswer: true, answered: 1, total: 3 })).toEqual({
      state: 'active',
      buttonLabel: 'Answer Questions',
      lockedText: null,
      progressPct: 33,
    });
  });

  it('selected with results: completed, View Results', () => {
    expect(topicCardView({ ...base, isSelected: true, showResults: true, answered: 4, total: 4 })).toEqual({
      state: 'completed',
      buttonLabel: 'View Results',
      lockedText: null,
      progressPct: 100,
    });
  });

  it('selected with nothing to answer and no results yet: Start Questions', () => {
    expect(topicCardView({ ...base, isSelected: true, total: 0 }).buttonLabel).toBe('Start Questions');
    expect(topicCardView({ ...base, isSelected: true, total: 0 }).progressPct).toBe(0);
  });

  it('a selected topic is never shown locked', () => {
    expect(topicCardView({ ...base, isSelected: true, isLocked: true, canAnswer: true }).state).toBe(
      'active',
    );
  });
});

describe('allDoneForToday', () => {
  const t = (isSelected: boolean, showResults: boolean) => ({ isSelected, showResults });

  it('needs 3 selected topics, all showing results', () => {
    expect(allDoneForToday([t(true, true), t(true, true), t(true, true), t(false, false)])).toBe(true);
    expect(allDoneForToday([t(true, true), t(true, true), t(true, false)])).toBe(false);
    expect(allDoneForToday([t(true, true), t(true, true), t(false, false)])).toBe(false);
    expect(allDoneForToday([])).toBe(false);
  });
});

describe('canUnselectTopic', () => {
  it('offers the cross only for a selected topic without answers', () => {
    expect(canUnselectTopic({ isSelected: true, answered: 0 })).toBe(true);
    expect(canUnselectTopic({ isSelected: true, answered: 1 })).toBe(false);
    expect(canUnselectTopic({ isSelected: false, answered: 0 })).toBe(false);
  });
});

describe('pickCostText', () => {
  it('says how many picks remain after starting', () => {
    expect(pickCostText(0)).toBe('Uses 1 of your 3 daily picks · 2 left after');
    expect(pickCostText(1)).toBe('Uses 1 of your 3 daily picks · 1 left after');
    expect(pickCostText(2)).toBe('Uses 1 of your 3 daily picks · your last pick');
  });
});

describe('nextStep', () => {
  const topic = (id: string, isSelected: boolean, showResults: boolean, questions = 2) => ({
    id,
    title: `Topic ${id}`,
    isSelected,
    showResults,
    questions: Array.from({ length: questions }, () => ({})),
  });

  it('leads to the next picked topic that is not finished, after the current one first', () => {
    const topics = [
      topic('a', true, false),
      topic('b', true, true),
      topic('c', true, false),
      topic('d', false, false),
    ];
    expect(nextStep(topics, 'b')).toEqual({ kind: 'next', topicId: 'c', title: 'Topic c' });
    expect(nextStep(topics, 'c')).toEqual({ kind: 'next', topicId: 'a', title: 'Topic a' });
  });

  it('asks for another pick while picks are left', () => {
    expect(nextStep([topic('a', true, true), topic('b', false, false)], 'a')).toEqual({ kind: 'pick' });
  });

  it('is done with three finished picks, or when no topic with questions is left to pick', () => {
    const three = [
      topic('a', true, true),
      topic('b', true, true),
      topic('c', true, true),
      topic('d', false, false),
    ];
    expect(nextStep(three, 'c')).toEqual({ kind: 'done' });
    expect(nextStep([topic('a', true, true), topic('b', false, false, 0)], 'a')).toEqual({ kind: 'done' });
  });
});
