// @databases: embedded — pure serialization (no database): running it on libSQL and D1 as well would test nothing more.
import {
  DailyQuestionSchema,
  DailyTopicSchema,
  DailyTopicsResponseSchema,
  type DailyQuestion,
  type DailyTopic,
  type DailyTopicsResponse,
} from '@daily-tea/shared/contracts/daily';
import { describe, expect, it } from 'vitest';
import { dailyTopicsJson } from './daily-topics-json';
import { extend, sharedJson, sharedPrefix, toJson } from './json';

const question = (id: string, text: string): DailyQuestion =>
  sharedJson({
    id,
    text,
    type: 'multiple_choice',
    options: [{ id: 'a', text: 'Yes “really”' }, 'No'],
    numericUnit: null,
    minValue: null,
    maxValue: null,
    imageUrl: null,
    userAnswer: null,
  });

const card = (id: string, questions: DailyQuestion[]): DailyTopic =>
  sharedJson({
    id,
    title: `Topic ${id} — ünïcode`,
    description: null,
    category: 'Life',
    isSelected: false,
    isLocked: false,
    showResults: false,
    canAnswer: false,
    questions,
  });

const cards = [
  card('t1', [question('q1', 'One?'), question('q2', 'Two?')]),
  card('t2', [question('q3', 'Three?')]),
];

/** What the daily-topics service builds: copies of the stored cards with the player's state set. */
function body(answered: Record<string, string>): DailyTopicsResponse {
  return {
    date: '2026-11-25',
    topics: cards.map((c) => {
      const questions = c.questions.map((q) => ({
        ...q,
        userAnswer: answered[q.id] ? { selectedOptionId: answered[q.id]!, numericValue: null } : null,
      }));
      return {
        ...c,
        isSelected: c.id === 't1',
        isLocked: false,
        showResults: false,
        canAnswer: c.id === 't1',
        questions,
      };
    }),
    userSelection: { selectedCount: 1, hasMaxSelections: false, selectedTopicIds: ['t1'] },
  };
}

describe('response JSON with stored parts', () => {
  it('writes exactly what JSON.stringify writes, for a shared part, copies of it and extensions', () => {
    for (const answered of [{}, { q1: 'a' }, { q1: 'a', q2: 'No', q3: 'a' }] as Record<string, string>[]) {
      const value = body(answered);
      expect(toJson(value)).toBe(JSON.stringify(value));
      expect(dailyTopicsJson(value)).toBe(JSON.stringify(value));
    }
    expect(toJson(cards[0])).toBe(JSON.stringify(cards[0]));
    const extended = extend(question('q9', 'Nine?'), { extra: [1, undefined, 'x'] });
    expect(JSON.parse(toJson(extended))).toEqual({
      ...JSON.parse(JSON.stringify(question('q9', 'Nine?'))),
      extra: [1, null, 'x'],
    });
  });

  it('writes a copy that changed a stored member from the copy, not from the stored JSON', () => {
    const value = body({ q1: 'a' });
    const changed = {
      ...value,
      topics: value.topics.map((t) => ({
        ...t,
        title: 'Renamed',
        questions: t.questions.map((q) => ({ ...q, text: `${q.text} (edited)` })),
      })),
    };
    expect(toJson(changed)).toBe(JSON.stringify(changed));
    expect(dailyTopicsJson(changed)).toBe(JSON.stringify(changed));
    expect(JSON.parse(dailyTopicsJson(changed)).topics[0].questions[0].text).toBe('One? (edited)');
  });

  it('splices only the stored members asked for, and only when they lead the part', () => {
    const copy = { ...cards[0]!, isSelected: true };
    expect(sharedPrefix(copy, ['id', 'title'])).toBe(
      JSON.stringify({ id: 't1', title: cards[0]!.title }).slice(0, -1),
    );
    expect(sharedPrefix(copy, ['title'])).toBeUndefined();
    expect(sharedPrefix({ ...copy, id: 'other' }, ['id', 'title'])).toBeUndefined();
    expect(sharedPrefix({ id: 't1', title: cards[0]!.title }, ['id', 'title'])).toBeUndefined();
  });

  it('writes a body not built on stored cards natively', () => {
    const plain = JSON.parse(JSON.stringify(body({ q3: 'a' }))) as DailyTopicsResponse;
    expect(dailyTopicsJson(plain)).toBe(JSON.stringify(plain));
  });

  it('knows every member of the daily-topics contract (a new member needs its place in dailyTopicsJson)', () => {
    expect(Object.keys(DailyTopicsResponseSchema.shape)).toEqual(['date', 'topics', 'userSelection']);
    expect(Object.keys(DailyTopicSchema.shape)).toEqual([
      'id',
      'title',
      'description',
      'category',
      'isSelected',
      'isLocked',
      'showResults',
      'canAnswer',
      'questions',
    ]);
    expect(Object.keys(DailyQuestionSchema.shape).at(-1)).toBe('userAnswer');
  });
});
