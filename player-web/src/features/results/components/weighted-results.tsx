import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { OptionBar } from './results-model';
import { averageText, formatCount, plural, withUnit } from './results-model';
import { effectiveText, pointsText, type WeightedView } from './weighted-model';
import type { ResultsMode } from '../hooks/use-results-mode';

const linkClass =
  'text-brand-800 decoration-brand-300 hover:decoration-brand-700 font-semibold whitespace-nowrap underline underline-offset-2';

/** Link to /methodology: "How we weight". */
export function MethodologyLink() {
  return (
    <Link to={paths.methodology} className={linkClass} data-methodology-link="">
      How we weight
    </Link>
  );
}

const lineClass = 'text-xs leading-relaxed text-stone-700 sm:text-sm';
const boxClass = `bg-brand-50/60 rounded-xl px-3 py-2 ${lineClass}`;

function Withheld(props: {
  view: WeightedView & { kind: 'withheld' };
  what: string;
  /** A phone's summary: the reason in a few words; in full with the details (WeightedDetails). */
  compact: boolean;
}) {
  const { view, what, compact } = props;
  if (compact)
    return (
      <p className={lineClass} data-weighted="withheld">
        <span className="font-semibold text-stone-900">Weighted: not shown yet</span> — {view.short}
      </p>
    );
  return (
    <p className={lineClass} data-weighted="withheld">
      <span className="font-semibold text-stone-900">{what}: not shown.</span> {view.reason}{' '}
      <MethodologyLink />
    </p>
  );
}

/**
 * One line under a choice card's bars: the split the bars do not draw, so the weighted share is always in view
 * beside the raw one (the headline option: the player's own, else the weighted leader). Withheld: why.
 * A phone's summary (`compact`) says it in one short line beside the switch; the rest is in the details.
 */
export function WeightedLine(props: {
  view: WeightedView;
  mode: ResultsMode;
  rawBars: readonly OptionBar[];
  total: number;
  compact: boolean;
}) {
  const { view, mode, rawBars, total, compact } = props;
  if (view.kind === 'withheld')
    return <Withheld view={view} what="Weighted to SA adults" compact={compact} />;
  const headline = view.headline;
  if (!headline) return null;
  const raw = rawBars.find((b) => b.id === headline.id);
  if (compact) {
    const who = headline.isUser ? ' (you)' : '';
    return (
      <p className={`min-w-0 flex-1 ${lineClass}`} data-weighted="shown" data-weighted-headline={headline.id}>
        {mode === 'answered' ? (
          <>
            <span className="font-semibold text-stone-900">Weighted:</span>{' '}
            <span className="text-brand-900 font-extrabold tabular-nums" data-weighted-percent={headline.pct}>
              {headline.pct}%
            </span>{' '}
            chose {headline.label}
            {who}, <span className="whitespace-nowrap">{pointsText(view.interval, true)}</span>
          </>
        ) : (
          <>
            <span className="font-semibold text-stone-900">As answered:</span>{' '}
            <span className="text-brand-900 font-extrabold tabular-nums">{raw?.pct ?? 0}%</span> chose{' '}
            {headline.label}
            {who}
          </>
        )}
      </p>
    );
  }
  const who = headline.isUser ? ' (your answer)' : '';
  return (
    <p className={boxClass} data-weighted="shown" data-weighted-headline={headline.id}>
      {mode === 'answered' ? (
        <>
          <span className="font-semibold text-stone-900">Weighted to SA adults:</span>{' '}
          <span className="text-brand-900 font-extrabold tabular-nums" data-weighted-percent={headline.pct}>
            {headline.pct}%
          </span>{' '}
          chose {headline.text}
          {who}, <span className="whitespace-nowrap">{pointsText(view.interval)}</span>
        </>
      ) : (
        <>
          <span className="font-semibold text-stone-900">As answered:</span>{' '}
          <span className="text-brand-900 font-extrabold tabular-nums">{raw?.pct ?? 0}%</span> of{' '}
          {plural(total, 'answer')} chose {headline.text}
          {who}
        </>
      )}
    </p>
  );
}

/** A numeric card's weighted average, beside the raw Numeric Breakdown. */
export function WeightedAverage(props: { view: WeightedView; unit: string | null; compact: boolean }) {
  const { view, unit, compact } = props;
  if (view.kind === 'withheld') return <Withheld view={view} what="Weighted average" compact={compact} />;
  if (view.average === null) return null;
  return (
    <p className={compact ? lineClass : boxClass} data-weighted="shown">
      <span className="font-semibold text-stone-900">{compact ? 'Weighted:' : 'Weighted to SA adults:'}</span>{' '}
      average{' '}
      <span className="text-brand-900 font-extrabold tabular-nums" data-weighted-average={view.average}>
        {averageText(view.average, unit)}
      </span>
      , <span className="whitespace-nowrap">±{withUnit(view.interval, unit)}</span>
    </p>
  );
}

/**
 * The details footer's weighted part: effective sample, interval, who was left out, and the methodology link; on a
 * phone (`compact`) also why a withheld figure is not shown (its summary line says it in a few words).
 */
export function WeightedDetails(props: { view: WeightedView; isChoice: boolean; compact: boolean }) {
  const { view, isChoice, compact } = props;
  const leftOut =
    view.excluded > 0 ? (
      <>
        {' '}
        · <span data-weighted-excluded={view.excluded}>{formatCount(view.excluded)} left out</span>
      </>
    ) : null;
  if (view.kind === 'withheld')
    return compact ? (
      <span data-weighted-reason="">
        <span className="font-semibold text-gray-900">Weighted to SA adults: not shown.</span> {view.reason}
        {leftOut} · <MethodologyLink />
      </span>
    ) : (
      <span>
        Not weighted yet{leftOut} · <MethodologyLink />
      </span>
    );
  return (
    <span data-effective-sample={Math.floor(view.effectiveSampleSize)}>
      Weighted: like a random sample of{' '}
      <span className="font-semibold text-gray-900">{effectiveText(view.effectiveSampleSize)}</span>
      {isChoice ? (
        <>
          {' '}
          · <span className="font-semibold text-gray-900">{pointsText(view.interval)}</span> (95%)
        </>
      ) : null}
      {leftOut} · <MethodologyLink />
    </span>
  );
}
