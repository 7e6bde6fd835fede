import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GuessInput } from '@daily-tea/shared/contracts/crowd';
import type { DailyTopic, SubmitAnswerInput } from '@daily-tea/shared/contracts/daily';
import type { GuessDirection } from '@daily-tea/shared/domain/crowd';
import {
  ALREADY_ANSWERED_DELAY_MS,
  AUTO_SUBMIT_DELAY_MS,
  NEXT_QUESTION_DELAY_MS,
} from '@daily-tea/shared/domain/constants';
import { rangeHint, validateNumericInput } from '@daily-tea/shared/domain/numeric';
import { optionId, optionText } from '@daily-tea/shared/domain/results';
import { badgeEarnedSentence } from '@daily-tea/shared/domain/badges';
import { toast } from '@daily-tea/shared/ui/toaster';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useUser } from '../../../lib/auth';
import { clearPendingGuess, pendingGuessFor, savePendingGuess } from '../../../lib/pending-guess';
import { moveFocusWithArrows } from '../../../lib/roving-focus';
import { useDaySource } from '../../../lib/day-source';
import { isAlreadyAnswered, useSubmitAnswer } from '../api/submit-answer';
import { useSubmitGuess } from '../api/submit-guess';
import { GuessStep, NumericGuessStep } from './guess-step';
import { flowReducer, initialFlowState, nextUnanswered, type OpenGuess } from './question-flow-state';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Props = {
  topic: DailyTopic;
  /** Guess the crowd (the player's preference): a guess step after each answer the server offers one on. */
  guessing: boolean;
  onBack: () => void;
  onFinished: () => void;
};

/**
 * product.md#screens question screen: one question at a time, auto-submitting choices, validated numbers. The state is
 * one reducer (question-flow-state.ts); this component runs its effects and renders it.
 */
