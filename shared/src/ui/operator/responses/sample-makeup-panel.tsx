import { adminKeys } from '../admin-keys';
import { formatIsoDate } from '../format';
import { Card, QueryState } from '../primitives';
import { useLiveQuery, type PanelProps } from './live-query';
import {
  REPRESENTATION_BAND,
  makeupMargins,
  mostUnder,
  type MakeupMargin,
  type MakeupRow,
  type Representation,
} from './sample-makeup-model';

const TONE: Record<Representation, { chip: string; bar: string }> = {
  over: { chip: 'border-amber-200 bg-amber-50 text-amber-900', bar: 'bg-amber-500' },
  under: { chip: 'border-sky-200 bg-sky-50 text-sky-900', bar: 'bg-sky-500' },
  even: { chip: 'border-slate-200 bg-slate-50 text-slate-700', bar: 'bg-slate-400' },
};

const count = (n: number) => n.toLocaleString('en-US');

/** "Over ×1.8", "Under ×0.79" (two decimals below 1, so a ratio just under the band never reads as its edge), "None yet". */
function chipText(row: MakeupRow): string {
  if (row.representation === 'even') return 'About right';
  if (row.count === 0) return 'None yet';
  const ratio = row.ratio >= 10 ? String(Math.round(row.ratio)) : row.ratio.toFixed(row.ratio < 1 ? 2 : 1);
  return `${row.representation === 'over' ? 'Over' : 'Under'} ×${ratio}`;
}

function MarginTable({ margin }: { margin: MakeupMargin }) {
  const largest = Math.max(1, ...margin.rows.flatMap((r) => [r.samplePct, r.targetPct]));
  return (
    <div className="min-w-0" data-makeup-margin={margin.margin}>
      <table className="w-full text-sm">
        <caption className="pb-1 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {margin.title}
        </caption>
        <thead>
          <tr className="text-xs text-slate-600">
            <th scope="col" className="py-1 pr-2 text-left font-medium">
              Group
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Sample
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              SA adults
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              Sample ÷ target
            </th>
          </tr>
        </thead>
        <tbody>
          {margin.rows.map((row) => {
            const tone = TONE[row.representation];
            return (
              <tr
                key={row.slug}
                className="border-t border-slate-100 align-top"
                data-group={row.slug}
                data-representation={row.representation}
              >
                <th scope="row" className="py-1.5 pr-2 text-left font-medium text-slate-800">
                  {row.label}
                  <div aria-hidden="true" className="mt-1 space-y-0.5">
                    <div
                      className={`h-1.5 rounded-full ${tone.bar}`}
                      style={{ width: `${Math.max(1, (row.samplePct / largest) * 100)}%` }}
                    />
                    <div
                      className="h-1.5 rounded-full bg-slate-300"
                      style={{ width: `${Math.max(1, (row.targetPct / largest) * 100)}%` }}
                    />
                  </div>
                </th>
                <td className="px-2 py-1.5 text-right text-slate-900 tabular-nums">
                  {row.samplePct.toFixed(1)}%
                  <span className="block text-xs text-slate-600">{count(row.count)}</span>
                </td>
                <td className="px-2 py-1.5 text-right text-slate-700 tabular-nums">
                  {row.targetPct.toFixed(1)}%
                </td>
                <td className="py-1.5 pl-2 text-right">
                  <span
                    className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone.chip}`}
                  >
                    {chipText(row)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {margin.leftOut.length > 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          Not in this margin: {margin.leftOut.map((l) => `${l.label} ${count(l.count)}`).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Response Analytics' sample make-up (docs/decisions/0299-sample-makeup-panel.md): who answered on a date, or a
 * question's link group, against South Africa's adults (the weighting targets) — who is over- and
 * under-represented, so staff know whom to reach — and how many fell outside the weighting scheme.
 */
export function SampleMakeupPanel({ api, filter }: PanelProps) {
  const { date, questionId = null } = filter;
  const query = useLiveQuery(adminKeys.sampleMakeup(date, questionId), () =>
    api.admin.sampleMakeup(questionId ? { date, questionId } : { date }),
  );
  return (
    <Card
      title="Sample make-up"
      description={`${questionId ? 'Who answered this question' : `Who played on ${formatIsoDate(date)}`} against South Africa's adults, the weighting targets. Weighting counts over-represented groups less; reach the under-represented.${
        filter.topicId || filter.gender || filter.ageBracket || filter.raceBracket
          ? ' Follows the date and question only.'
          : ''
      }`}
    >
      <QueryState query={query} loadingLabel="Loading sample make-up..." isEmpty={() => false}>
        {(makeup) => {
          if (makeup.respondents === 0)
            return <p className="py-4 text-center text-sm text-slate-600">No respondents yet.</p>;
          const margins = makeupMargins(makeup);
          const under = mostUnder(margins);
          const outside = makeup.respondents - makeup.inScheme;
          return (
            <div className="space-y-5" data-sample-makeup="">
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div>
                  <dt className="inline text-slate-600">Respondents </dt>
                  <dd className="inline font-semibold text-slate-900 tabular-nums">
                    {count(makeup.respondents)}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">In the scheme </dt>
                  <dd
                    className="inline font-semibold text-slate-900 tabular-nums"
                    data-in-scheme={makeup.inScheme}
                  >
                    {count(makeup.inScheme)}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-600">Left out </dt>
                  <dd className="inline font-semibold text-slate-900 tabular-nums">
                    {count(outside)}
                    {makeup.leftOut.country > 0 ? (
                      <span className="font-normal text-slate-600">
                        {' '}
                        ({count(makeup.leftOut.country)} outside South Africa)
                      </span>
                    ) : null}
                  </dd>
                </div>
              </dl>
              {under.length > 0 ? (
                <p
                  className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
                  data-reach=""
                >
                  <span className="font-semibold">Most under-represented:</span>{' '}
                  {under
                    .map(
                      (r) =>
                        `${r.label} (${r.samplePct.toFixed(1)}% of the sample, ${r.targetPct.toFixed(1)}% of adults)`,
                    )
                    .join('; ')}
                  .
                </p>
              ) : null}
              <div className="grid gap-6 lg:grid-cols-2">
                {margins.map((margin) => (
                  <MarginTable key={margin.margin} margin={margin} />
                ))}
              </div>
              <p className="text-xs text-slate-600">
                Bars: sample (coloured) above SA adults (grey). Over/Under: the group&apos;s share of the
                sample divided by its share of adults, outside {REPRESENTATION_BAND.under}–
                {REPRESENTATION_BAND.over}.
              </p>
            </div>
          );
        }}
      </QueryState>
    </Card>
  );
}
