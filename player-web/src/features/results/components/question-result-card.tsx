import { lazy, memo, Suspense, useDeferredValue, useEffect, useId, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import { communityInsight, type InsightBand } from '@daily-tea/shared/domain/insight';
import { MARGIN_OF_ERROR_MIN_N } from '@daily-tea/shared/domain/constants';
import { optionText } from '@daily-tea/shared/domain/results';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { CrowdVerdictNote, NumericVerdictNote } from './crowd-verdict';
import { FriendsAnswers } from './friends-answers';
import { NumericBreakdown, NumericTrack, YourPerformance } from './numeric-breakdown';
import { FullOptions, OptionBars } from './option-bars';
import { RenderWhenNear } from './render-when-near';
import { WeightedSwitch } from './weighted-switch';
import { weightedView } from './weighted-model';
import { WeightedAverage, WeightedDetails, WeightedLine } from './weighted-results';
import { useResultsMode } from '../hooks/use-results-mode';
import {
  citySection,
  countrySection,
  trendView,
  type CitySection,
  type CountrySection,
} from './trend-places-model';
import {
  demographicSections,
  optionBars,
  type DemographicSection,
  plural,
  userNumericOf,
  userOptionIdOf,
  userShareMargin,
  withUnit,
} from './results-model';

/** The breakdowns' code (card-breakdowns.tsx): asked for when a card opens, or when the browser is idle. */
export const loadBreakdowns = () => import('./card-breakdowns');
const CardBreakdowns = lazy(() => loadBreakdowns().then((m) => ({ default: m.CardBreakdowns })));

const BAND_STYLE: Record<InsightBand, string> = {
  clear_majority: 'bg-emerald-50 ring-emerald-200 text-emerald-900',
  popular: 'bg-brand-50 ring-brand-200 text-brand-900',
  solid_group: 'bg-sky-50 ring-sky-200 text-sky-900',
  minority: 'bg-tea-50 ring-tea-200 text-tea-900',
  unique: 'bg-fuchsia-50 ring-fuchsia-200 text-fuchsia-900',
};

function UserAnswer({
  question,
  results,
  compact,
}: {
  question: DailyQuestion;
  results: QuestionResults | undefined;
  /** A phone's summary: one short line instead of the boxed answer. */
  compact: boolean;
}) {
  const optionIdValue = userOptionIdOf(question, results);
  const numeric = userNumericOf(question, results);
  let text: string | null = null;
  let icon: string | null = null;
  if (optionIdValue !== null) {
    const index = Number(/^opt-(\d+)$/.exec(optionIdValue)?.[1] ?? 0) - 1;
    const option = question.options[index];
    text = option === undefined ? optionIdValue : optionText(option);
    icon = option === undefined || typeof option === 'string' ? null : (option.icon ?? null);
  } else if (numeric !== null) {
    text = withUnit(numeric, question.numericUnit, 2);
  }
  const answer = (
    <>
      {icon ? (
        <span aria-hidden="true" className="mr-1.5">
          {icon}
        </span>
      ) : null}
      <span data-your-answer="">{text ?? 'Not answered'}</span>
    </>
  );
  if (compact) {
    return (
      <p className="mt-1 text-sm break-words">
        <span className="text-tea-900 mr-2 text-xs font-bold tracking-wider uppercase">Your answer</span>
        <span className="font-semibold text-gray-900">{answer}</span>
      </p>
    );
  }
  return (
    <div className="bg-tea-50 ring-tea-200 flex items-start gap-3 rounded-2xl px-4 py-3 ring-1">
      <span
        aria-hidden="true"
        className="bg-tea-500 mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-white"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
        </svg>
      </span>
      <div className="min-w-0">
        <p className="text-tea-900 text-xs font-bold tracking-wider uppercase">Your answer</p>
        <p className="font-semibold break-words text-gray-900">{answer}</p>
      </div>
    </div>
  );
}

/**
 * The height the breakdowns below the chart will take, from their row counts (phone layout), so the box that
 * holds their place until they render is about their size.
 */
function breakdownsEstimate(
  hasTrend: boolean,
  hasInsight: boolean,
  sections: readonly DemographicSection[],
  country: CountrySection,
  city: CitySection | null,
): number {
  const GAP = 24;
  const block = (available: boolean, rows: number) => (available ? 100 + rows * 58 : 118);
  let height = (hasTrend ? 330 + GAP : 0) + (hasInsight ? 96 + GAP : 0);
  height +=
    28 + sections.reduce((sum, s) => sum + 12 + block(s.available, s.available ? s.groups.length : 0), 0);
  height += GAP + 28 + 12 + block(country.available, country.available ? country.rows.length : 0);
  if (city) height += 12 + block(city.available, city.available ? city.rows.length : 0);
  return height;
}

function CardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-3">
      <div className="bg-brand-100 h-4 w-1/3 rounded" />
      <div className="flex h-44 items-end gap-3">
        {[60, 85, 35, 20].map((h) => (
          <div key={h} className="bg-brand-100 flex-1 rounded-2xl" style={{ height: `${h}%` }} />
        ))}
      </div>
    </div>
  );
}