export function QuestionFlow({ topic, guessing, onBack, onFinished }: Props) {
  const queryClient = useQueryClient();
  const day = useDaySource();
  const { data: user } = useUser();
  const userId = user?.id ?? '';
  const [state, dispatch] = useReducer(flowReducer, null, () =>
    initialFlowState(topic.questions, pendingGuessFor(userId, topic.id)),
  );
  const { index, phase, chosen, numeric, invalid } = state;
  const mounted = useRef(true);
  const inputId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const numericRef = useRef<HTMLInputElement>(null);
  // The card the player clicked unmounts on entry, and each question replaces the last: start keyboard and
  // screen-reader users at the new question text instead of the top of the document. A guess step reopened by a
  // reload takes the focus itself (its question).
  const guessFirst = useRef(state.phase === 'guessing');
  useFocusOnMount(headingRef, index, () => {
    const skip = guessFirst.current;
    guessFirst.current = false;
    return !skip;
  });
  const answer = useSubmitAnswer();
  const guess = useSubmitGuess();
  /** The guess just sent: the results (which close guessing) are opened only once it has landed. */
  const pendingGuess = useRef<Promise<void> | undefined>(undefined);
  const autoSubmit = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      mounted.current = false;
      if (autoSubmit.current) clearTimeout(autoSubmit.current);
    },
    [],
  );

  const question = topic.questions[index];
  const total = topic.questions.length;

  /** product.md#screens's step after an answer: after `delayMs`, refetch the topics and find the next unanswered question. */
  async function findNext(afterIndex: number, delayMs: number) {
    await sleep(delayMs);
    const { queryKey, queryFn } = day.query();
    const fresh = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 }).catch(() => null);
    const questions = fresh?.topics.find((t) => t.id === topic.id)?.questions ?? topic.questions;
    if (mounted.current) dispatch({ type: 'next-known', index: nextUnanswered(questions, afterIndex + 1) });
  }

  // A guess step reopened by a reload: its next step starts at once.
  const resumed = useRef(state.phase === 'guessing');
  useEffect(() => {
    if (resumed.current) void findNext(state.index, 0);
  }, []);

  // The last question is done: leave for the results once a guess just sent has landed.
  useEffect(() => {
    if (phase !== 'finished') return;
    void (pendingGuess.current ?? Promise.resolve()).then(() => {
      if (mounted.current) onFinished();
    });
  }, [phase, onFinished]);

  // The numeric input takes the focus as its question shows (the keyboard opens on a phone).
  useEffect(() => {
    if (phase === 'idle' && question?.type === 'numeric') numericRef.current?.focus({ preventScroll: true });
  }, [phase, question]);

  /** The player's guess — an option, or on a numeric question a direction — or null for Skip. */
  function decideGuess(guessed: string | null) {
    const open = state.guess;
    if (phase !== 'guessing' || !open) return;
    const input: GuessInput | null =
      guessed === null
        ? null
        : open.kind === 'numeric'
          ? { questionId: open.questionId, direction: guessed as GuessDirection }
          : { questionId: open.questionId, optionId: guessed };
    const settled =
      input === null
        ? Promise.resolve()
        : guess.mutateAsync(input).then(
            () => undefined,
            () => undefined, // toasted by the MutationCache; the flow goes on
          );
    // The entry goes once the guess has landed: a reload before that still finds the guess step.
    pendingGuess.current = settled.then(() => clearPendingGuess(open.questionId));
    dispatch({ type: 'guess-decided' });
  }

  async function submit(input: SubmitAnswerInput) {
    dispatch({ type: 'submit' });
    try {
      const result = await answer.mutateAsync(input);
      for (const badge of result.newBadges) {
        toast({ title: 'New badge!', description: badgeEarnedSentence(badge.type), variant: 'success' });
      }
      // The server says whether a guess would be taken (guessing on, no result of the link group seen yet).
      const open: OpenGuess | null = !(guessing && result.offerGuess)
        ? null
        : 'selectedOptionId' in input
          ? {
              questionId: input.questionId,
              kind: 'choice',
              answeredOptionId: result.answer.selectedOptionId ?? input.selectedOptionId,
            }
          : { questionId: input.questionId, kind: 'numeric', answeredValue: input.numericValue };
      // Kept before the next step can put "results" into today's topics: a reload returns to the guess.
      if (open) savePendingGuess({ ...open, userId, topicId: topic.id });
      if (!mounted.current) return;
      dispatch({ type: 'answered', guess: open });
      await findNext(index, NEXT_QUESTION_DELAY_MS);
    } catch (error) {
      if (error instanceof Error && isAlreadyAnswered(error)) {
        toast({ title: 'Question already answered', description: 'Moving to next question...' });
        dispatch({ type: 'already-answered' });
        await findNext(index, ALREADY_ANSWERED_DELAY_MS);
        return;
      }
      // "Submission failed" is toasted by the MutationCache (meta.errorTitle).
      if (mounted.current) dispatch({ type: 'failed' });
    }
  }

  function choose(id: string) {
    if (phase !== 'idle' || !question) return;
    dispatch({ type: 'choose', optionId: id });
    const questionId = question.id;
    autoSubmit.current = setTimeout(
      () => void submit({ questionId, selectedOptionId: id }),
      AUTO_SUBMIT_DELAY_MS,
    );
  }

  function submitNumeric(event: FormEvent) {
    event.preventDefault();
    if (!question || phase !== 'idle') return;
    const checked = validateNumericInput(numeric, question);
    if (checked.kind === 'empty') return;
    if (checked.kind !== 'ok') {
      // Feedback beside the input only: a toast would repeat it over the heading.
      dispatch({ type: 'invalid', title: checked.title, message: checked.message });
      return;
    }
    void submit({ questionId: question.id, numericValue: checked.value });
  }

  if (!question) return null;
  const busy = phase !== 'idle';
  const hint = question.type === 'numeric' ? rangeHint(question) : null;

  return (
    // Toasts show at the bottom edge (docs/decisions/0249-one-toast-place.md): on a phone the bottom padding lets
    // the last option scroll clear of them.
    <section className="mx-auto max-w-2xl max-sm:pb-24" aria-labelledby="question-text">
      <div className="mb-5 flex items-center gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={phase === 'submitting'}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-50"
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-stone-900">{topic.title}</h1>
          <p className="text-sm text-stone-600" data-testid="question-position">
            Question {index + 1} of {total}
          </p>
        </div>
      </div>
      <div className="mb-4 h-1.5 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div
          className="bg-brand-600 h-full rounded-full transition-all"
          style={{ width: `${((index + (busy ? 1 : 0)) / total) * 100}%` }}
        />
      </div>

      <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7">
        {question.imageUrl && (
          <img
            src={question.imageUrl}
            alt=""
            className="mb-5 max-h-64 w-full rounded-2xl object-cover"
            loading="lazy"
          />
        )}
        <h2
          id="question-text"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl leading-snug font-bold text-stone-900 outline-none sm:text-2xl"
        >
          {question.text}
        </h2>

        {phase === 'guessing' && state.guess?.kind === 'choice' ? (
          <GuessStep
            question={question}
            answeredOptionId={state.guess.answeredOptionId}
            onGuess={(id) => decideGuess(id)}
            onSkip={() => decideGuess(null)}
          />
        ) : phase === 'guessing' && state.guess?.kind === 'numeric' ? (
          <NumericGuessStep
            question={question}
            answeredValue={state.guess.answeredValue}
            onGuess={(direction) => decideGuess(direction)}
            onSkip={() => decideGuess(null)}
          />
        ) : phase === 'loading-next' ? (
          <div className="mt-8 flex items-center justify-center gap-3 py-6 text-stone-600" role="status">
            <span
              className="border-brand-200 border-t-brand-600 size-5 animate-spin rounded-full border-2"
              aria-hidden="true"
            />
            Loading next question...
          </div>
        ) : question.type === 'multiple_choice' ? (
          <div
            className="mt-6 grid gap-3"
            role="group"
            aria-label="Answer options"
            onKeyDown={moveFocusWithArrows}
          >
            {question.options.map((option, i) => {
              const id = optionId(i);
              const selected = chosen === id;
              return (
                <button
                  key={id}
                  type="button"
                  onClick={() => choose(id)}
                  disabled={busy || chosen !== null}
                  aria-pressed={selected}
                  tabIndex={i === 0 ? 0 : -1}
                  className={`focus-visible:outline-brand-600 flex w-full items-center gap-3 rounded-2xl border-2 px-4 py-3.5 text-left text-base font-medium transition focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${
                    selected
                      ? 'border-brand-600 bg-brand-50 text-brand-900'
                      : 'hover:border-brand-300 hover:bg-brand-50/50 border-stone-200 bg-white text-stone-800 disabled:opacity-60'
                  }`}
                >
                  {typeof option !== 'string' && option.icon ? (
                    <span aria-hidden="true">{option.icon}</span>
                  ) : null}
                  <span>{optionText(option)}</span>
                </button>
              );
            })}
          </div>
        ) : (
          <form onSubmit={submitNumeric} className="mt-6 space-y-3" noValidate>
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
              Your answer{question.numericUnit ? ` (${question.numericUnit})` : ''}
            </label>
            <div className="flex gap-3">
              <input
                id={inputId}
                type="number"
                inputMode="decimal"
                value={numeric}
                ref={numericRef}
                onChange={(e) => dispatch({ type: 'edit-numeric', value: e.target.value })}
                aria-invalid={invalid ? true : undefined}
                disabled={busy}
                min={question.minValue ?? undefined}
                max={question.maxValue ?? undefined}
                step="any"
                aria-describedby={
                  [invalid ? `${inputId}-error` : '', hint ? `${inputId}-hint` : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                className="focus:border-brand-600 focus:outline-brand-600 w-full rounded-xl border border-stone-300 px-4 py-3 text-lg text-stone-900 focus:outline-2 disabled:bg-stone-100 aria-[invalid=true]:border-red-600"
              />
              <button
                type="submit"
                disabled={busy}
                className="bg-brand-600 hover:bg-brand-700 shrink-0 rounded-xl px-5 py-3 font-semibold text-white disabled:opacity-60"
              >
                {phase === 'submitting' ? 'Processing your answer...' : 'Submit'}
              </button>
            </div>
            {invalid && (
              <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
                <strong className="font-semibold">{invalid.title}.</strong> {invalid.message}
              </p>
            )}
            {hint && (
              <p id={`${inputId}-hint`} className="text-sm text-stone-600">
                {hint}
              </p>
            )}
          </form>
        )}

        {phase === 'submitting' && question.type === 'multiple_choice' && (
          <p className="text-brand-700 mt-4 text-center text-sm font-medium" role="status">
            Recording your answer...
          </p>
        )}
      </div>
      <p
        className={`mt-4 text-center text-sm text-stone-600 ${busy && phase !== 'guessing' ? 'invisible' : ''}`}
        aria-hidden={(busy && phase !== 'guessing') || undefined}
      >
        {phase === 'guessing'
          ? 'Tap your guess, or Skip, to continue'
          : question.type === 'multiple_choice'
            ? 'Select an answer to continue automatically'
            : 'Enter your answer and tap Submit'}
      </p>
    </section>
  );
}
