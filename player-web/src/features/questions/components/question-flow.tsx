import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  DailyQuestion,
  DailyTopic,
  DailyTopicsResponse,
  SubmitAnswerInput,
} from '@daily-tea/shared/contracts/daily';
import {
  ALREADY_ANSWERED_DELAY_MS,
  AUTO_SUBMIT_DELAY_MS,
  NEXT_QUESTION_DELAY_MS,
} from '@daily-tea/shared/domain/constants';
import { rangeHint, validateNumericInput } from '@daily-tea/shared/domain/numeric';
import { optionId, optionText } from '@daily-tea/shared/domain/results';
import { badgeLabel } from '@daily-tea/shared/domain/badges';
import { dismissToast, toast } from '@daily-tea/shared/ui/toaster';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { api } from '../../../lib/api';
import { moveFocusWithArrows } from '../../../lib/roving-focus';
import { dailyTopicsQuery } from '../../../lib/queries';
import { isAlreadyAnswered, useSubmitAnswer } from '../api/submit-answer';
import { useSubmitGuess } from '../api/submit-guess';
import { GuessStep } from './guess-step';

type Phase = 'idle' | 'submitting' | 'guessing' | 'loading-next';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** First unanswered question at or after `from`, else null. */
export function nextUnanswered(questions: readonly DailyQuestion[], from: number): number | null {
  for (let i = Math.max(0, from); i < questions.length; i++) if (questions[i]!.userAnswer === null) return i;
  return null;
}

type Props = { topic: DailyTopic; onBack: () => void; onFinished: () => void };

