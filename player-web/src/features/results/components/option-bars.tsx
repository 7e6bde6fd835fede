import type { OptionBar } from './results-model';
import { plural, formatCount } from './results-model';

/** Up to this many options draw as columns; more would squeeze the labels on a phone. */
const MAX_COLUMNS = 5;

function srLabel(bar: OptionBar, weighted: boolean) {
  const size = weighted ? 'weighted' : plural(bar.count, 'answer');
  return `${bar.text}: ${bar.pct}%, ${size}${bar.isUser ? ', your answer' : ''}`;
}

/**
 * Community results per option (product.md#screens): rounded percentage, first three words, the user's option
 * marked "You". Bar sizes use the 8%/2% floors; every number is also text, and each item carries a
 * full sentence for screen readers.
 */
/**
 * Bar labels are cut to three words (product.md#limits); the card still says every option in full, under the chart,
 * wrapping between words. (Screen readers get the full text in each bar's sentence.)
 */
export function FullOptions({ bars }: { bars: readonly OptionBar[] }) {
  if (bars.every((bar) => bar.label === bar.text)) return null;
  return (
    <ol
      aria-hidden="true"
      className="mt-3 space-y-0.5 border-t border-gray-100 pt-2 text-xs text-gray-700 sm:mt-4 sm:space-y-1 sm:pt-3"
      data-full-options=""
    >
      {bars.map((bar) => (
        <li key={bar.id} className="flex gap-2">
          <span
            className={`w-9 shrink-0 text-right font-bold tabular-nums ${bar.isUser ? 'text-tea-800' : 'text-brand-900'}`}
          >
            {bar.pct}%
          </span>
          <span className={`min-w-0 break-words ${bar.isUser ? 'text-tea-900 font-semibold' : ''}`}>
            {bar.icon ? `${bar.icon} ` : ''}
            {bar.text}
            {bar.isUser ? ' (You)' : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function OptionBars({
  bars,
  caption = 'Community results',
  rows = false,
  weighted = false,
}: {
  bars: readonly OptionBar[];
  caption?: string;
  /** Rows whatever the count (a phone's compact summary). */
  rows?: boolean;
  /** Weighted shares (docs/decisions/0296-weighted-beside-raw.md): no answer counts, they would not add up. */
  weighted?: boolean;
}) {
  const label = weighted ? `${caption}, weighted to SA adults` : caption;
  if (!rows && bars.length <= MAX_COLUMNS) {
    return (
      <>
        <ul
          aria-label={label}
          className="grid gap-2 sm:gap-3"
          style={{ gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))` }}
        >
          {bars.map((bar) => (
            <li
              key={bar.id}
              className="flex min-w-0 flex-col items-center"
              data-option={bar.id}
              data-percent={bar.pct}
            >
              <span className="sr-only">{srLabel(bar, weighted)}</span>
              <div aria-hidden="true" className="flex h-6 items-end">
                {bar.isUser ? (
                  <span className="bg-tea-100 text-tea-900 rounded-full px-2 py-0.5 text-[11px] font-bold tracking-wide uppercase">
                    You
                  </span>
                ) : null}
              </div>
              <span
                aria-hidden="true"
                className={`mt-1 text-base font-extrabold tabular-nums sm:text-lg ${bar.isUser ? 'text-tea-800' : 'text-brand-900'}`}
              >
                {bar.pct}%
              </span>
              <div
                aria-hidden="true"
                className="bg-brand-50 mt-1 flex h-36 w-full max-w-20 items-end overflow-hidden rounded-2xl sm:h-44"
              >
                <div
                  data-bar-height={bar.height}
                  className={`w-full rounded-2xl transition-[height] duration-700 ease-out ${
                    bar.isUser
                      ? 'from-tea-500 to-tea-300 bg-linear-to-t shadow-[0_0_0_2px_var(--color-tea-600)_inset]'
                      : 'from-brand-500 to-brand-300 bg-linear-to-t'
                  }`}
                  style={{ height: `${bar.height}%` }}
                />
              </div>
              {bar.icon ? (
                <span aria-hidden="true" className="mt-2 text-lg leading-none">
                  {bar.icon}
                </span>
              ) : null}
              <span
                aria-hidden="true"
                title={bar.text}
                className={`mt-2 line-clamp-3 text-center text-xs leading-snug font-semibold break-words ${bar.isUser ? 'text-tea-900' : 'text-gray-800'}`}
              >
                {bar.label}
              </span>
              <span aria-hidden="true" className="mt-0.5 text-[11px] text-gray-600 tabular-nums">
                {weighted ? 'weighted' : formatCount(bar.count)}
              </span>
            </li>
          ))}
        </ul>
        <FullOptions bars={bars} />
      </>
    );
  }
  // Rows (a phone's summary): each option one line with its bar drawn behind it. The options in full wait with
  // the breakdowns (the card renders FullOptions there), so the summary stays short.
  return (
    <ul aria-label={label} className="space-y-1">
      {bars.map((bar) => (
        <li
          key={bar.id}
          data-option={bar.id}
          data-percent={bar.pct}
          className={`relative overflow-hidden rounded-xl ${bar.isUser ? 'bg-tea-50 ring-tea-300 ring-1' : 'bg-brand-50/70'}`}
        >
          <span className="sr-only">{srLabel(bar, weighted)}</span>
          <div
            aria-hidden="true"
            data-bar-height={bar.height}
            className={`absolute inset-y-0 left-0 ${bar.isUser ? 'bg-tea-200' : 'bg-brand-100'}`}
            style={{ width: `${bar.height}%` }}
          />
          <div
            aria-hidden="true"
            className="relative flex min-h-[1.625rem] items-center justify-between gap-3 px-3 py-0.5 text-sm"
          >
            <span
              title={bar.text}
              className={`min-w-0 truncate font-semibold ${bar.isUser ? 'text-tea-900' : 'text-gray-800'}`}
            >
              {bar.icon ? `${bar.icon} ` : ''}
              {bar.label}
              {bar.isUser ? (
                <span className="bg-tea-100 text-tea-900 ml-2 rounded-full px-2 py-0.5 text-[11px] font-bold uppercase">
                  You
                </span>
              ) : null}
            </span>
            <span className="text-brand-900 shrink-0 font-extrabold tabular-nums">
              {bar.pct}%
              {weighted ? null : (
                <span className="text-xs font-medium text-gray-700"> ({formatCount(bar.count)})</span>
              )}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
