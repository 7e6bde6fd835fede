import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import { pickCostText } from '@daily-tea/shared/domain/selection';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useSelectTopic } from '../api/select-topic';

/**
 * A topic's URL opened before the topic was picked (a shared or bookmarked link): starting it spends one of
 * the day's picks, so the player confirms it here instead of it happening on page load.
 */
export function StartTopic({ topic, selectedCount }: { topic: DailyTopic; selectedCount: number }) {
  const select = useSelectTopic();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const locked = topic.isLocked;
  return (
    <section className="mx-auto max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm">
      <p className="text-brand-700 text-xs font-semibold tracking-wider uppercase">{topic.category}</p>
      <h1 ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold text-stone-900 outline-none">
        {topic.title}
      </h1>
      {topic.description && <p className="mt-2 text-stone-600">{topic.description}</p>}
      {locked ? (
        <>
          <p className="mt-6 font-medium text-stone-800">Max topics selected (3/3)</p>
          <Link
            to={paths.home}
            className="bg-brand-600 hover:bg-brand-700 mt-4 inline-flex rounded-xl px-5 py-2.5 font-semibold text-white"
          >
            Back to today&apos;s topics
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={() => select.mutate(topic.id)}
            disabled={select.isPending}
            aria-describedby="start-topic-cost"
            className="bg-brand-600 hover:bg-brand-700 mt-6 w-full rounded-xl px-4 py-3 font-semibold text-white shadow-sm disabled:opacity-60"
          >
            Start Questions
          </button>
          <p id="start-topic-cost" className="mt-2 text-sm text-stone-600">
            {pickCostText(selectedCount)}
          </p>
          <Link to={paths.home} className="text-brand-800 mt-4 inline-block text-sm font-semibold underline">
            Not now
          </Link>
        </>
      )}
    </section>
  );
}
