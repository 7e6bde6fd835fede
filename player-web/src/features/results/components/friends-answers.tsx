import { useId, useState } from 'react';
import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import { friendsAnsweredLine, pickedSame, sameAnswerLine } from '@daily-tea/shared/domain/friends';
import { initials } from '@daily-tea/shared/domain/profile';
import { optionText } from '@daily-tea/shared/domain/results';
import { withUnit } from './results-model';

function answerText(question: DailyQuestion, friend: QuestionResults['friends'][number]): string {
  if (friend.selectedOptionId !== null) {
    const index = Number(/^opt-(\d+)$/.exec(friend.selectedOptionId)?.[1] ?? 0) - 1;
    const option = question.options[index];
    return option === undefined ? friend.selectedOptionId : optionText(option);
  }
  return friend.numericValue === null ? '' : withUnit(friend.numericValue, question.numericUnit, 2);
}

/**
 * Friends on a result card: "Thandi and 2 others picked the same as you" (or who answered, when nobody did),
 * with their faces; a tap opens the list of what each friend picked. Nothing shows without friends' answers.
 */
export function FriendsAnswers({ question, results }: { question: DailyQuestion; results: QuestionResults }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const friends = results.friends;
  if (friends.length === 0) return null;
  const same = friends.filter((f) => pickedSame(f, results.userAnswer));
  const others = friends.filter((f) => !pickedSame(f, results.userAnswer));
  const ordered = [...same, ...others];
  const line =
    sameAnswerLine(same.map((f) => f.username)) ?? friendsAnsweredLine(friends.map((f) => f.username));
  return (
    <div className="bg-brand-50 ring-brand-100 rounded-2xl ring-1" data-testid="friends-answers">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        className="flex min-h-11 w-full items-center gap-3 rounded-2xl px-4 py-2.5 text-left"
      >
        <span className="flex shrink-0 -space-x-2" aria-hidden="true">
          {ordered.slice(0, 3).map((f) => (
            <span
              key={f.username}
              className="bg-tea-100 text-tea-900 grid size-8 place-items-center rounded-full text-xs font-bold ring-2 ring-white"
            >
              {initials(f.username)}
            </span>
          ))}
        </span>
        <span className="text-brand-900 min-w-0 flex-1 text-sm font-semibold">{line}</span>
        <span className="text-brand-800 shrink-0 text-sm" aria-hidden="true">
          {open ? '▲' : '▼'}
        </span>
      </button>
      {open && (
        <ul
          id={`${id}-list`}
          className="border-brand-100 space-y-2 border-t px-4 py-3"
          aria-label="Friends’ answers"
        >
          {ordered.map((f) => (
            <li key={f.username} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium text-stone-900">{f.username}</span>
              <span className="text-right text-stone-700">
                {answerText(question, f)}
                {pickedSame(f, results.userAnswer) && (
                  <span className="ml-2 font-semibold text-emerald-800">✓ same as you</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
