import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * Home, once today is done: the way to past days and to the player's history
 * (docs/decisions/0270-history-and-archive.md). Before that, today's topics come first.
 */
export function ArchiveInvite() {
  return (
    <section
      aria-labelledby="archive-invite-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      data-testid="archive-invite"
    >
      <h2 id="archive-invite-heading" className="text-lg font-bold text-stone-900">
        <span aria-hidden="true">🗓️ </span>Still curious?
      </h2>
      <p className="mt-1 text-stone-700">
        Play the topics of days you missed — they count in the results, not in your streak.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={paths.archive}
          className="bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-600 inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Play past days →
        </Link>
        <Link
          to={paths.stats}
          className="inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
        >
          Your history
        </Link>
      </div>
    </section>
  );
}
