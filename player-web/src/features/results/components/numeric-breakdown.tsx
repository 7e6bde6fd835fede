import { numericPerformance } from '@daily-tea/shared/domain/results';
import { averageText, plural, withUnit } from './results-model';

type Stats = { average: number; min: number; max: number; count: number };

function position(value: number, stats: Stats) {
  const span = stats.max - stats.min;
  if (span <= 0) return 50;
  return Math.min(100, Math.max(0, ((value - stats.min) / span) * 100));
}

/** Numeric Breakdown (product.md#screens): count, Average to one decimal, Lowest, Highest, each with the unit. */
export function NumericBreakdown({
  stats,
  unit,
  yours,
  track = true,
}: {
  stats: Stats;
  unit: string | null;
  yours: number | null;
  /** The range line with the average and the answer (a phone shows it with the breakdowns instead). */
  track?: boolean;
}) {
  const tiles = [
    { label: 'Average', value: averageText(stats.average, unit) },
    { label: 'Lowest', value: withUnit(stats.min, unit) },
    { label: 'Highest', value: withUnit(stats.max, unit) },
  ];
  return (
    <section className="space-y-2 sm:space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-brand-900 text-xs font-bold tracking-wide uppercase sm:text-sm">
          Numeric Breakdown
        </h3>
        <span className="text-xs text-gray-600" data-numeric-count={stats.count}>
          {plural(stats.count, 'response')}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        {tiles.map((tile) => (
          <div
            key={tile.label}
            className="bg-brand-50 ring-brand-100 rounded-2xl px-2 py-2 text-center ring-1 sm:px-3 sm:py-3"
          >
            <dt className="text-brand-800 text-[11px] font-bold tracking-wider uppercase">{tile.label}</dt>
            <dd
              className="text-brand-950 mt-1 text-base font-extrabold break-words tabular-nums sm:text-xl"
              data-stat={tile.label}
            >
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      {track ? <NumericTrack stats={stats} yours={yours} /> : null}
    </section>
  );
}

/** Lowest to highest as a line, the average and the player's answer placed on it (a picture: aria-hidden). */
export function NumericTrack({ stats, yours }: { stats: Stats; yours: number | null }) {
  return (
    <div aria-hidden="true" className="px-2 pt-6 pb-4 sm:pt-7 sm:pb-5">
      <div className="from-brand-200 via-brand-400 to-brand-700 relative h-2 rounded-full bg-linear-to-r">
        <span
          className="bg-brand-800 absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow"
          style={{ left: `${position(stats.average, stats)}%` }}
        />
        <span
          className="text-brand-900 absolute top-full mt-2 -translate-x-1/2 text-[11px] font-semibold whitespace-nowrap"
          style={{ left: `${position(stats.average, stats)}%` }}
        >
          avg
        </span>
        {yours !== null ? (
          <>
            <span
              className="bg-tea-500 absolute top-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white shadow-md"
              style={{ left: `${position(yours, stats)}%` }}
            />
            <span
              className="bg-tea-100 text-tea-900 absolute bottom-full mb-2 -translate-x-1/2 rounded-full px-2 text-[11px] font-bold whitespace-nowrap uppercase"
              style={{ left: `${position(yours, stats)}%` }}
            >
              You
            </span>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Your Performance (product.md#screens): percent above/below the average, or right on it, and how that compares. */
export function YourPerformance({
  value,
  average,
  unit,
}: {
  value: number;
  average: number;
  unit: string | null;
}) {
  const perf = numericPerformance(value, average);
  return (
    <section
      aria-label="Your Performance"
      className="from-tea-50 to-tea-100 ring-tea-200 rounded-2xl bg-linear-to-br px-4 py-2 ring-1 sm:p-4"
      data-performance={perf.direction}
    >
      <h3 className="text-tea-900 text-xs font-bold tracking-wider uppercase">Your Performance</h3>
      {/* The answer and the average are on the card already: a phone leaves the sentence out. */}
      <p className="mt-1 text-sm text-gray-800 max-sm:hidden">
        You answered <span className="font-bold text-gray-900">{withUnit(value, unit, 2)}</span>; the average
        is <span className="font-bold text-gray-900">{averageText(average, unit)}</span>.
      </p>
      {/* A phone reads the headline and its line as one paragraph; a wider card gives the headline its own line. */}
      <p className="mt-0.5 text-sm font-medium text-gray-800 sm:mt-2">
        <span className="text-tea-900 text-base font-extrabold sm:block sm:text-xl">{perf.headline}</span>{' '}
        <span>{perf.line}</span>
      </p>
    </section>
  );
}