/** SPEC §2 question screen: one question at a time, auto-submitting choices, validated numbers. */
export function QuestionFlow({ topic, onBack, onFinished }: Props) {
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(() => nextUnanswered(topic.questions, 0) ?? 0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [chosen, setChosen] = useState<string | null>(null);
  const [numeric, setNumeric] = useState('');
  // Validation feedback sits beside the input (and in the spec's toast, which is dismissed once it is stale).
  const [invalid, setInvalid] = useState<{ title: string; message: string } | null>(null);
  const toastId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const inputId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The card the player clicked unmounts on entry, and each question replaces the last: start keyboard and
  // screen-reader users at the new question text instead of the top of the document.
  useFocusOnMount(headingRef, index);
  const answer = useSubmitAnswer();
  const guess = useSubmitGuess();
  // Resolves when the player guesses or skips (guess the crowd); the flow waits only for that one tap.
  const decided = useRef<(() => void) | null>(null);
  const pendingGuess = useRef<Promise<void> | undefined>(undefined);
  /** Topics refetched by the 500 ms step while the guess step is still open (written to the cache on moving on). */
  const heldTopics = useRef<DailyTopicsResponse | null>(null);
  const [guessFor, setGuessFor] = useState<{ questionId: string; answeredOptionId: string } | null>(null);
  useEffect(
    () => () => {
      mounted.current = false;
      // Left during a guess (Back): the topics refetched meanwhile still reach the cache.
      if (heldTopics.current) queryClient.setQueryData(dailyTopicsQuery().queryKey, heldTopics.current);
    },
    [queryClient],
  );

  const question = topic.questions[index];
  const total = topic.questions.length;

  /** SPEC §2's step after an answer: after `delayMs`, refetch the topics and find the next unanswered question. */
  async function nextAfter(
    afterIndex: number,
    delayMs: number,
    holdWhileGuessing = false,
  ): Promise<number | null> {
    await sleep(delayMs);
    const { queryKey, queryFn } = dailyTopicsQuery();
    const fresh = holdWhileGuessing
      ? // Not into the cache yet while the player is still guessing: on the topic's last question the fresh
        // topics say "results", and the route would leave the guess step before the tap.
        await api.dailyTopics()
      : await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
    const current = fresh.topics.find((t) => t.id === topic.id);
    const next = current ? nextUnanswered(current.questions, afterIndex + 1) : null;
    if (holdWhileGuessing) {
      if (decided.current) heldTopics.current = fresh;
      else queryClient.setQueryData(queryKey, fresh);
    }
    return next;
  }

  function proceed(next: number | null) {
    if (heldTopics.current) {
      queryClient.setQueryData(dailyTopicsQuery().queryKey, heldTopics.current);
      heldTopics.current = null;
    }
    inFlight.current = false;
    setChosen(null);
    setNumeric('');
    setInvalid(null);
    setGuessFor(null);
    setPhase('idle');
    if (next === null) onFinished();
    else setIndex(next);
  }

  async function moveOn(afterIndex: number, delayMs: number, label: Phase) {
    setPhase(label);
    const next = await nextAfter(afterIndex, delayMs);
    if (!mounted.current) return;
    proceed(next);
  }

  /**
   * After a multiple-choice answer: the guess step shows at once while SPEC's 500 ms step (refetch, next
   * question) runs on its own clock in the background; the next question appears as soon as both the player
   * has tapped (guess or Skip) and that step is done — a quick tap waits out the 500 ms with "Loading next
   * question...", a slower one moves on immediately.
   */
  async function guessThenMoveOn(questionId: string, answeredOptionId: string) {
    const next = nextAfter(index, NEXT_QUESTION_DELAY_MS, true);
    next.catch(() => undefined);
    setGuessFor({ questionId, answeredOptionId });
    setPhase('guessing');
    await new Promise<void>((resolve) => (decided.current = resolve));
    decided.current = null;
    if (!mounted.current) return;
    setGuessFor(null);
    setPhase('loading-next');
    const nextIndex = await next;
    // Leaving for the results: the server closes guessing once results are shown, so the guess just sent
    // must land first (one request's wait, only at the end of a topic).
    if (nextIndex === null) await pendingGuess.current;
    if (!mounted.current) return;
    proceed(nextIndex);
  }

  function decideGuess(optionIdGuessed: string | null) {
    if (phase !== 'guessing' || !guessFor) return;
    pendingGuess.current = optionIdGuessed
      ? guess.mutateAsync({ questionId: guessFor.questionId, optionId: optionIdGuessed }).then(
          () => undefined,
          () => undefined, // toasted by the MutationCache; the flow goes on
        )
      : undefined;
    decided.current?.();
  }

  async function submit(input: SubmitAnswerInput) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPhase('submitting');
    try {
      const result = await answer.mutateAsync(input);
      if (toastId.current) dismissToast(toastId.current);
      for (const badge of result.newBadges) {
        toast({
          title: 'New badge!',
          description: `You earned ${badgeLabel(badge.type)}.`,
          variant: 'success',
        });
      }
      if ('selectedOptionId' in input)
        await guessThenMoveOn(input.questionId, result.answer.selectedOptionId ?? input.selectedOptionId);
      else await moveOn(index, NEXT_QUESTION_DELAY_MS, 'loading-next');
    } catch (error) {
      if (error instanceof Error && isAlreadyAnswered(error)) {
        toast({ title: 'Question already answered', description: 'Moving to next question...' });
        await moveOn(index, ALREADY_ANSWERED_DELAY_MS, 'loading-next');
        return;
      }
      // "Submission failed" is toasted by the MutationCache (meta.errorTitle).
      inFlight.current = false;
      setChosen(null);
      setPhase('idle');
    }
  }

  function choose(id: string) {
    if (phase !== 'idle' || inFlight.current || !question) return;
    setChosen(id);
    const questionId = question.id;
    setTimeout(() => void submit({ questionId, selectedOptionId: id }), AUTO_SUBMIT_DELAY_MS);
  }

  function submitNumeric(event: FormEvent) {
    event.preventDefault();
    if (!question || phase !== 'idle') return;
    const checked = validateNumericInput(numeric, question);
    if (checked.kind === 'empty') return;
    if (checked.kind !== 'ok') {
      setInvalid({ title: checked.title, message: checked.message });
      toastId.current = toast({ title: checked.title, description: checked.message, variant: 'destructive' });
      return;
    }
    void submit({ questionId: question.id, numericValue: checked.value });
  }

  if (!question) return null;
  const busy = phase !== 'idle';
  const hint = question.type === 'numeric' ? rangeHint(question) : null;

  return (
    // Back and the title sit right under the header: on a phone, toasts go to the bottom edge (styles.css), and
    // the bottom padding lets the last option scroll clear of them.
    <section className="mx-auto max-w-2xl max-sm:pb-24" aria-labelledby="question-text" data-toasts="bottom">
      <div className="mb-5 flex items-center gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={phase === 'submitting'}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-50"
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

        {phase === 'guessing' && guessFor ? (
          <GuessStep
            question={question}
            answeredOptionId={guessFor.answeredOptionId}
            onGuess={(id) => decideGuess(id)}
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
                onChange={(e) => {
                  setNumeric(e.target.value);
                  if (invalid) {
                    setInvalid(null);
                    if (toastId.current) dismissToast(toastId.current);
                  }
                }}
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
