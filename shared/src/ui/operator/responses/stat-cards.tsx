import { adminKeys } from '../admin-keys';
import { ErrorText } from '../primitives';
import { useLiveQuery, type PanelProps } from './live-query';

/** The four stat cards (product.md#screens), counted under the whole filter. */
export function StatCards({ api, filter }: PanelProps) {
  const stats = useLiveQuery(adminKeys.responseStats(filter), () => api.admin.responseStats(filter));
  const cards = [
    { label: 'Total Responses', value: stats.data?.totalResponses.toLocaleString('en-US') },
    { label: 'Questions Answered', value: stats.data?.questionsAnswered.toLocaleString('en-US') },
    { label: 'Total Questions', value: stats.data?.totalQuestions.toLocaleString('en-US') },
    { label: 'Response Rate', value: stats.data ? `${stats.data.responseRate}%` : undefined },
  ];
  return (
    <div className="grid grid-cols-1 gap-3">
      {stats.error ? <ErrorText error={stats.error} /> : null}
      <ul
        className={`grid grid-cols-2 gap-4 transition-opacity lg:grid-cols-4 ${stats.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label="Response statistics"
        aria-busy={stats.isFetching}
      >
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-sm font-medium text-slate-600">{card.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
              {card.value ?? <span className="text-slate-500">—</span>}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
