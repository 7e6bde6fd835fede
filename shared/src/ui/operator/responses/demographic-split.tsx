import type { ResponseDemographics, SplitGroup } from '../../../contracts/admin';
import { formatWithUnit } from '../../../domain/units';
import { adminKeys } from '../admin-keys';
import { DistributionChart } from '../distribution-chart';
import { barPercent, sharePercent } from '../format';
import { Card, ErrorText, Spinner } from '../primitives';
import { useStampedQuery, type PanelProps } from './live-query';

/** One colour per option (up to the 10 a question may have), in option order; the shares are also in text. */
const OPTION_COLOURS = [
  'bg-brand-600',
  'bg-tea-500',
  'bg-emerald-600',
  'bg-sky-500',
  'bg-rose-500',
  'bg-amber-300',
  'bg-violet-300',
  'bg-teal-800',
  'bg-slate-500',
  'bg-pink-800',
];
const colour = (i: number) => OPTION_COLOURS[i % OPTION_COLOURS.length]!;

type Question = NonNullable<ResponseDemographics['question']>;
type Dimension = ResponseDemographics['dimensions'][number];

/** Each group of one multiple-choice question: how many answered, a bar split by option, the shares in words. */
function ChoiceSplit({ dimension, question }: { dimension: Dimension; question: Question }) {
  const groups = dimension.groups.filter((g) => g.count > 0);
  if (groups.length === 0) return <p className="py-2 text-sm text-slate-600">No answers</p>;
  return (
    <ul aria-label={`${dimension.label}: answers by group`} className="grid grid-cols-1 gap-3">
      {groups.map((g) => (
        <li key={g.key} className="grid grid-cols-1 gap-1 text-sm">
          <span className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-800">{g.label}</span>
            <span className="shrink-0 text-slate-700 tabular-nums">{g.count.toLocaleString('en-US')}</span>
          </span>
          <span className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            {question.options.map((o, i) => (
              <span
                key={o.id}
                className={`block h-full ${colour(i)}`}
                style={{ width: `${(100 * (g.optionCounts?.[o.id] ?? 0)) / g.count}%` }}
              />
            ))}
          </span>
          <span className="text-xs break-words text-slate-600">
            {question.options
              .map((o) => `${o.text} ${sharePercent(g.optionCounts?.[o.id] ?? 0, g.count)}%`)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Each group of one numeric question: its average answer, bars relative to the largest average. */
function NumericSplit({ dimension, question }: { dimension: Dimension; question: Question }) {
  const groups = dimension.groups.filter((g): g is SplitGroup & { average: number } => g.average !== null);
  if (groups.length === 0) return <p className="py-2 text-sm text-slate-600">No answers</p>;
  const largest = Math.max(...groups.map((g) => Math.abs(g.average)));
  return (
    <ul aria-label={`${dimension.label}: average answer by group`} className="grid grid-cols-1 gap-3">
      {groups.map((g) => (
        <li key={g.key} className="grid grid-cols-1 gap-1 text-sm">
          <span className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-800">{g.label}</span>
            <span className="shrink-0 text-right text-slate-700 tabular-nums">
              <span className="font-semibold text-slate-900">
                {formatWithUnit(g.average, question.numericUnit, (v) => v.toLocaleString('en-US'))}
              </span>
              <span className="ml-1 text-xs text-slate-600">
                average of {g.count.toLocaleString('en-US')}
              </span>
            </span>
          </span>
          <span className="block h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span
              className="bg-brand-600 block h-full rounded-full"
              style={{ width: `${barPercent(Math.abs(g.average), largest)}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Legend({ question }: { question: Question }) {
  return (
    <ul aria-label="Options" className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-700">
      {question.options.map((o, i) => (
        <li key={o.id} className="flex min-w-0 items-center gap-1.5">
          <span aria-hidden="true" className={`size-3 shrink-0 rounded-sm ${colour(i)}`} />
          <span className="min-w-0 break-words">{o.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Who answered: the selection's answers by gender, age and race (the player's profile when they answered).
 * With one question chosen, each group shows how it answered — option shares, or its average.
 */
export function DemographicSplit({ api, filter }: PanelProps) {
  const split = useStampedQuery(api, filter, adminKeys.responseDemographics(filter), () =>
    api.admin.responseDemographics(filter),
  );
  const data = split.data;
  const question = data?.question ?? null;
  return (
    <Card
      title="Demographic split"
      description={
        question
          ? question.type === 'numeric'
            ? 'Average answer of each group'
            : 'How each group answered this question'
          : 'Answers by the profile players had when they answered'
      }
    >
      {split.error ? (
        <ErrorText error={split.error} />
      ) : !data ? (
        <Spinner label="Loading the split..." />
      ) : (
        <div
          aria-busy={split.isFetching}
          className={`grid grid-cols-1 gap-5 transition-opacity ${split.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {question && question.type !== 'numeric' ? <Legend question={question} /> : null}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            {data.dimensions.map((d) => (
              <div key={d.key} className="grid min-w-0 grid-cols-1 content-start gap-3">
                <h4 className="text-sm font-semibold text-slate-900">{d.label}</h4>
                {!question ? (
                  <DistributionChart
                    layout="stacked"
                    label={`${d.label}: answers by group`}
                    total={data.total}
                    rows={d.groups}
                    empty="No answers"
                  />
                ) : question.type === 'numeric' ? (
                  <NumericSplit dimension={d} question={question} />
                ) : (
                  <ChoiceSplit dimension={d} question={question} />
                )}
              </div>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
