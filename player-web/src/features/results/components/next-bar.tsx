import type { NextStep } from '@daily-tea/shared/domain/selection';
import { useDaySource } from '../../../lib/day-source';

/**
 * The bar fixed at the bottom of a topic's results: the way on — the next picked topic, picking one,
 * or the day's end — so the results never dead-end at the bottom of a long page.
 */
export function NextBar({
  step,
  done,
  of,
  onGo,
}: {
  step: NextStep;
  /** Picked topics finished, and how many the day asks for. */
  done: number;
  of: number;
  onGo: (step: NextStep) => void;
}) {
  // On a past day (the archive) the end is that day's, not today's.
  const past = useDaySource().date !== null;
  const label =
    step.kind === 'next'
      ? 'Next topic →'
      : step.kind === 'pick'
        ? 'Pick your next topic →'
        : past
          ? 'Back to that day'
          : 'Done for today';
  const note =
    step.kind === 'next'
      ? `Up next: ${step.title}`
      : step.kind === 'pick'
        ? `${done} of ${of} topics done`
        : `All ${done} topics done ${past ? 'for that day' : 'today'}`;
  return (
    <div
      data-next-bar=""
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 backdrop-blur"
      style={{ paddingBottom: 'env(safe-area-inset-bottom)' }}
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="min-w-0 truncate text-sm font-medium text-stone-700" data-testid="next-note">
          {note}
        </p>
        <button
          type="button"
          onClick={() => onGo(step)}
          className={`min-h-12 shrink-0 rounded-full px-6 text-base font-bold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 ${
            step.kind === 'done'
              ? 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700'
              : 'bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 text-white'
          }`}
        >
          {label}
        </button>
      </div>
    </div>
  );
}
