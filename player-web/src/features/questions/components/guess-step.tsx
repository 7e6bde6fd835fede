import { useRef } from 'react';
import type { DailyQuestion } from '@daily-tea/shared/contracts/daily';
import { optionId, optionText } from '@daily-tea/shared/domain/results';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { moveFocusWithArrows } from '../../../lib/roving-focus';

/**
 * Guess the crowd: right after a multiple-choice answer is recorded, one tap on the option the
 * player thinks most players picked — or Skip. Either moves on at once; the guess is sent in the background.
 */
export function GuessStep(props: {
  question: DailyQuestion;
  answeredOptionId: string;
  onGuess: (optionId: string) => void;
  onSkip: () => void;
}) {
  const { question, answeredOptionId, onGuess, onSkip } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(headingRef);
  return (
    <div className="mt-6" data-testid="guess-step">
      <p className="text-sm font-semibold text-emerald-700" role="status">
        <span aria-hidden="true">✓ </span>Answer recorded
      </p>
      <h3
        id="guess-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-lg font-bold text-stone-900 outline-none"
      >
        Guess the crowd: which answer did most players pick?
      </h3>
      <div
        className="mt-3 grid gap-2 sm:grid-cols-2"
        role="group"
        aria-labelledby="guess-heading"
        onKeyDown={moveFocusWithArrows}
      >
        {question.options.map((option, i) => {
          const id = optionId(i);
          return (
            <button
              key={id}
              type="button"
              onClick={() => onGuess(id)}
              tabIndex={i === 0 ? 0 : -1}
              className="focus-visible:outline-brand-600 hover:border-tea-400 hover:bg-tea-50 flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl border-2 border-stone-200 bg-white px-4 py-2.5 text-left text-sm font-semibold text-stone-800 transition focus-visible:outline-3 focus-visible:outline-offset-2"
            >
              <span>{optionText(option)}</span>
              {id === answeredOptionId ? (
                <span className="text-brand-700 bg-brand-50 shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold">
                  Your answer
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={onSkip}
          className="focus-visible:outline-brand-600 min-h-11 rounded-xl px-5 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Skip
        </button>
      </div>
    </div>
  );
}