/** One question's results card (product.md#screens), with its sample size and, from 30 answers, the margin of error. */
function QuestionResultCardView(props: {
  question: DailyQuestion;
  index: number;
  count: number;
  query: UseQueryResult<QuestionResults>;
}) {
  const { question, index, count, query } = props;
  // Results draw in a deferred (background, interruptible) render when they arrive: the urgent pass keeps the
  // card as it was, so several cards' results landing together never make one long task on a phone.
  const results = useDeferredValue(query.data);
  const isChoice = question.type === 'multiple_choice';
  const userOption = userOptionIdOf(question, results);
  const bars = results && isChoice ? optionBars(question, results, userOption) : [];
  const mine = bars.find((b) => b.isUser);
  const insight =
    results && isChoice && mine
      ? communityInsight((mine.count / Math.max(1, results.totalAnswers)) * 100, results.totalAnswers)
      : null;
  const margin = results && isChoice ? userShareMargin(bars, results.totalAnswers) : null;
  const weighted = results ? weightedView(question, results, userOption) : null;
  const [mode, setMode] = useResultsMode();
  // The weighted bars only while they are shown; withheld, the card keeps the raw split and says why.
  const drawWeighted = mode === 'weighted' && weighted?.kind === 'shown';
  const numericValue = userNumericOf(question, results);
  const headingId = `result-q-${question.id}`;
  // A phone opens on the summary (answer, split, insight, verdict); the breakdowns are one tap away. A desktop
  // shows them open. Bars draw as rows on a phone: the columns took a screen per question.
  const wide = useMediaQuery('(min-width: 64rem)');
  const roomy = useMediaQuery('(min-width: 40rem)');
  const [moreOpen, setMoreOpen] = useState<boolean | null>(null);
  const open = moreOpen ?? wide;
  const moreId = useId();
  // The breakdowns' models only once they show: a phone's first render of the summary does without them.
  const details = results && open ? results : null;
  const trend = details ? trendView(question, details, userOption) : null;
  const sections = details ? demographicSections(question, details, userOption) : [];
  const country = details ? countrySection(question, details, userOption) : null;
  const city = details ? citySection(question, details, userOption) : null;
  const estimate = country ? breakdownsEstimate(trend !== null, false, sections, country, city) : 0;
  useEffect(() => {
    if (open) void loadBreakdowns();
  }, [open]);

  return (
    <article
      aria-labelledby={headingId}
      data-question-id={question.id}
      className="ring-brand-100 overflow-hidden rounded-3xl bg-white shadow-sm ring-1"
    >
      <header className="border-brand-50 border-b px-4 pt-3 pb-2 sm:px-7 sm:pt-6 sm:pb-4">
        {/* min-h-5/6: the row is as tall before the answer count arrives as with it (its pill's height). */}
        <div className="flex min-h-5 items-center justify-between gap-3 sm:min-h-6">
          <span className="text-brand-700 text-xs font-bold tracking-wider uppercase">
            Question {index + 1} of {count}
          </span>
          {results ? (
            <span
              className="bg-brand-50 text-brand-900 rounded-full px-2.5 py-0.5 text-xs font-semibold tabular-nums sm:py-1"
              data-total-answers={results.totalAnswers}
            >
              {plural(results.totalAnswers, 'answer')}
            </span>
          ) : null}
        </div>
        <h2
          id={headingId}
          className="mt-1 text-base leading-snug font-bold text-balance text-gray-950 sm:mt-2 sm:text-xl"
        >
          {question.text}
        </h2>
        {roomy ? null : <UserAnswer question={question} results={results} compact />}
      </header>

      <div className="space-y-2.5 px-4 pt-2.5 pb-3 sm:space-y-6 sm:px-7 sm:py-6">
        {roomy ? <UserAnswer question={question} results={results} compact={false} /> : null}

        {/* A guess's verdict is part of the summary; without a guess, the crowd's pick waits with the breakdowns. */}
        {results?.crowdVerdict && (results.crowdVerdict.guessOptionId !== null || open) ? (
          <CrowdVerdictNote question={question} verdict={results.crowdVerdict} />
        ) : null}
        {results?.numericVerdict &&
        numericValue !== null &&
        (results.numericVerdict.guessDirection !== null || open) ? (
          <NumericVerdictNote question={question} answer={numericValue} verdict={results.numericVerdict} />
        ) : null}

        {results ? <FriendsAnswers question={question} results={results} /> : null}

        {query.isError && results ? (
          <p role="status" className="bg-tea-50 text-tea-900 rounded-xl px-3 py-2 text-xs">
            Could not refresh just now; these are the last results loaded.
          </p>
        ) : null}

        {query.isError && !results ? (
          <div
            role="alert"
            className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200"
          >
            <p className="font-semibold">Could not load these results.</p>
            <p className="mt-0.5">
              {query.error instanceof Error ? query.error.message : 'Please try again.'}
            </p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="mt-2 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
            >
              Try again
            </button>
          </div>
        ) : null}

        {!results && !query.isError ? <CardSkeleton /> : null}

        {results && isChoice ? (
          <section className="space-y-2 sm:space-y-3">
            {/* On a phone the heading row is for screen readers (the answer count is on the card's pill) and the switch
                sits beside the weighted line under the bars; wider, the heading and count sit left of the switch. */}
            <div
              className={roomy ? 'flex flex-wrap items-center justify-between gap-x-3 gap-y-2' : 'sr-only'}
            >
              <div className="flex flex-1 items-baseline justify-between gap-3">
                <h3 className="text-brand-900 text-sm font-bold tracking-wide uppercase">
                  Community results
                </h3>
                <span className="text-xs text-gray-600">
                  {drawWeighted ? 'Weighted to SA adults' : plural(results.totalAnswers, 'total answer')}
                </span>
              </div>
              {roomy && weighted?.kind === 'shown' ? <WeightedSwitch mode={mode} onChange={setMode} /> : null}
            </div>
            <OptionBars bars={drawWeighted ? weighted.bars : bars} rows={!roomy} weighted={drawWeighted} />
            {weighted && roomy ? (
              <WeightedLine
                view={weighted}
                mode={mode}
                rawBars={bars}
                total={results.totalAnswers}
                compact={false}
              />
            ) : null}
            {weighted && !roomy ? (
              // A phone's summary: one short line, the switch beside it (ADR 0246's budget); the rest in the details.
              <div className="flex items-center gap-2">
                <WeightedLine
                  view={weighted}
                  mode={mode}
                  rawBars={bars}
                  total={results.totalAnswers}
                  compact
                />
                {weighted.kind === 'shown' ? <WeightedSwitch mode={mode} onChange={setMode} compact /> : null}
              </div>
            ) : null}
          </section>
        ) : null}

        {results && !isChoice ? (
          results.numericStats ? (
            <>
              <NumericBreakdown
                stats={results.numericStats}
                unit={question.numericUnit}
                yours={numericValue}
                track={roomy}
              />
              {weighted ? (
                <WeightedAverage view={weighted} unit={question.numericUnit} compact={!roomy} />
              ) : null}
              {numericValue !== null ? (
                <YourPerformance
                  value={numericValue}
                  average={results.numericStats.average}
                  unit={question.numericUnit}
                />
              ) : null}
            </>
          ) : (
            <p className="text-sm text-gray-700">No responses yet.</p>
          )
        ) : null}

        {insight ? (
          <div
            className={`rounded-2xl px-4 py-1.5 ring-1 sm:py-3 ${BAND_STYLE[insight.band]}`}
            data-insight={insight.band}
          >
            <p className="text-xs font-bold tracking-wider uppercase opacity-90 max-sm:sr-only">
              Community insight
            </p>
            {/* A phone reads it as one short paragraph; a wider card gives the title its own line. */}
            <p className="text-sm sm:mt-0.5">
              <span className="font-bold sm:block sm:text-base">{insight.title}</span>{' '}
              <span>{insight.text}</span>
            </p>
          </div>
        ) : null}

        {results ? (
          <button
            type="button"
            data-more=""
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => setMoreOpen(!open)}
            // On a phone a strip across the card's foot (its bottom padding taken back while closed).
            className={`text-brand-800 hover:bg-brand-50 ring-brand-100 border-brand-50 flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-4 text-left text-sm font-semibold ring-1 max-sm:-mx-4 max-sm:w-[calc(100%+2rem)] max-sm:rounded-none max-sm:border-t max-sm:ring-0 ${open ? '' : 'max-sm:-mb-3'}`}
          >
            <span>{open ? 'Hide the breakdowns' : 'By group, place and over time'}</span>
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
              className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            >
              <path d="M5.2 7.7a.75.75 0 0 1 1.06 0L10 11.44l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.76a.75.75 0 0 1 0-1.06Z" />
            </svg>
          </button>
        ) : null}

        {results && country && open ? (
          // Below the chart, out of sight on arrival: rendered as it comes near (RenderWhenNear).
          <div id={moreId} className="space-y-6">
            {/* A phone's rows cut labels to three words: the options in full are here, with the breakdowns. */}
            {isChoice && !roomy ? <FullOptions bars={bars} /> : null}
            {!isChoice && !roomy && results.numericStats ? (
              <NumericTrack stats={results.numericStats} yours={numericValue} />
            ) : null}
            <RenderWhenNear estimate={estimate}>
              {/* While their code loads, the same box as RenderWhenNear's holds their place. */}
              <Suspense fallback={<div style={{ height: estimate }} data-deferred="" />}>
                <CardBreakdowns
                  trend={trend}
                  sections={sections}
                  country={country}
                  city={city}
                  isChoice={isChoice}
                />
              </Suspense>
            </RenderWhenNear>
          </div>
        ) : null}
      </div>

      {results && open ? (
        <footer
          className="border-brand-50 bg-brand-50/50 flex flex-wrap items-center gap-x-3 gap-y-1 border-t px-5 py-3 text-xs text-gray-700 sm:px-7"
          data-sample-size={results.totalAnswers}
        >
          <span>
            Sample size:{' '}
            <span className="font-semibold text-gray-900">{plural(results.totalAnswers, 'answer')}</span>
          </span>
          {margin !== null ? (
            <span data-margin={margin}>
              Your option&apos;s share:{' '}
              <span className="font-semibold text-gray-900">±{margin.toFixed(1)} pts</span> (95% margin of
              error)
            </span>
          ) : isChoice && results.totalAnswers < MARGIN_OF_ERROR_MIN_N ? (
            <span>Small sample: these shares can still move a lot as more people answer.</span>
          ) : null}
          {weighted ? <WeightedDetails view={weighted} isChoice={isChoice} compact={!roomy} /> : null}
        </footer>
      ) : null}
    </article>
  );
}

/**
 * A card re-renders only when its own question or results change: the 60 s polls, the product.md#flows reloads and
 * the other cards' arrivals leave it alone (results are the heaviest screen to render on a phone).
 */
export const QuestionResultCard = memo(
  QuestionResultCardView,
  (a, b) =>
    a.question === b.question &&
    a.index === b.index &&
    a.count === b.count &&
    a.query.data === b.query.data &&
    a.query.isError === b.query.isError &&
    a.query.error === b.query.error,
);
