import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { DailyTopic } from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useDaySource } from '../../../lib/day-source';
import { useArchiveSelectTopic } from '../api/archive';

/**
 * /archive/{date} — a past game day's topics, opened like today (docs/decisions/0270-history-and-archive.md): pick up
 * to 3, answer, see their results. Picking starts the topic at once.
 */
export function ArchiveDayPage({ date }: { date: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const navigate = useNavigate();
  const day = useDaySource();
  const topics = useQuery(day.query());
  const select = useArchiveSelectTopic(date);
  async function open(topic: DailyTopic) {
    if (topic.showResults) return navigate(paths.archiveTopicResults(date, topic.id));
    if (!topic.isSelected) await select.mutateAsync(topic.id);
    await navigate(paths.archiveTopic(date, topic.id));
  }
  return (
    <div className="mx-auto max-w-3xl">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-black text-stone-900 outline-none">
        Topics of {formatDisplayDate(date)}
      </h1>
      {topics.isPending ? (
        <ul
          aria-hidden="true"
          className="mt-5 grid animate-pulse gap-3 motion-reduce:animate-none sm:grid-cols-2"
        >
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-40 rounded-2xl bg-stone-200" />
          ))}
        </ul>
      ) : topics.isError ? (
        <div className="mt-5 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
          <p role="alert" className="text-stone-800">
            {topics.error.message}
          </p>
          <Link
            to={paths.archive}
            className="text-brand-800 mt-3 inline-flex min-h-11 items-center font-semibold underline"
          >
            See the days you can play
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-stone-700" data-testid="archive-day-picked">
            {topics.data.userSelection.selectedCount}/{MAX_TOPICS_PER_DAY} picked
            {topics.data.userSelection.hasMaxSelections ? ' — open a picked topic to go on.' : '.'}
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {topics.data.topics.map((topic) => (
              <PastTopicCard
                key={topic.id}
                topic={topic}
                busy={select.isPending}
                onOpen={() => void open(topic).catch(() => undefined)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function PastTopicCard(props: { topic: DailyTopic; busy: boolean; onOpen: () => void }) {
  const { topic, busy, onOpen } = props;
  const answered = topic.questions.filter((q) => q.userAnswer !== null).length;
  const total = topic.questions.length;
  const action = topic.showResults
    ? 'See results'
    : topic.isSelected
      ? answered > 0
        ? 'Continue'
        : 'Start'
      : topic.isLocked
        ? null
        : 'Pick and start';
  return (
    <li
      data-testid="past-topic"
      className={`flex flex-col rounded-2xl p-5 shadow-sm ring-1 ${topic.isLocked ? 'bg-stone-100 ring-stone-300' : topic.showResults ? 'bg-emerald-50 ring-emerald-300' : 'bg-white ring-stone-200'}`}
    >
      <p className="text-brand-700 text-xs font-semibold tracking-wider uppercase">{topic.category}</p>
      <h2 className="mt-1 text-lg font-bold text-stone-900">{topic.title}</h2>
      {topic.description ? <p className="mt-1 text-sm text-stone-700">{topic.description}</p> : null}
      <p className="mt-3 text-sm text-stone-700">
        {topic.isSelected
          ? `${answered}/${total} answered`
          : `${total} ${total === 1 ? 'question' : 'questions'}`}
      </p>
      {action ? (
        <button
          type="button"
          onClick={onOpen}
          disabled={busy}
          className={`mt-3 min-h-11 rounded-xl px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${topic.showResults ? 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700' : 'bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-600 text-white'}`}
          aria-label={`${action}: ${topic.title}`}
        >
          {action}
        </button>
      ) : (
        <p className="mt-3 text-sm text-stone-600">You picked 3 topics of this day.</p>
      )}
    </li>
  );
}
