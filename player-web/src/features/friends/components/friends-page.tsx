import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { FRIENDS_MAX, GUESTS_CANNOT_FRIEND, LEADERBOARD_DAYS } from '@daily-tea/shared/domain/friends';
import { toast } from '@daily-tea/shared/ui/toaster';
import { CredentialsForm } from '../../../components/credentials-form';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useSetUser, useUser } from '../../../lib/auth';
import { friendsLeaderboardQuery, friendsQuery } from '../../../lib/queries';
import { FriendList } from './friend-list';
import { InvitePanel } from './invite-panel';
import { LeaderboardTable } from './leaderboard';

const card = 'rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';

/** Guests are asked to save their progress first: registering in place keeps everything (product.md#accounts). */
function GuestOffer() {
  const setUser = useSetUser();
  function onRegistered(user: User) {
    setUser(user);
    toast({
      title: 'Progress saved!',
      description: `You're now signed up as ${user.username}.`,
      variant: 'success',
    });
  }
  return (
    <section className={`${card} max-w-md`} aria-labelledby="guest-friends-title" data-testid="friends-guest">
      <h2 id="guest-friends-title" className="text-lg font-bold text-stone-900">
        {GUESTS_CANNOT_FRIEND}
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">
        Pick a username and password. Your answers, streak and badges come with you.
      </p>
      <CredentialsForm mode="signup" onSignedIn={onRegistered} />
    </section>
  );
}

/** A block's shape while its data loads, so nothing below it jumps when it arrives. */
function Placeholder({ rows }: { rows: number }) {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-5">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="size-11 rounded-full bg-stone-200" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/3 rounded bg-stone-200" />
            <div className="h-3 w-1/2 rounded bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

function FriendsAndBoard() {
  const friends = useQuery(friendsQuery());
  const board = useQuery(friendsLeaderboardQuery());
  const count = friends.data?.friends.length ?? 0;
  return (
    <div className="space-y-6 lg:col-span-3">
      <section className={card} aria-labelledby="friends-title">
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <h2 id="friends-title" className="text-lg font-bold text-stone-900">
            Your friends
          </h2>
          {friends.data && (
            <p className="text-sm text-stone-600">
              {count} of {FRIENDS_MAX}
            </p>
          )}
        </div>
        {friends.isError ? (
          <p className="text-red-700" role="alert">
            {friends.error.message}
          </p>
        ) : !friends.data ? (
          <Placeholder rows={2} />
        ) : count === 0 ? (
          <p
            className="rounded-2xl bg-stone-50 px-4 py-6 text-center text-stone-600"
            data-testid="friends-empty"
          >
            No friends yet. Send an invite: once they join, you’ll see how they answered and keep a streak
            together.
          </p>
        ) : (
          <FriendList data={friends.data} />
        )}
      </section>
      {count > 0 && (
        <section className={card} aria-labelledby="board-title">
          <h2 id="board-title" className="text-lg font-bold text-stone-900">
            This week
          </h2>
          <p className="mt-1 mb-3 text-sm text-stone-600">
            The last {LEADERBOARD_DAYS} days: days played, right guesses of the crowd and crowd sense.
          </p>
          {board.isError ? (
            <p className="text-red-700" role="alert">
              {board.error.message}
            </p>
          ) : !board.data ? (
            <Placeholder rows={Math.min(count + 1, 4)} />
          ) : (
            <LeaderboardTable board={board.data} />
          )}
        </section>
      )}
    </div>
  );
}

/** /friends — friends with their streaks, the week's leaderboard, invites. */
export function FriendsPage() {
  const { data: user } = useUser();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-black tracking-tight text-stone-900 outline-none sm:text-3xl"
        >
          Friends
        </h1>
        <p className="mt-1 text-stone-600">Play the day with the people you know.</p>
      </div>
      {user.isGuest ? (
        <GuestOffer />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
          <FriendsAndBoard />
          <div className="lg:col-span-2">
            <InvitePanel inviter={user.username} />
          </div>
        </div>
      )}
    </div>
  );
}
