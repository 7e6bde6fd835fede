import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { allDoneForToday } from '@daily-tea/shared/domain/selection';
import { dropTimeText, nextDropAt } from '@daily-tea/shared/domain/game-day';
import { BADGE_DESCRIPTIONS, badgeLabel, isBadgeType } from '@daily-tea/shared/domain/badges';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useUser } from '../../../lib/auth';
import { useHowToPlay } from '../../../lib/how-to-play';
import { badgesQuery, dailyTopicsQuery, healthQuery } from '../../../lib/queries';
import { useSelectTopic } from '../api/select-topic';
import { pickQuote } from './quotes';
import { SaveProgressCard } from './save-progress';
import { TopicCard } from './topic-card';

/**
 * Today's topics while they load: the list's final shape (a demo day has 5 cards of this height), so the
 * quote and badges below do not jump down when the topics arrive.
 */
function TopicsSkeleton() {
  return (
    <div role="status" className="relative">
      <p className="absolute inset-x-0 top-20 z-10 text-center font-medium text-stone-700">
        <span className="rounded-full bg-white/90 px-4 py-2 shadow-sm">Loading your daily topics...</span>
      </p>
      <ul aria-hidden="true" className="mt-6 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="flex h-[12.5rem] flex-col rounded-2xl border border-stone-200 bg-white p-5">
            <div className="h-3 w-20 rounded bg-stone-200" />
            <div className="mt-2.5 h-5 w-3/4 rounded bg-stone-200" />
            <div className="mt-3 h-3.5 w-full rounded bg-stone-100" />
            <div className="mt-1.5 h-3.5 w-2/3 rounded bg-stone-100" />
            <div className="mt-auto h-10 rounded-xl bg-stone-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `highlights` shows under the day's status (e.g. the recap), `afterDone` under that once the day is done (it
 * gets whether it is), `extras` under the quote and badges: the route composes other features into those places
 * (features don't import each other).
 */
export function HomePage({
  intro,
  highlights,
  extras,
  afterDone,
}: {
  intro?: ReactNode;
  highlights?: ReactNode;
  extras?: ReactNode;
  afterDone?: (done: boolean) => ReactNode;
} = {}) {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const daily = useQuery(dailyTopicsQuery());
  const badges = useQuery(badgesQuery());
  // The topics and badges render in a deferred pass when they arrive: the urgent pass keeps what is on screen,
  // and the cards are built in a background render that yields to the browser (no long task on a phone).
  const dailyData = useDeferredValue(daily.data);
  const badgeList = useDeferredValue(badges.data);
  const topicsHeading = useRef<HTMLHeadingElement>(null);
  // Asked for from the header, "How to play" takes the focus instead.
  const howToPlayAsked = useHowToPlay().asked;
  useFocusOnMount(topicsHeading, undefined, () => !howToPlayAsked);
  const [quote] = useState(pickQuote);
  const select = useSelectTopic();

  async function open(topic: DailyTopic) {
    if (topic.showResults) return navigate(paths.topicResults(topic.id));
    if (!topic.isSelected) {
      try {
        await select.mutateAsync(topic.id);
      } catch {
        return;
      }
    }
    await navigate(paths.topic(topic.id));
  }

  const topics = useMemo(() => dailyData?.topics ?? [], [dailyData]);
  const selectedCount = dailyData?.userSelection.selectedCount ?? 0;
  const done = useMemo(() => allDoneForToday(topics), [topics]);
  // The drop in the player's own clock, from the server's zone and day-start hour.
  const health = useQuery({ ...healthQuery(), enabled: done });
  const dropText =
    health.data && dailyData
      ? dropTimeText(nextDropAt(dailyData.date, health.data.timeZone, health.data.dayStartHour), new Date())
      : 'New topics drop tomorrow';

  if (!user) return null;
  return (
    <div className="space-y-8">
      {user.isGuest && <SaveProgressCard />}
      <section aria-labelledby="todays-topics">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1
              id="todays-topics"
              ref={topicsHeading}
              tabIndex={-1}
              className="text-2xl font-black tracking-tight text-stone-900 outline-none sm:text-3xl"
            >
              Today&apos;s Topics
            </h1>
            <p className="mt-1 text-stone-600">Pick 3 topics to unlock the tea</p>
          </div>
          <div className="w-full sm:w-44" data-testid="selected-counter">
            <p className="text-sm font-semibold text-stone-800 sm:text-right">
              {selectedCount}/{MAX_TOPICS_PER_DAY} selected
            </p>
            <div
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-200"
              role="progressbar"
              aria-label="Topics selected"
              aria-valuemin={0}
              aria-valuemax={MAX_TOPICS_PER_DAY}
              aria-valuenow={selectedCount}
            >
              <div
                className="bg-tea-500 h-full rounded-full transition-all"
                style={{ width: `${(selectedCount / MAX_TOPICS_PER_DAY) * 100}%` }}
              />
            </div>
          </div>
        </div>

        {intro}

        {done && (
          <div
            className="mt-6 rounded-3xl bg-gradient-to-r from-emerald-700 to-teal-700 p-6 text-white shadow-md"
            role="status"
            data-testid="all-done"
          >
            <span className="text-3xl" aria-hidden="true">
              🎉
            </span>
            <p className="mt-1 text-2xl font-black">All Done for Today!</p>
            <p className="mt-1 text-white/95" data-testid="next-drop">
              {dropText}
            </p>
          </div>
        )}

        {highlights}
        {afterDone?.(done)}

        {daily.isError ? (
          <p className="py-12 text-center text-red-700" role="alert">
            {daily.error.message}
          </p>
        ) : !dailyData ? (
          <TopicsSkeleton />
        ) : topics.length === 0 ? (
          <p className="py-12 text-center text-stone-600">No topics available today</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {topics.map((topic) => (
              <TopicCard
                key={topic.id}
                topic={topic}
                busy={select.isPending}
                onOpen={(t) => void open(t)}
                onToggle={(t) => select.mutate(t.id)}
                selectedCount={selectedCount}
              />
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <figure className="bg-brand-800 rounded-3xl p-6 text-white shadow-sm">
          <blockquote className="text-lg leading-snug font-semibold">“{quote.text}”</blockquote>
          <figcaption className="text-brand-200 mt-3 text-sm">— {quote.author}</figcaption>
        </figure>
        <section
          className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm"
          aria-labelledby="your-badges"
        >
          <h2 id="your-badges" className="text-lg font-bold text-stone-900">
            Your Badges
          </h2>
          {!badgeList && !badges.isError ? (
            <p className="mt-2 text-sm text-stone-600" role="status">
              Loading your badges...
            </p>
          ) : badgeList && badgeList.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2">
              {badgeList.map((badge) => (
                <li
                  key={badge.id}
                  className="bg-tea-100 text-tea-900 rounded-full px-3 py-1.5 text-sm font-semibold capitalize"
                  title={isBadgeType(badge.type) ? BADGE_DESCRIPTIONS[badge.type] : undefined}
                >
                  🏅 {badgeLabel(badge.type)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-stone-600">
              Answer today&apos;s questions to earn your first badge.
            </p>
          )}
        </section>
      </div>
      {extras}
    </div>
  );
}
