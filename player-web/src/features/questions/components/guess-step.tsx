import { useRef, type ReactNode } from 'react';
import type { DailyQuestion } from '@daily-tea/shared/contracts/daily';
import type { GuessDirection } from '@daily-tea/shared/domain/crowd';
import { groupedWithUnit } from '@daily-tea/shared/domain/numeric';
import { optionId, optionText } from '@daily-tea/shared/domain/results';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { moveFocusWithArrows } from '../../../lib/roving-focus';

const GUESS_BUTTON =
  'focus-visible:outline-brand-600 hover:border-tea-400 hover:bg-tea-50 flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl border-2 border-stone-200 bg-white px-4 py-2.5 text-left text-sm font-semibold text-stone-800 transition focus-visible:outline-3 focus-visible:outline-offset-2';

/** The guess step's frame: "Answer recorded", the question to the player, their choices, and Skip. */
function GuessFrame(props: { heading: string; onSkip: () => void; children: ReactNode }) {
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
        {props.heading}
      </h3>
      <div
        className="mt-3 grid gap-2 sm:grid-cols-2"
        role="group"
        aria-labelledby="guess-heading"
        onKeyDown={moveFocusWithArrows}
      >
        {props.children}
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={props.onSkip}
          className="focus-visible:outline-brand-600 min-h-11 rounded-xl px-5 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Skip
        </button>
      </div>
    </div>
  );
}

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
  return (
    <GuessFrame heading="Guess the crowd: which answer did most players pick?" onSkip={onSkip}>
      {question.options.map((option, i) => {
        const id = optionId(i);
        return (
          <button
            key={id}
            type="button"
            onClick={() => onGuess(id)}
            tabIndex={i === 0 ? 0 : -1}
            className={GUESS_BUTTON}
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
    </GuessFrame>
  );
}

const DIRECTIONS: { value: GuessDirection; label: string; icon: string }[] = [
  { value: 'higher', label: 'Higher', icon: '↑' },
  { value: 'lower', label: 'Lower', icon: '↓' },
];

/**
 * Guess the crowd on a numeric question (ADR 0244): is the community average higher or lower than the player's
 * own answer? One tap, or Skip.
 */
export function NumericGuessStep(props: {
  question: DailyQuestion;
  answeredValue: number;
  onGuess: (direction: GuessDirection) => void;
  onSkip: () => void;
}) {
  const { question, answeredValue, onGuess, onSkip } = props;
  const yours = groupedWithUnit(answeredValue, question.numericUnit);
  return (
    <GuessFrame
      heading={`Guess the crowd: is the average answer higher or lower than your ${yours}?`}
      onSkip={onSkip}
    >
      {DIRECTIONS.map((d, i) => (
        <button
          key={d.value}
          type="button"
          onClick={() => onGuess(d.value)}
          tabIndex={i === 0 ? 0 : -1}
          className={GUESS_BUTTON}
        >
          <span>
            {d.label} than {yours}
          </span>
          <span aria-hidden="true" className="text-tea-700 text-lg leading-none">
            {d.icon}
          </span>
        </button>
      ))}
    </GuessFrame>
  );
}
