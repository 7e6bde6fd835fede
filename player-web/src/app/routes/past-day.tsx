import { Link, Outlet, useParams } from 'react-router-dom';
import { isIsoDate } from '@daily-tea/shared/domain/game-day';
import { ArchiveDayPage } from '../../features/history/components/archive-day-page';
import { PastDayBanner } from '../../features/history/components/past-day-banner';
import { paths } from '../../config/paths';
import { PastDayProvider } from '../../lib/day-source';

/**
 * /archive/:date/* — a past game day: its topics, and below them the same question and results screens as today's,
 * reading that day (lib/day-source.tsx) under a banner that says it is a past day.
 */
export default function PastDayLayout() {
  const { date = '' } = useParams();
  if (!isIsoDate(date))
    return (
      <section className="mx-auto max-w-md rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
        <h1 className="text-xl font-bold text-stone-900">That is not a day we know</h1>
        <Link
          to={paths.archive}
          className="text-brand-800 mt-4 inline-flex min-h-11 items-center font-semibold underline"
        >
          See the days you can play
        </Link>
      </section>
    );
  return (
    <PastDayProvider date={date}>
      <PastDayBanner date={date} />
      <Outlet />
    </PastDayProvider>
  );
}

/** /archive/:date — that day's topics. */
export function PastDayTopicsRoute() {
  const { date = '' } = useParams();
  return <ArchiveDayPage date={date} />;
}
