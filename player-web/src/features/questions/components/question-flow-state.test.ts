import { describe, expect, it } from 'vitest';
import type { DailyQuestion } from '@daily-tea/shared/contracts/daily';
import {
  flowReducer,
  initialFlowState,
  isBusy,
  nextUnanswered,
  type FlowEvent,
  type FlowState,
  type OpenGuess,
} from './question-flow-state';

function question(id: string, answered: boolean, type: DailyQuestion['type'] = 'multiple_choice') {
  return {
    id,
    text: `Question ${id}`,
    type,
    options: type === 'numeric' ? [] : ['Yes', 'No'],
    numericUnit: null,
    minValue: null,
    maxValue: null,
    imageUrl: null,
    userAnswer: answered ? { selectedOptionId: 'opt-1', numericValue: null } : null,
  } satisfies DailyQuestion;
}

const run = (state: FlowState, ...events: FlowEvent[]) => events.reduce(flowReducer, state);
const guessOn: OpenGuess = { questionId: 'q1', kind: 'choice', answeredOptionId: 'opt-2' };

describe('the question flow reducer', () => {
  const fresh = initialFlowState([question('q1', false), question('q2', false)], null);

  it('opens at the first unanswered question, idle', () => {
    const state = initialFlowState(
      [question('q1', true), question('q2', false), question('q3', false)],
      null,
    );
    expect(state).toMatchObject({ index: 1, phase: 'idle', chosen: null, guess: null });
    expect(isBusy(state)).toBe(false);
    expect(nextUnanswered([question('a', true), question('b', true)], 0)).toBeNull();
    expect(nextUnanswered([question('a', false), question('b', false)], 1)).toBe(1);
  });

  it('with guessing off, goes choose → submitting → loading-next → the next question with nothing between', () => {
    const chosen = flowReducer(fresh, { type: 'choose', optionId: 'opt-2' });
    expect(chosen).toMatchObject({ phase: 'chosen', chosen: 'opt-2' });
    expect(isBusy(chosen)).toBe(true);
    const submitting = flowReducer(chosen, { type: 'submit' });
    expect(submitting.phase).toBe('submitting');
    const loading = flowReducer(submitting, { type: 'answered', guess: null });
    expect(loading).toMatchObject({ phase: 'loading-next', chosen: 'opt-2' });
    const next = flowReducer(loading, { type: 'next-known', index: 1 });
    expect(next).toEqual({ ...fresh, index: 1 });
  });

  it('finishes when no question is left', () => {
    const done = run(
      fresh,
      { type: 'choose', optionId: 'opt-1' },
      { type: 'submit' },
      { type: 'answered', guess: null },
      { type: 'next-known', index: null },
    );
    expect(done.phase).toBe('finished');
  });

  it('ignores a second tap while an answer is on its way', () => {
    const chosen = flowReducer(fresh, { type: 'choose', optionId: 'opt-1' });
    expect(flowReducer(chosen, { type: 'choose', optionId: 'opt-2' })).toBe(chosen);
    const submitting = flowReducer(chosen, { type: 'submit' });
    expect(flowReducer(submitting, { type: 'submit' })).toBe(submitting);
    expect(flowReducer(submitting, { type: 'edit-numeric', value: '3' })).toBe(submitting);
  });

  it('a failed submission returns to the question with nothing chosen', () => {
    const failed = run(fresh, { type: 'choose', optionId: 'opt-1' }, { type: 'submit' }, { type: 'failed' });
    expect(failed).toMatchObject({ phase: 'idle', chosen: null, index: 0 });
  });

  it('"already answered" moves on like a success', () => {
    const moved = run(
      fresh,
      { type: 'submit' },
      { type: 'already-answered' },
      { type: 'next-known', index: 1 },
    );
    expect(moved).toMatchObject({ phase: 'idle', index: 1 });
  });

  it('numeric input: edits clear the validation message; a successful answer clears the input', () => {
    const invalid = run(
      fresh,
      { type: 'edit-numeric', value: '999' },
      { type: 'invalid', title: 'Too high', message: 'Maximum: 10' },
    );
    expect(invalid.invalid).toEqual({ title: 'Too high', message: 'Maximum: 10' });
    const edited = flowReducer(invalid, { type: 'edit-numeric', value: '9' });
    expect(edited).toMatchObject({ numeric: '9', invalid: null });
    const next = run(
      edited,
      { type: 'submit' },
      { type: 'answered', guess: null },
      { type: 'next-known', index: 1 },
    );
    expect(next).toMatchObject({ numeric: '', index: 1 });
  });

  describe('with guess the crowd on', () => {
    const guessing = run(
      fresh,
      { type: 'choose', optionId: 'opt-2' },
      { type: 'submit' },
      {
        type: 'answered',
        guess: guessOn,
      },
    );

    it('opens the guess step after the answer', () => {
      expect(guessing).toMatchObject({ phase: 'guessing', guess: guessOn, next: undefined });
    });

    it('a slow guess: the next index arrives first and the flow moves on at the tap', () => {
      const known = flowReducer(guessing, { type: 'next-known', index: 1 });
      expect(known).toMatchObject({ phase: 'guessing', next: 1 });
      expect(flowReducer(known, { type: 'guess-decided' })).toMatchObject({
        phase: 'idle',
        index: 1,
        guess: null,
      });
    });

    it('a quick guess: "Loading next question..." until the next index is known', () => {
      const waiting = flowReducer(guessing, { type: 'guess-decided' });
      expect(waiting).toMatchObject({ phase: 'loading-next', guess: null });
      expect(flowReducer(waiting, { type: 'next-known', index: null }).phase).toBe('finished');
    });

    it('a second decision is ignored', () => {
      const waiting = flowReducer(guessing, { type: 'guess-decided' });
      expect(flowReducer(waiting, { type: 'guess-decided' })).toBe(waiting);
    });
  });

  it('a reload during the guess step reopens it (never a skip)', () => {
    const resumed = initialFlowState([question('q1', true), question('q2', false)], guessOn);
    expect(resumed).toMatchObject({ index: 0, phase: 'guessing', guess: guessOn });
    // An unknown or unanswered question is not resumed.
    expect(initialFlowState([question('q1', false)], guessOn).phase).toBe('idle');
    expect(initialFlowState([question('q9', true), question('q2', false)], guessOn)).toMatchObject({
      phase: 'idle',
      index: 1,
    });
  });
});
