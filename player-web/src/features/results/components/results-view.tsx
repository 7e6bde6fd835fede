import { useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { hashKey, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { nextStep, type NextStep } from '@daily-tea/shared/domain/selection';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useDaySource } from '../../../lib/day-source';
import { queryKeys } from '../../../lib/queries';
import { useQuestionResults, useResultsReload, useResultsTopic } from '../api/get-question-results';
import { useResultsMode } from '../hooks/use-results-mode';
import { ShareButton } from '../share/share-button';
import { shareCardData } from '../share/share-model';
import { NextBar } from './next-bar';
import { loadBreakdowns, QuestionResultCard } from './question-result-card';
import { ResultsSkeleton } from './results-skeleton';
import { plural } from './results-model';

const iconButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-900 shadow-sm ring-1 ring-brand-100 transition hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';

/**
 * Refresh (product.md#screens) reloads today's topics and these results. It watches the fetching state itself, so the
 * reloads (product.md#flows's 800 + 200 ms, the 60 s polls) re-render this button, not the whole screen.
 */
function RefreshButton({ questionIds }: { questionIds: readonly string[] }) {
  const queryClient = useQueryClient();
  const { queryKey: dayKey } = useDaySource();
  const keys = useMemo(
    () => [dayKey, ...questionIds.map((id) => queryKeys.questionResults(id))],
    [dayKey, questionIds],
  );
  const hashes = useMemo(() => new Set(keys.map((key) => hashKey(key))), [keys]);
  const refreshing = useIsFetching({ predicate: (query) => hashes.has(query.queryHash) }) > 0;
  function refresh() {
    for (const queryKey of keys) void queryClient.refetchQueries({ queryKey, exact: true });
  }
  return (
    <button
      type="button"
      onClick={refresh}
      disabled={refreshing}
      aria-busy={refreshing}
      className={iconButton}
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className={`size-4 ${refreshing ? 'animate-spin' : ''}`}
      >
        <path d="M15.3 4.7A7 7 0 1 0 17 10a.75.75 0 0 0-1.5 0 5.5 5.5 0 1 1-1.7-3.97H12a.75.75 0 0 0 0 1.5h3.75A.75.75 0 0 0 16.5 6.8V3a.75.75 0 0 0-1.5 0v1.92l.3-.22Z" />
      </svg>
      Refresh
    </button>
  );
}

/**
 * Results of one topic (product.md#screens): back and refresh, a summary, one card per question. Questions and
 * the user's answers come from today's topics; each card polls its own results. `aside` shows under the
 * summary and `after` under the cards (the route composes other features there).
 */
export function ResultsView(props: {
  topicId: string;
  onBack: () => void;
  onNext: (step: NextStep) => void;
  aside?: ReactNode;
  /** Under the cards once they have all settled (the route composes other features there). */
  after?: ReactNode;
}) {
  const { topicId, onBack, onNext, aside, after } = props;
  const { query: topicsQuery, topic } = useResultsTopic(topicId);
  const allTopics = topicsQuery.data?.topics;
  const step = useMemo(() => (allTopics ? nextStep(allTopics, topicId) : null), [allTopics, topicId]);
  const picked = allTopics?.filter((t) => t.isSelected) ?? [];
  const finishedCount = picked.filter((t) => t.showResults).length;
  const questions = useMemo(() => topic?.questions ?? [], [topic]);
  const questionIds = useMemo(() => questions.map((q) => q.id), [questions]);
  const resultQueries = useQuestionResults(questionIds);
  useResultsReload(questionIds);
  // The screen shows with its first card's results (or their error), not before: the hero and that card's split
  // paint in one frame — no second render, layout and paint of the card as they arrive (they are asked for with
  // today's topics, ADR 0248, so the wait is short), and the page's largest text is in that first paint.
  const firstWaiting =
    resultQueries[0] !== undefined && resultQueries[0].data === undefined && !resultQueries[0].isError;
  // The screen itself draws in a deferred render once they are in. Results arrive through react-query's store
  // (useSyncExternalStore), whose updates React renders synchronously: drawn in that update, the hero, the offer
  // and the first card were one long task (15–35 ms on this machine unthrottled, ×4 on Lighthouse's phone). The
  // urgent render keeps the skeleton; the deferred one is time-sliced and still commits everything in one paint.
  const firstShown = useDeferredValue(!firstWaiting);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(titleRef, topic !== undefined && firstShown);
  // The cards' breakdowns (their own chunk) load once the screen has painted and the browser is idle, so a tap
  // on "By group, place and over time" does not wait for them.
  useEffect(() => {
    if (!firstShown) return;
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => void loadBreakdowns(), 2000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => void loadBreakdowns(), { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, [firstShown]);

  const answered = questions.filter((q) => q.userAnswer !== null).length;
  const complete = questions.length > 0 ? Math.round((answered / questions.length) * 100) : 0;
  // A card's height is known only once its results are in (or have failed). Cards are shown in order, each after
  // the one above it has settled, so no card is ever on screen below one that is still to grow (on a 1440×900
  // screen the second card starts in view: it was pushed out of it when the first card's results arrived, a
  // layout shift of 0.33). The first card renders at once; the rest render in an interruptible background pass,
  // so a phone's main thread is never blocked by every chart at once (they start below the fold). All results are
  // requested together (usePrefetchResults), so waiting for the card above costs no round trip.
  const firstPending = resultQueries.findIndex((q) => q.data === undefined && !q.isError);
  const settled = firstPending === -1 ? resultQueries.length : firstPending;
  const settledShown = useDeferredValue(settled, 0);
  const shownCount = Math.min(questions.length, settledShown + 1);
  const resultsData = resultQueries.map((q) => q.data);
  const [mode] = useResultsMode();
  const share = topic ? shareCardData(topic.title, questions, resultsData, mode === 'weighted') : null;

  if (topic && !firstShown) return <ResultsSkeleton />;
  return (
    // Toasts show just above the fixed bottom bar (docs/decisions/0249-one-toast-place.md). Two columns from a 59rem
    // viewport (this box is then 56rem wide inside the page's padding): a viewport query, not a container query,
    // whose interleaved style and layout made the screen's cold first layout about twice as long (ADR 0276).
    <div
      className="mx-auto w-full max-w-6xl space-y-3 pb-14 sm:space-y-5 sm:pb-28"
      data-results-view={topicId}
    >
      <div className="flex items-center justify-between gap-3">
        <button type="button" onClick={onBack} className={iconButton}>
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            <path d="M12.8 4.2a.75.75 0 0 1 0 1.06L8.06 10l4.74 4.74a.75.75 0 1 1-1.06 1.06l-5.27-5.27a.75.75 0 0 1 0-1.06l5.27-5.27a.75.75 0 0 1 1.06 0Z" />
          </svg>
          Back
        </button>
        <RefreshButton questionIds={questionIds} />
      </div>

      {topicsQuery.isPending ? (
        <p className="py-16 text-center text-gray-700" role="status">
          Loading results...
        </p>
      ) : topicsQuery.isError && !topic ? (
        <div role="alert" className="rounded-3xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">Could not load today's topics.</p>
          <p className="mt-1 text-sm">
            {topicsQuery.error instanceof Error ? topicsQuery.error.message : 'Please try again.'}
          </p>
        </div>
      ) : !topic ? (
        <div className="ring-brand-100 rounded-3xl bg-white p-6 text-center text-gray-800 ring-1">
          <p className="font-semibold">This topic is not part of today's topics.</p>
        </div>
      ) : (
        <div className="grid gap-3 sm:gap-5 min-[59rem]:grid-cols-[minmax(0,21rem)_minmax(0,1fr)] min-[59rem]:items-start">
          <aside className="space-y-4 min-[59rem]:sticky min-[59rem]:top-24">
            <section
              aria-labelledby="results-title"
              className="from-brand-800 via-brand-700 to-brand-600 relative overflow-hidden rounded-3xl bg-linear-to-br p-4 text-white shadow-lg sm:p-8"
            >
              <div
                aria-hidden="true"
                className="absolute -top-20 -right-16 size-56 rounded-full bg-white/10"
              />
              <div
                aria-hidden="true"
                className="absolute -bottom-24 -left-10 size-48 rounded-full bg-white/10"
              />
              <div className="relative">
                <p className="text-tea-200 text-xs font-bold tracking-[0.2em] uppercase max-sm:sr-only">
                  Your results
                </p>
                <h1
                  id="results-title"
                  ref={titleRef}
                  tabIndex={-1}
                  className="text-2xl font-extrabold text-balance outline-none sm:mt-1 sm:text-3xl"
                >
                  {topic.title}
                </h1>
                {topic.description ? (
                  <p className="text-brand-100 mt-1 max-w-prose text-sm max-sm:hidden">{topic.description}</p>
                ) : null}
                {/* On a phone one line of text ("3 Questions · 100% Complete"), wider two pills. */}
                <dl className="mt-1 flex flex-wrap gap-x-2 sm:mt-5 sm:gap-2.5">
                  <div className="sm:rounded-2xl sm:bg-white/15 sm:px-4 sm:py-2">
                    <dt className="sr-only">Questions</dt>
                    <dd className="inline text-sm font-bold sm:block" data-summary="questions">
                      {plural(questions.length, 'Question')}
                    </dd>
                  </div>
                  <div className="max-sm:before:mr-2 max-sm:before:content-['·'] sm:rounded-2xl sm:bg-white/15 sm:px-4 sm:py-2">
                    <dt className="sr-only">Progress</dt>
                    <dd className="inline text-sm font-bold sm:block" data-summary="complete">
                      {complete}% Complete
                    </dd>
                  </div>
                </dl>
                <div className="mt-3 sm:mt-5">
                  <ShareButton title={topic.title} data={share} variant="light" />
                </div>
              </div>
            </section>
            {aside}
            <p className="hidden px-2 text-xs leading-relaxed text-gray-700 min-[59rem]:block">
              Percentages are rounded shares of everyone who answered. Group breakdowns appear only once
              enough people in enough groups have answered; from 30 answers each card also shows how precise
              your option&apos;s share is.
            </p>
          </aside>

          <div className="min-w-0 space-y-3 sm:space-y-5">
            {questions.slice(0, shownCount).map((question, index) => {
              const query = resultQueries[index];
              return query ? (
                <QuestionResultCard
                  key={question.id}
                  question={question}
                  index={index}
                  count={questions.length}
                  query={query}
                />
              ) : null;
            })}

            {/* Once every card has its results: below a card still loading it would be pushed down. */}
            {settledShown === questions.length ? after : null}
          </div>
        </div>
      )}
      {step && topic ? (
        <NextBar
          step={step}
          done={finishedCount}
          of={Math.max(MAX_TOPICS_PER_DAY, picked.length)}
          onGo={onNext}
        />
      ) : null}
    </div>
  );
}
