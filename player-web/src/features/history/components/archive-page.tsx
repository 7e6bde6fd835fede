import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ArchiveDay } from '@daily-tea/shared/contracts/history';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useArchive } from '../api/archive';

/**
 * /archive — past game days, newest first (docs/decisions/0270-history-and-archive.md): each day's topics with how
 * many of their questions the player answered; a day opens like today. Today's topics are never here.
 */
export function ArchivePage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const archive = useArchive();
  const days = archive.data?.pages.flatMap((p) => p.days) ?? [];
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-black text-stone-900 outline-none">
          Past days
        </h1>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          ← Today
        </Link>
      </div>
      <p className="mt-1 text-stone-700">
        Missed a day? Pick up to 3 of its topics and see how the community answered. Past days don’t count
        towards your streak.
      </p>
      {archive.isPending ? (
        <ul aria-hidden="true" className="mt-5 grid animate-pulse gap-3 motion-reduce:animate-none">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-36 rounded-2xl bg-stone-200" />
          ))}
        </ul>
      ) : archive.isError ? (
        <p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-red-800">
          {archive.error.message}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          No past days yet: come back tomorrow.
        </p>
      ) : (
        <ol className="mt-5 grid gap-3" data-testid="archive-days">
          {days.map((day) => (
            <ArchiveDayCard key={day.date} day={day} />
          ))}
        </ol>
      )}
      {archive.hasNextPage ? (
        <button
          type="button"
          onClick={() => void archive.fetchNextPage()}
          disabled={archive.isFetchingNextPage}
          className="mt-4 min-h-11 w-full rounded-xl bg-white px-4 font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-60"
        >
          {archive.isFetchingNextPage ? 'Loading earlier days…' : 'Earlier days'}
        </button>
      ) : null}
    </div>
  );
}

function ArchiveDayCard({ day }: { day: ArchiveDay }) {
  const answered = day.topics.reduce((n, t) => n + t.answered, 0);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5" data-testid="archive-day">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="text-lg font-bold text-stone-900">
          <time dateTime={day.date}>{formatDisplayDate(day.date)}</time>
        </h2>
        <p className="text-sm text-stone-600">
          {answered === 0 ? 'Not played' : `${answered} ${answered === 1 ? 'answer' : 'answers'} given`}
        </p>
      </div>
      <ul className="mt-2 grid gap-1 text-sm">
        {day.topics.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-stone-800">{t.title}</span>
            <span
              className={`shrink-0 tabular-nums ${t.answered >= t.questionCount && t.questionCount > 0 ? 'font-semibold text-emerald-800' : 'text-stone-600'}`}
            >
              {t.answered}/{t.questionCount}
            </span>
          </li>
        ))}
      </ul>
      <Link
        to={paths.archiveDay(day.date)}
        className="text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600 mt-3 inline-flex min-h-11 items-center rounded-xl px-3 font-semibold focus-visible:outline-2"
        aria-label={`Open ${formatDisplayDate(day.date)}`}
      >
        Open day →
      </Link>
    </li>
  );
}
