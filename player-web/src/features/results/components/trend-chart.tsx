import { averageText, plural, formatCount } from './results-model';
import type { TrendView } from './trend-places-model';

/** Line colours in the order of the option segments elsewhere on the card; the user's answer is tea. */
const LINE_COLOURS = [
  'text-brand-800',
  'text-brand-300',
  'text-slate-600',
  'text-sky-700',
  'text-fuchsia-700',
  'text-slate-400',
  'text-brand-600',
] as const;
const USER_LINE = 'text-tea-500';
const lineColour = (index: number, isUser: boolean) =>
  isUser ? USER_LINE : (LINE_COLOURS[index % LINE_COLOURS.length] ?? LINE_COLOURS[0]);

// Plot geometry in SVG units (the SVG scales to the card's width; 320 ≈ the card's width on a 390 px phone).
const W = 320;
const LEFT = 44;
const RIGHT = 24;
const TOP = 12;
const BOTTOM = 112;

function xAt(i: number, n: number) {
  return n === 1 ? (LEFT + W - RIGHT) / 2 : LEFT + (i * (W - RIGHT - LEFT)) / (n - 1);
}

/** Polyline pieces through the known values (a date with too few answers breaks the line). */
function segments(values: readonly (number | null)[], y: (v: number) => number, n: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (current.length > 1) out.push(current.join(' '));
      current = [];
    } else current.push(`${xAt(i, n).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (current.length > 1) out.push(current.join(' '));
  return out;
}

function Axis({ view, ticks }: { view: TrendView; ticks: { value: number; label: string; y: number }[] }) {
  const n = view.columns.length;
  return (
    <>
      {ticks.map((t) => (
        <g key={t.label}>
          <line x1={LEFT} x2={W - RIGHT} y1={t.y} y2={t.y} className="stroke-gray-200" strokeWidth={1} />
          <text
            x={LEFT - 6}
            y={t.y + 3.5}
            textAnchor="end"
            className="fill-gray-600 text-[10px] tabular-nums"
          >
            {t.label}
          </text>
        </g>
      ))}
      {view.columns.map((c, i) => (
        <g key={c.date}>
          {!c.sufficient ? (
            <line
              x1={xAt(i, n)}
              x2={xAt(i, n)}
              y1={TOP}
              y2={BOTTOM}
              className="stroke-gray-300"
              strokeDasharray="3 3"
              strokeWidth={1}
            />
          ) : null}
          <text
            x={xAt(i, n)}
            y={BOTTOM + 16}
            textAnchor="middle"
            className="fill-gray-800 text-[10px] font-semibold"
          >
            {c.label}
          </text>
          <text
            x={xAt(i, n)}
            y={BOTTOM + 29}
            textAnchor="middle"
            className="fill-gray-600 text-[9.5px] tabular-nums"
          >
            {c.sufficient ? `n=${formatCount(c.total)}` : `too few (${c.total})`}
          </text>
        </g>
      ))}
    </>
  );
}

function ChoiceLines({ view }: { view: TrendView }) {
  const n = view.columns.length;
  const y = (pct: number) => BOTTOM - (pct / 100) * (BOTTOM - TOP);
  const ticks = [0, 50, 100].map((v) => ({ value: v, label: `${v}%`, y: y(v) }));
  // The user's line last, so it is drawn on top.
  const order = view.series.map((s, i) => ({ s, i })).sort((a, b) => Number(a.s.isUser) - Number(b.s.isUser));
  return (
    <>
      <Axis view={view} ticks={ticks} />
      {order.map(({ s, i }) => (
        <g key={s.id} className={lineColour(i, s.isUser)} data-series={s.id}>
          {segments(s.pcts, y, n).map((points) => (
            <polyline
              key={points}
              points={points}
              fill="none"
              stroke="currentColor"
              strokeWidth={s.isUser ? 3 : 2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          ))}
          {s.pcts.map((v, k) =>
            v === null ? null : (
              <circle
                key={k}
                cx={xAt(k, n)}
                cy={y(v)}
                r={s.isUser ? 4 : 3}
                fill="currentColor"
                className="stroke-white"
                strokeWidth={1.5}
              />
            ),
          )}
        </g>
      ))}
    </>
  );
}

function AverageLine({ view }: { view: TrendView }) {
  const n = view.columns.length;
  const known = view.averages.filter((v): v is number => v !== null);
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  const pad = hi === lo ? Math.max(1, Math.abs(hi) * 0.1) : (hi - lo) * 0.15;
  const min = lo - pad;
  const max = hi + pad;
  const y = (v: number) => BOTTOM - ((v - min) / (max - min)) * (BOTTOM - TOP);
  const ticks = [lo, hi].map((v) => ({
    value: v,
    label: formatCount(Math.round(v * 10) / 10),
    y: y(v),
  }));
  return (
    <>
      <Axis view={view} ticks={ticks} />
      <g className="text-brand-700" data-series="average">
        {segments(view.averages, y, n).map((points) => (
          <polyline
            key={points}
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth={3}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
        {view.averages.map((v, k) =>
          v === null ? null : (
            <circle
              key={k}
              cx={xAt(k, n)}
              cy={y(v)}
              r={4}
              fill="currentColor"
              className="stroke-white"
              strokeWidth={1.5}
            />
          ),
        )}
      </g>
    </>
  );
}

/**
 * How the community's split moved across the dates a re-asked question was asked: a small line
 * chart (shares per option, or the average) over the dates with each date's sample size, and the same
 * figures as a table — the table is what screen readers read; the chart is decoration for the eye.
 */
export function TrendChart({ view, isChoice }: { view: TrendView; isChoice: boolean }) {
  const hasLines = isChoice
    ? view.series.some((s) => s.pcts.filter((v) => v !== null).length > 0)
    : view.averages.some((v) => v !== null);
  return (
    <div role="group" aria-label="Over time" className="space-y-3" data-trend="">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-brand-900 text-sm font-bold tracking-wide uppercase">Over time</h3>
        <span className="text-xs text-gray-600">{plural(view.columns.length, 'date')} asked</span>
      </div>
      <figure className="border-brand-100 rounded-2xl border bg-white px-3 pt-3 pb-2">
        {hasLines ? (
          <svg
            viewBox={`0 0 ${W} ${BOTTOM + 36}`}
            className="mx-auto w-full max-w-md"
            aria-hidden="true"
            data-trend-chart=""
          >
            {isChoice ? <ChoiceLines view={view} /> : <AverageLine view={view} />}
          </svg>
        ) : null}
        {isChoice ? (
          <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 px-1 pt-1 text-xs text-gray-800">
            {view.series.map((s, i) => (
              <li key={s.id} className="flex min-w-0 items-center gap-1.5" data-legend={s.id}>
                <span className={`h-1 w-4 shrink-0 rounded-full bg-current ${lineColour(i, s.isUser)}`} />
                {/* The whole option text, wrapping between words: a legend never cuts a label. */}
                <span className={`min-w-0 break-words ${s.isUser ? 'text-tea-900 font-bold' : ''}`}>
                  {s.text}
                  {s.isUser ? ' (You)' : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <figcaption className="px-1 pt-2 text-xs text-gray-700" data-trend-summary="">
          {view.summary}
        </figcaption>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-xs" data-trend-table="">
            <caption className="sr-only">
              {isChoice
                ? 'Share of answers per option on each date asked'
                : 'Average answer on each date asked'}
            </caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-1.5 pr-2 align-bottom font-semibold text-gray-700">
                  {isChoice ? 'Answer' : 'Date'}
                </th>
                {view.columns.map((c) => (
                  <th
                    key={c.date}
                    scope="col"
                    className="py-1.5 pl-2 text-right align-bottom font-semibold text-gray-900"
                    data-date={c.date}
                  >
                    <span className="block whitespace-nowrap">{c.label}</span>
                    <span className="block font-normal whitespace-nowrap text-gray-600 tabular-nums">
                      {c.sufficient ? `n = ${formatCount(c.total)}` : `${c.total} (too few)`}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {isChoice ? (
                view.series.map((s) => (
                  <tr key={s.id} className="border-b border-gray-100 last:border-b-0" data-series-row={s.id}>
                    <th
                      scope="row"
                      className={`py-1.5 pr-2 font-semibold break-words ${s.isUser ? 'text-tea-900' : 'text-gray-900'}`}
                    >
                      {s.text}
                      {s.isUser ? <span className="text-tea-800 font-bold"> (You)</span> : null}
                    </th>
                    {s.pcts.map((v, k) => (
                      <td
                        key={view.columns[k]!.date}
                        className="py-1.5 pl-2 text-right whitespace-nowrap text-gray-900 tabular-nums"
                        data-pct={v ?? ''}
                      >
                        {v === null ? <span aria-label="too few answers">—</span> : `${v}%`}
                      </td>
                    ))}
                  </tr>
                ))
              ) : (
                <tr data-series-row="average">
                  <th scope="row" className="py-1.5 pr-3 font-semibold text-gray-900">
                    Average
                  </th>
                  {view.averages.map((v, k) => (
                    <td
                      key={view.columns[k]!.date}
                      className="py-1.5 pl-2 text-right whitespace-nowrap text-gray-900 tabular-nums"
                      data-average={v ?? ''}
                    >
                      {v === null ? <span aria-label="too few answers">—</span> : averageText(v, view.unit)}
                    </td>
                  ))}
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </figure>
    </div>
  );
}
