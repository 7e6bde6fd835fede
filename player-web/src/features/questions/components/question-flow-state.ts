import type { DailyQuestion } from '@daily-tea/shared/contracts/daily';
import type { OpenGuess } from '../../../lib/pending-guess';

/**
 * The question flow (product.md#screens) as one reducer: which question shows, and which step of it. Pure, so every
 * transition is unit-tested (question-flow-state.test.ts); question-flow.tsx only runs the effects (the
 * ~300 ms auto-submit, the requests, the ~500 ms step to the next question) and dispatches their outcomes.
 *
 *   idle ──choose──▶ chosen ──submit──▶ submitting ──answered──▶ loading-next ──next-known──▶ idle | finished
 *   idle ──submit (numeric)─────────────▲          └─answered + guess─▶ guessing ──guess-decided─┘
 *
 * With guess the crowd on, `answered` opens the guess step while the 500 ms step runs in the background; the
 * next question shows once both the player has decided (guess or skip) and the next index is known.
 */
export type FlowPhase = 'idle' | 'chosen' | 'submitting' | 'guessing' | 'loading-next' | 'finished';

/** The guess step of one answered question (multiple choice: an option; numeric: the average vs the answer). */
export type { OpenGuess };

export type FlowState = {
  index: number;
  phase: FlowPhase;
  /** The option tapped, highlighted while its ~300 ms auto-submit and the request run. */
  chosen: string | null;
  /** The numeric input's text. */
  numeric: string;
  /** Validation feedback beside the numeric input. */
  invalid: { title: string; message: string } | null;
  guess: OpenGuess | null;
  /** The next question's index once the step after an answer knows it (null: none left); undefined: not yet. */
  next: number | null | undefined;
};

export type FlowEvent =
  | { type: 'choose'; optionId: string }
  | { type: 'edit-numeric'; value: string }
  | { type: 'invalid'; title: string; message: string }
  | { type: 'submit' }
  | { type: 'answered'; guess: OpenGuess | null }
  | { type: 'already-answered' }
  | { type: 'failed' }
  | { type: 'guess-decided' }
  | { type: 'next-known'; index: number | null };

/** First unanswered question at or after `from`, else null. */
export function nextUnanswered(questions: readonly DailyQuestion[], from: number): number | null {
  for (let i = Math.max(0, from); i < questions.length; i++) if (questions[i]!.userAnswer === null) return i;
  return null;
}

/**
 * The state a topic opens in: the first unanswered question — or, when `resume` names an answered question of
 * the topic whose guess step was open when the page was left (a reload), that guess step again.
 */
export function initialFlowState(questions: readonly DailyQuestion[], resume: OpenGuess | null): FlowState {
  const base: FlowState = {
    index: nextUnanswered(questions, 0) ?? 0,
    phase: 'idle',
    chosen: null,
    numeric: '',
    invalid: null,
    guess: null,
    next: undefined,
  };
  if (resume) {
    const at = questions.findIndex((q) => q.id === resume.questionId);
    if (at >= 0 && questions[at]!.userAnswer !== null)
      return { ...base, index: at, phase: 'guessing', guess: resume };
  }
  return base;
}

function advance(state: FlowState, next: number | null): FlowState {
  if (next === null) return { ...state, phase: 'finished', guess: null, next: null };
  return {
    ...state,
    index: next,
    phase: 'idle',
    chosen: null,
    numeric: '',
    invalid: null,
    guess: null,
    next: undefined,
  };
}

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'choose':
      return state.phase === 'idle' ? { ...state, phase: 'chosen', chosen: event.optionId } : state;
    case 'edit-numeric':
      return state.phase === 'idle' ? { ...state, numeric: event.value, invalid: null } : state;
    case 'invalid':
      return state.phase === 'idle'
        ? { ...state, invalid: { title: event.title, message: event.message } }
        : state;
    case 'submit':
      return state.phase === 'idle' || state.phase === 'chosen'
        ? { ...state, phase: 'submitting', invalid: null }
        : state;
    case 'answered':
      if (state.phase !== 'submitting') return state;
      return event.guess
        ? { ...state, phase: 'guessing', guess: event.guess, next: undefined }
        : { ...state, phase: 'loading-next', next: undefined };
    case 'already-answered':
      return state.phase === 'submitting' ? { ...state, phase: 'loading-next', next: undefined } : state;
    case 'failed':
      return state.phase === 'submitting' ? { ...state, phase: 'idle', chosen: null } : state;
    case 'guess-decided':
      if (state.phase !== 'guessing') return state;
      return state.next === undefined
        ? { ...state, phase: 'loading-next', guess: null }
        : advance(state, state.next);
    case 'next-known':
      if (state.phase === 'guessing') return { ...state, next: event.index };
      if (state.phase === 'loading-next') return advance(state, event.index);
      return state;
  }
}

/** Inputs are disabled in every phase but idle (product.md#screens "inputs disabled" while submitting). */
export const isBusy = (state: FlowState) => state.phase !== 'idle';
