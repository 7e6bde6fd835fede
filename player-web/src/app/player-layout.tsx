import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router-dom';
import { PlayerHeader } from '../components/player-header';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useHowToPlay } from '../lib/how-to-play';
import { useUser } from '../lib/auth';
import { dailyTopicsQuery } from '../lib/queries';

/**
 * Home, a topic's questions and its results share the header (who, where, today, streak, logout). The
 * header and today's topics load while a lazy screen's code downloads (Suspense is inside the layout).
 */
export function PlayerLayout() {
  const { data: user } = useUser();
  const daily = useQuery(dailyTopicsQuery());
  const navigate = useNavigate();
  const howToPlay = useHowToPlay();
  if (!user) return null;
  return (
    <div className="min-h-dvh bg-stone-50">
      <PlayerHeader
        user={user}
        date={daily.data?.date}
        onHowToPlay={() => {
          howToPlay.show();
          void navigate(paths.home);
        }}
      />
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
        <Suspense fallback={<Spinner label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
