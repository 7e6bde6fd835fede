import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useFocusOnMount } from '../hooks/use-focus-on-mount';

/** A topic URL that is not one of today's topics (an old link, a typo): say so and offer the way home. */
export function TopicUnavailable() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <section className="mx-auto max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm">
      <p className="text-5xl" aria-hidden="true">
        🗓️
      </p>
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-xl font-bold text-stone-900 outline-none">
        This topic isn’t on today’s menu
      </h1>
      <p className="mt-2 text-stone-600">
        Topics last one game day. Pick from today’s topics instead — new ones drop every day at 9&nbsp;AM.
      </p>
      <Link
        to={paths.home}
        className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 mt-6 inline-flex rounded-xl px-5 py-2.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        See today’s topics
      </Link>
    </section>
  );
}
