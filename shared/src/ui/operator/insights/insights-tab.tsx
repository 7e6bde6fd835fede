import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ApiClient } from '../../../api-client/client';
import type { ActivityDay, Funnel, RetentionCohort } from '../../../contracts/analytics';
import { Card, ErrorText, inputClass, labelClass, Spinner } from '../primitives';
import { useChartPalette, type ChartPalette } from './chart-palette';

/**
 * Insights (product.md#operators, ADR 0303): activity per game day, weekly retention cohorts and the
 * day's funnel. Recharts draws the charts; this module is its own lazy chunk (the console loads it when the tab
 * opens, the player never). Series colours are Tailwind fill/stroke classes with dark variants, so the charts
 * follow the theme; every chart has its figures as text too (a table for screen readers, labels on bars).
 */

const axisTick = (p: ChartPalette) => ({ fill: p.axis, fontSize: 12 });

/** "25 Nov" for a game day. */
export function shortDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export default function InsightsTab({ api }: { api: ApiClient }) {
  return (
    <div className="grid gap-6">
      <ActivityCard api={api} />
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <RetentionCard api={api} />
        <FunnelCard api={api} />
      </div>
    </div>
  );
}

function ActivityCard({ api }: { api: ApiClient }) {
  const activity = useQuery({
    queryKey: ['/api/admin/analytics/activity', 30],
    queryFn: () => api.admin.activity(30),
  });
  const tableId = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const palette = useChartPalette(chartRef);
  return (
    <Card title="Activity" description="Players, new players and answers per game day, last 30 days">
      {activity.isPending ? (
        <ChartSpace>
          <Spinner label="Loading activity..." />
        </ChartSpace>
      ) : activity.error ? (
        <ErrorText error={activity.error} />
      ) : (
        <figure aria-describedby={tableId} className="relative">
          <ActivitySummary days={activity.data.days} />
          <div ref={chartRef} className="mt-4 h-72 w-full min-w-0 overflow-hidden" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart
                accessibilityLayer={false}
                data={activity.data.days}
                margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
              >
                <CartesianGrid vertical={false} stroke={palette.grid} />
                <XAxis
                  dataKey="date"
                  tickFormatter={shortDay}
                  tick={axisTick(palette)}
                  interval="preserveStartEnd"
                  minTickGap={24}
                  tickLine={false}
                />
                <YAxis
                  yAxisId="players"
                  tick={axisTick(palette)}
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  width={48}
                />
                <YAxis
                  yAxisId="answers"
                  orientation="right"
                  tick={axisTick(palette)}
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  width={48}
                />
                <Tooltip
                  labelFormatter={(d) => shortDay(String(d))}
                  contentStyle={{ borderRadius: 8, fontSize: 13 }}
                />
                <Legend wrapperStyle={{ fontSize: 13 }} />
                <Bar
                  yAxisId="players"
                  dataKey="players"
                  name="Players"
                  fill={palette.players}
                  radius={[3, 3, 0, 0]}
                />
                <Bar
                  yAxisId="players"
                  dataKey="newPlayers"
                  name="New players"
                  fill={palette.newPlayers}
                  radius={[3, 3, 0, 0]}
                />
                <Line
                  yAxisId="answers"
                  dataKey="answers"
                  name="Answers"
                  type="linear"
                  dot={false}
                  strokeWidth={2}
                  stroke={palette.answers}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          <table id={tableId} className="sr-only">
            <caption>Activity per game day</caption>
            <thead>
              <tr>
                <th scope="col">Game day</th>
                <th scope="col">Players</th>
                <th scope="col">New players</th>
                <th scope="col">Answers</th>
              </tr>
            </thead>
            <tbody>
              {activity.data.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{d.players}</td>
                  <td>{d.newPlayers}</td>
                  <td>{d.answers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </Card>
  );
}

/** Today's figures and the 30-day totals as text above the chart. */
function ActivitySummary({ days }: { days: ActivityDay[] }) {
  const today = days.at(-1);
  const sum = (k: keyof Omit<ActivityDay, 'date'>) => days.reduce((n, d) => n + d[k], 0);
  const tiles = [
    { label: 'Players today', value: today?.players ?? 0 },
    { label: 'New today', value: today?.newPlayers ?? 0 },
    { label: 'Answers today', value: today?.answers ?? 0 },
    { label: 'New players, 30 days', value: sum('newPlayers') },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{t.label}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">
            {t.value.toLocaleString('en')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Keeps a chart's room while it loads, so nothing jumps when it arrives. */
function ChartSpace({ children }: { children: ReactNode }) {
  return <div className="flex h-[22rem] items-center justify-center">{children}</div>;
}

/**
 * A cell's colour by share, in steps of the brand scale: deeper for more retained, white text from brand-600 on
 * (every pair passes WCAG AA contrast); unknown cells stay slate.
 */
const SHARE_STEPS: [upTo: number, className: string][] = [
  [0.05, 'bg-brand-50 text-slate-900'],
  [0.15, 'bg-brand-100 text-slate-900'],
  [0.3, 'bg-brand-200 text-slate-900'],
  [0.45, 'bg-brand-300 text-slate-900'],
  [0.6, 'bg-brand-600 text-white'],
  [0.8, 'bg-brand-700 text-white'],
  [Infinity, 'bg-brand-900 text-white'],
];
function shareClass(share: number | null): string {
  if (share === null) return 'bg-slate-50 text-slate-600';
  return SHARE_STEPS.find(([upTo]) => share < upTo)![1];
}

function RetentionCard({ api }: { api: ApiClient }) {
  const retention = useQuery({
    queryKey: ['/api/admin/analytics/retention', 8],
    queryFn: () => api.admin.retention(8),
  });
  return (
    <Card
      title="Retention"
      description="Weekly cohorts of new players: share who played again on day 1, 7 and 30"
    >
      {retention.isPending ? (
        <Spinner label="Loading retention..." />
      ) : retention.error ? (
        <ErrorText error={retention.error} />
      ) : (
        <div className="-mx-5 overflow-x-auto px-5">
          <table className="w-full min-w-[20rem] border-separate border-spacing-1 text-sm">
            <caption className="sr-only">Retention by weekly cohort</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600">
                <th scope="col" className="font-medium">
                  Week of
                </th>
                <th scope="col" className="text-right font-medium">
                  New
                </th>
                <th scope="col" className="text-center font-medium">
                  Day 1
                </th>
                <th scope="col" className="text-center font-medium">
                  Day 7
                </th>
                <th scope="col" className="text-center font-medium">
                  Day 30
                </th>
              </tr>
            </thead>
            <tbody>
              {[...retention.data.cohorts].reverse().map((c) => (
                <CohortRow key={c.week} cohort={c} />
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-600">
            A dash: not known yet (that day has not ended for everyone in the cohort) or no new players.
          </p>
        </div>
      )}
    </Card>
  );
}

function CohortRow({ cohort }: { cohort: RetentionCohort }) {
  return (
    <tr>
      <th scope="row" className="pr-2 text-left font-medium whitespace-nowrap text-slate-900">
        {shortDay(cohort.week)}
      </th>
      <td className="pr-2 text-right text-slate-900 tabular-nums">{cohort.size.toLocaleString('en')}</td>
      {[cohort.d1, cohort.d7, cohort.d30].map((share, i) => (
        <td
          key={i}
          className={`h-10 min-w-14 rounded-md text-center font-medium tabular-nums ${shareClass(share)}`}
        >
          {share === null ? <span aria-label="not known yet">–</span> : percent(share)}
        </td>
      ))}
    </tr>
  );
}

type Stage = { stage: string; count: number; share: number };

function funnelStages(f: Funnel): Stage[] {
  const stages: [string, number][] = [
    ['Opened', f.players],
    ['Picked a topic', f.picked],
    ['Answered', f.answered],
    ['Finished the day', f.finished],
    ['Viewed results', f.resultsViewed],
  ];
  return stages.map(([stage, count]) => ({ stage, count, share: f.players > 0 ? count / f.players : 0 }));
}

function FunnelCard({ api }: { api: ApiClient }) {
  const [date, setDate] = useState('');
  const dateId = useId();
  const funnel = useQuery({
    queryKey: ['/api/admin/analytics/funnel', date],
    queryFn: () => api.admin.funnel(date || undefined),
  });
  return (
    <Card
      title="The day's funnel"
      description="Players who opened the day, picked, answered, finished and viewed results"
      actions={
        <div>
          <label htmlFor={dateId} className={`${labelClass} sr-only`}>
            Game day
          </label>
          <input
            id={dateId}
            type="date"
            value={date || funnel.data?.date || ''}
            onChange={(e) => setDate(e.target.value)}
            className={`${inputClass} w-44`}
          />
        </div>
      }
    >
      {funnel.isPending ? (
        <Spinner label="Loading the funnel..." />
      ) : funnel.error ? (
        <ErrorText error={funnel.error} />
      ) : (
        <FunnelBody funnel={funnel.data} />
      )}
    </Card>
  );
}

function FunnelBody({ funnel }: { funnel: Funnel }) {
  const stages = funnelStages(funnel);
  const { optIns, sent, playedWithinHour } = funnel.reminder;
  const chartRef = useRef<HTMLDivElement>(null);
  const palette = useChartPalette(chartRef);
  return (
    <div>
      <div ref={chartRef} className="h-64 w-full min-w-0 overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={stages}
            layout="vertical"
            margin={{ top: 0, right: 56, bottom: 0, left: 0 }}
          >
            <XAxis type="number" hide domain={[0, Math.max(1, funnel.players)]} />
            <YAxis
              type="category"
              dataKey="stage"
              width={112}
              tick={axisTick(palette)}
              tickLine={false}
              axisLine={false}
            />
            <Bar
              dataKey="count"
              fill={palette.players}
              radius={[0, 4, 4, 0]}
              barSize={22}
              minPointSize={2}
              isAnimationActive={false}
            >
              <LabelList
                dataKey="count"
                position="right"
                fill={palette.label}
                fontSize={13}
                formatter={(v: unknown) => Number(v).toLocaleString('en')}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ol className="sr-only" aria-label={`Funnel of ${funnel.date}`}>
        {stages.map((s) => (
          <li key={s.stage}>
            {s.stage}: {s.count} ({percent(s.share)})
          </li>
        ))}
      </ol>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">The reminder at the drop</h4>
      <dl className="mt-2 grid grid-cols-3 gap-3">
        {[
          ['Opted in', optIns],
          ['Sent', sent],
          ['Played within an hour', playedWithinHour],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {Number(value).toLocaleString('en')}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
