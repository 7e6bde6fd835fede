import { barPercent, sharePercent } from './format';

type Row = { key: string; label: string; count: number };

const UNKNOWN_KEYS = new Set(['not_specified', 'prefer_not_to_say', 'unknown', '']);

/**
 * A horizontal bar chart in plain HTML/CSS: label, bar relative to the largest group, count and
 * share. Bars carry text, so the figures read without hovering and reach screen readers as a list.
 */
export function DistributionChart({
  rows,
  total,
  label,
}: {
  rows: readonly Row[];
  total: number;
  label: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-600">No users yet</p>;
  const largest = Math.max(...rows.map((r) => r.count));
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-2.5">
      {rows.map((row) => {
        const unknown = UNKNOWN_KEYS.has(row.key) || row.label === 'Not specified';
        const share = sharePercent(row.count, total);
        return (
          <li
            key={row.key || row.label}
            className="grid grid-cols-[minmax(6rem,9rem)_1fr_auto] items-center gap-3 text-sm"
          >
            <span
              className={`truncate ${unknown ? 'text-slate-600 italic' : 'text-slate-800'}`}
              title={row.label}
            >
              {row.label}
            </span>
            <span className="h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <span
                className={`block h-full rounded-full ${unknown ? 'bg-slate-400' : 'bg-brand-600'}`}
                style={{ width: `${barPercent(row.count, largest)}%` }}
              />
            </span>
            <span className="w-24 text-right text-slate-700 tabular-nums">
              <span className="font-semibold text-slate-900">{row.count.toLocaleString('en-US')}</span>
              <span className="ml-1 text-xs text-slate-600">({share}%)</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
