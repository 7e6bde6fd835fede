import type { QuestionChart } from '../../../contracts/admin';
import { formatWithUnit } from '../../../domain/units';
import { adminKeys } from '../admin-keys';
import { DistributionChart } from '../distribution-chart';
import { Badge, Card, EmptyState, ErrorText, Spinner } from '../primitives';
import { useStampedQuery, type PanelProps } from './live-query';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

/** "2 cups" for a one-value bin of whole numbers, else "10–20 cups" ([from, to), the last bin closed). */
export function binLabel(
  bin: { from: number; to: number },
  unit: string | null,
  wholeNumbers: boolean,
): string {
  const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });
  if (wholeNumbers && bin.to - bin.from === 1) return formatWithUnit(bin.from, unit, fmt);
  return formatWithUnit(bin.to, unit, (to) => `${fmt(bin.from)}–${fmt(to)}`);
}

function NumericFigures({ q }: { q: QuestionChart }) {
  const n = q.numeric!;
  const fmt = (v: number) => formatWithUnit(v, q.numericUnit, (x) => x.toLocaleString('en-US'));
  const whole =
    Number.isInteger(n.min) && Number.isInteger(n.max) && n.bins.every((b) => Number.isInteger(b.from));
  return (
    <div className="grid grid-cols-1 gap-3">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {[
          ['Average', fmt(n.average)],
          ['Lowest', fmt(n.min)],
          ['Highest', fmt(n.max)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{term}</dt>
            <dd className="font-semibold break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <DistributionChart
        layout="stacked"
        label={`Distribution of answers to: ${q.text}`}
        total={q.total}
        rows={n.bins.map((b, i) => ({
          key: `bin-${i}`,
          label: binLabel(b, q.numericUnit, whole),
          count: b.count,
        }))}
      />
    </div>
  );
}

function QuestionBlock({ q }: { q: QuestionChart }) {
  return (
    <li className="grid grid-cols-1 content-start gap-3 rounded-lg border border-slate-200 p-4">
      <div className="grid grid-cols-1 gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone="brand">{q.topicTitle}</Badge>
          <span className="text-sm text-slate-600 tabular-nums">{plural(q.total, 'response')}</span>
        </div>
        <h4 className="font-medium break-words text-slate-900">{q.text}</h4>
      </div>
      {q.type === 'numeric' ? (
        q.numeric ? (
          <NumericFigures q={q} />
        ) : (
          <p className="py-2 text-sm text-slate-600">No answers under this filter</p>
        )
      ) : (
        <DistributionChart
          layout="stacked"
          label={`Answers to: ${q.text}`}
          total={q.total}
          rows={q.options.map((o) => ({ key: o.id, label: o.text, count: o.count }))}
          empty="This question has no options"
        />
      )}
    </li>
  );
}

/** One question takes the card's width (up to a readable line), two or more share it. */
const COLUMNS = ['max-w-3xl', 'md:grid-cols-2', 'md:grid-cols-2 xl:grid-cols-3'];

/** A chart per question of the selection: option shares, or a numeric question's distribution. */
export function QuestionCharts({ api, filter }: PanelProps) {
  const charts = useStampedQuery(api, filter, adminKeys.responseQuestions(filter), () =>
    api.admin.responseQuestions(filter),
  );
  const questions = charts.data?.questions;
  return (
    <Card
      title="Answers per question"
      description={
        questions
          ? `${plural(questions.length, 'question')} · shares of the answers under the filter`
          : 'Shares of the answers under the filter'
      }
    >
      {charts.error ? (
        <ErrorText error={charts.error} />
      ) : !questions ? (
        <Spinner label="Loading charts..." />
      ) : questions.length === 0 ? (
        <EmptyState>No questions for this filter</EmptyState>
      ) : (
        <ul
          aria-label="Question charts"
          aria-busy={charts.isFetching}
          className={`grid grid-cols-1 gap-4 transition-opacity ${COLUMNS[Math.min(questions.length, 3) - 1]} ${charts.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {questions.map((q) => (
            <QuestionBlock key={q.id} q={q} />
          ))}
        </ul>
      )}
    </Card>
  );
}
