import { barPercent, sharePercent } from './format';

type Row = { key: string; label: string; count: number; note?: string };

const UNKNOWN_KEYS = new Set(['not_specified', 'prefer_not_to_say', 'unknown', '']);

/**
 * A horizontal bar chart in plain HTML/CSS (ADR 0250): label, bar relative to the largest group, count and
 * share. Bars carry text, so the figures read without hovering and reach screen readers as a list.
 * `stacked` puts the label and figures on a line above a full-width bar: long labels (a question's options)
 * wrap whole instead of being cut, at any width.
 */
export function DistributionChart({
  rows,
  total,
  label,
  layout = 'row',
  empty = 'No users yet',
}: {
  rows: readonly Row[];
  total: number;
  label: string;
  layout?: 'row' | 'stacked';
  empty?: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{empty}</p>;
  const largest = Math.max(...rows.map((r) => r.count));
  return (
    <ul aria-label={label} className={`grid grid-cols-1 ${layout === 'stacked' ? 'gap-3' : 'gap-2.5'}`}>
      {rows.map((row) => {
        const unknown = UNKNOWN_KEYS.has(row.key) || row.label === 'Not specified';
        const share = sharePercent(row.count, total);
        const bar = (
          <span className="block h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span
              className={`block h-full rounded-full ${unknown ? 'bg-slate-400' : 'bg-brand-600'}`}
              style={{ width: `${barPercent(row.count, largest)}%` }}
            />
          </span>
        );
        const figures = (
          <>
            <span className="font-semibold text-slate-900">{row.count.toLocaleString('en-US')}</span>
            <span className="ml-1 text-xs text-slate-600">({share}%)</span>
            {row.note ? <span className="ml-1.5 text-xs text-slate-600">{row.note}</span> : null}
          </>
        );
        const labelClass = unknown ? 'text-slate-600 italic' : 'text-slate-800';
        if (layout === 'stacked')
          return (
            <li key={row.key || row.label} className="grid grid-cols-1 gap-1 text-sm">
              <span className="flex items-baseline justify-between gap-3">
                <span className={`min-w-0 break-words ${labelClass}`}>{row.label}</span>
                <span className="shrink-0 text-right text-slate-700 tabular-nums">{figures}</span>
              </span>
              {bar}
            </li>
          );
        return (
          <li
            key={row.key || row.label}
            className="grid grid-cols-[minmax(6rem,9rem)_1fr_auto] items-center gap-3 text-sm"
          >
            <span className={`truncate ${labelClass}`} title={row.label}>
              {row.label}
            </span>
            {bar}
            <span className="w-24 text-right text-slate-700 tabular-nums">{figures}</span>
          </li>
        );
      })}
    </ul>
  );
}
