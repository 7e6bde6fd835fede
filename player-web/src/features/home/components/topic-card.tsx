import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import { canUnselectTopic, pickCostText, topicCardView } from '@daily-tea/shared/domain/selection';

type Props = {
  topic: DailyTopic;
  busy: boolean;
  /** Topics the player has already picked today (the cost line of an unselected card). */
  selectedCount: number;
  onOpen: (topic: DailyTopic) => void;
  onToggle: (topic: DailyTopic) => void;
};

const STATE_STYLES = {
  locked: 'border-dashed border-stone-300 bg-stone-100',
  unselected: 'border-stone-200 bg-white hover:border-brand-300 hover:shadow-md',
  active: 'border-brand-300 bg-white ring-2 ring-brand-100',
  completed: 'border-emerald-300 bg-emerald-50',
} as const;

const LOCKED_TEXT = {
  category: 'text-stone-600',
  title: 'text-stone-700',
} as const;

export function TopicCard({ topic, busy, selectedCount, onOpen, onToggle }: Props) {
  const answered = topic.questions.filter((q) => q.userAnswer !== null).length;
  const total = topic.questions.length;
  const view = topicCardView({ ...topic, answered, total });
  const locked = view.state === 'locked';
  const costId = `${topic.id}-cost`;
  return (
    <li
      className={`relative flex flex-col rounded-2xl border p-5 shadow-sm transition ${STATE_STYLES[view.state]}`}
      data-testid="topic-card"
      data-state={view.state}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p
            className={`text-xs font-semibold tracking-wider uppercase ${locked ? LOCKED_TEXT.category : 'text-brand-700'}`}
          >
            {topic.category}
          </p>
          <h2 className={`mt-1 text-lg font-bold ${locked ? LOCKED_TEXT.title : 'text-stone-900'}`}>
            {topic.title}
          </h2>
        </div>
        {view.state === 'completed' && (
          <span className="shrink-0 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-bold text-white">
            <span aria-hidden="true">✓ </span>Completed
          </span>
        )}
        {canUnselectTopic({ isSelected: topic.isSelected, answered }) && (
          <button
            type="button"
            onClick={() => onToggle(topic)}
            disabled={busy}
            className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800 disabled:opacity-50"
            aria-label={`Unselect ${topic.title}`}
            title="Unselect topic"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        )}
      </div>
      {topic.description && <p className="mt-2 text-sm text-stone-600">{topic.description}</p>}
      {topic.isSelected && (
        <div className="mt-4">
          <div className="flex justify-between text-xs font-medium text-stone-600">
            <span>
              {answered}/{total} answered
            </span>
            <span>{view.progressPct}%</span>
          </div>
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200"
            role="progressbar"
            aria-label={`${topic.title} progress`}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={answered}
          >
            <div
              className={`h-full rounded-full ${view.state === 'completed' ? 'bg-emerald-500' : 'bg-brand-600'}`}
              style={{ width: `${view.progressPct}%` }}
            />
          </div>
        </div>
      )}
      <div className="mt-auto pt-5">
        {view.lockedText ? (
          <p className="flex items-center gap-2 text-sm font-medium text-stone-700">
            <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true" fill="currentColor">
              <path
                fillRule="evenodd"
                d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
                clipRule="evenodd"
              />
            </svg>
            {view.lockedText}
          </p>
        ) : (
          <>
            <button
              type="button"
              onClick={() => onOpen(topic)}
              disabled={busy}
              aria-describedby={view.state === 'unselected' ? costId : undefined}
              className={`w-full rounded-xl px-4 py-2.5 text-sm font-semibold shadow-sm transition disabled:opacity-60 ${
                view.state === 'completed'
                  ? 'bg-emerald-700 text-white hover:bg-emerald-800'
                  : 'bg-brand-600 hover:bg-brand-700 text-white'
              }`}
            >
              {view.buttonLabel}
            </button>
            {view.state === 'unselected' && (
              <p id={costId} className="mt-2 text-center text-xs text-stone-600">
                {pickCostText(selectedCount)}
              </p>
            )}
          </>
        )}
      </div>
    </li>
  );
}
