import { describe, expect, it } from 'vitest';
import { buildCreateQuestionInput, parseOptionalInt, type QuestionFormState } from './question-form';

const base: QuestionFormState = {
  topicId: 't1',
  date: '2026-11-22',
  text: '  Milk first?  ',
  type: 'multiple_choice',
  options: ['Yes', '  ', 'No'],
  unit: 'cups',
  min: '',
  max: '',
};

describe('parseOptionalInt', () => {
  it('parses integers and turns empty or junk into undefined', () => {
    expect(parseOptionalInt('12')).toBe(12);
    expect(parseOptionalInt(' -3 ')).toBe(-3);
    expect(parseOptionalInt('4.7')).toBe(4);
    expect(parseOptionalInt('')).toBeUndefined();
    expect(parseOptionalInt('abc')).toBeUndefined();
  });
});

describe('buildCreateQuestionInput', () => {
  it('keeps only non-blank options, numbers them opt-N and sends no unit for multiple choice', () => {
    const result = buildCreateQuestionInput(base);
    expect(result).toEqual({
      ok: true,
      value: {
        topicId: 't1',
        date: '2026-11-22',
        text: '  Milk first?  ',
        type: 'multiple_choice',
        options: [
          { id: 'opt-1', text: 'Yes', isCorrect: false },
          { id: 'opt-2', text: 'No', isCorrect: false },
        ],
        numericUnit: null,
      },
    });
  });

  it('refuses a multiple-choice question with fewer than two filled options, with the contract message', () => {
    expect(buildCreateQuestionInput({ ...base, options: ['Yes', ''] })).toEqual({
      ok: false,
      reason: 'A multiple choice question needs at least 2 options',
    });
  });

  it('sends numeric questions with no options and integer bounds', () => {
    const result = buildCreateQuestionInput({ ...base, type: 'numeric', min: '0', max: '24' });
    expect(result).toEqual({
      ok: true,
      value: {
        topicId: 't1',
        date: '2026-11-22',
        text: '  Milk first?  ',
        type: 'numeric',
        options: [],
        numericUnit: 'cups',
        minValue: 0,
        maxValue: 24,
      },
    });
  });

  it('leaves empty bounds undefined and refuses min above max', () => {
    const open = buildCreateQuestionInput({ ...base, type: 'numeric', unit: ' ' });
    expect(
      open.ok &&
        open.value.minValue === undefined &&
        open.value.maxValue === undefined &&
        open.value.numericUnit === null,
    ).toBe(true);
    expect(buildCreateQuestionInput({ ...base, type: 'numeric', min: '10', max: '5' })).toEqual({
      ok: false,
      reason: 'Minimum must not be above maximum',
    });
  });

  it('needs a topic, a date and text', () => {
    expect(buildCreateQuestionInput({ ...base, topicId: '' })).toEqual({
      ok: false,
      reason: 'Choose a topic',
    });
    expect(buildCreateQuestionInput({ ...base, date: '' })).toEqual({
      ok: false,
      reason: 'Date must be YYYY-MM-DD',
    });
    expect(buildCreateQuestionInput({ ...base, text: '   ' })).toEqual({ ok: false, reason: null });
  });
});
