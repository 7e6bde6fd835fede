import { Link } from 'react-router-dom';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { paths } from '../../../config/paths';

/**
 * Over every screen of a past day (its topics, questions and results): which day it is, that it is not today, and
 * the way back to the archive.
 */
export function PastDayBanner({ date }: { date: string }) {
  return (
    <aside
      aria-label="Past day"
      data-testid="past-day-banner"
      className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl bg-sky-50 px-4 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200"
    >
      <p>
        <span aria-hidden="true">🗓️ </span>
        <strong className="font-bold">
          Past day · <time dateTime={date}>{formatDisplayDate(date)}</time>
        </strong>{' '}
        — answers count in the results, not in your streak.
      </p>
      <Link to={paths.archive} className="inline-flex min-h-11 items-center font-semibold underline">
        All past days
      </Link>
    </aside>
  );
}
