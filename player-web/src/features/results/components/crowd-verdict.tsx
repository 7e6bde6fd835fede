import type { CrowdVerdict, NumericVerdict } from '@daily-tea/shared/contracts/crowd';
import type { DailyQuestion } from '@daily-tea/shared/contracts/daily';
import { groupedWithUnit } from '@daily-tea/shared/domain/numeric';
import { optionText } from '@daily-tea/shared/domain/results';

function textOf(question: DailyQuestion, optionIdValue: string): string {
  const option = question.options[Number(/^opt-(\d+)$/.exec(optionIdValue)?.[1] ?? 0) - 1];
  return option === undefined ? optionIdValue : optionText(option);
}

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Guess the crowd on a results card: "You guessed X — most picked Y" and whether it was right, as recorded
 * when these results were first shown (the verdict never changes, even as the bars move).
 */
export function CrowdVerdictNote({ question, verdict }: { question: DailyQuestion; verdict: CrowdVerdict }) {
  const top = verdict.mostPickedOptionIds.map((id) => `“${textOf(question, id)}”`);
  const mostPicked = top.length > 1 ? `${listOf(top)} tied as most picked` : `most picked ${top[0] ?? '—'}`;
  const right = verdict.guessRight === true;
  const guessed = verdict.guessOptionId !== null;
  return (
    <VerdictFrame
      guessed={guessed}
      right={right}
      line={
        guessed
          ? `You guessed “${textOf(question, verdict.guessOptionId!)}” — ${mostPicked}`
          : `${mostPicked.charAt(0).toUpperCase()}${mostPicked.slice(1)}`
      }
      detail={
        verdict.sidedWithMajority
          ? 'You sided with the majority'
          : `Your answer: ${verdict.ownSharePercent}% of players`
      }
    />
  );
}

/** The verdict's card: tone and mark by outcome, the headline, the guess against the crowd, one detail line. */
function VerdictFrame(props: { guessed: boolean; right: boolean; line: string; detail: string }) {
  const { guessed, right } = props;
  const tone = !guessed
    ? 'bg-stone-50 ring-stone-200 text-stone-800'
    : right
      ? 'bg-emerald-50 ring-emerald-200 text-emerald-900'
      : 'bg-rose-50 ring-rose-200 text-rose-900';
  return (
    <div
      className={`flex items-start gap-3 rounded-2xl px-4 py-3 ring-1 ${tone}`}
      data-testid="crowd-verdict"
      data-guess-right={guessed ? String(right) : 'none'}
    >
      <span aria-hidden="true" className="text-xl leading-6">
        {!guessed ? '👥' : right ? '🎯' : '🙈'}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-wider uppercase opacity-90">
          {!guessed ? 'The crowd' : right ? 'You read the crowd' : 'Not this time'}
        </p>
        <p className="mt-0.5 font-semibold break-words">{props.line}</p>
        <p className="mt-0.5 text-sm opacity-90">
          {props.detail}
          {' · judged on the results when you first saw them'}
        </p>
      </div>
    </div>
  );
}

/**
 * Guess the crowd on a numeric question (ADR 0244): "You guessed higher than your 40 kg — the average came out
 * lower", as recorded when these results were first shown.
 */
export function NumericVerdictNote(props: {
  question: DailyQuestion;
  answer: number;
  verdict: NumericVerdict;
}) {
  const { question, answer, verdict } = props;
  const yours = groupedWithUnit(answer, question.numericUnit);
  const [side, other] = verdict.averageDirections;
  const outcome = other ? 'the average matched it' : `the average came out ${side}`;
  const guessed = verdict.guessDirection !== null;
  return (
    <VerdictFrame
      guessed={guessed}
      right={verdict.guessRight === true}
      line={
        guessed
          ? `You guessed ${verdict.guessDirection} than your ${yours} — ${outcome}`
          : other
            ? `The average matched your ${yours}`
            : `The average came out ${side} than your ${yours}`
      }
      detail="Higher or lower than your answer"
    />
  );
}
