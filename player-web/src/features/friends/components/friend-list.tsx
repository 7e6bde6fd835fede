import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from 'react-router-dom';
import type { Friend, FriendsResponse } from '@daily-tea/shared/contracts/friends';
import { initials } from '@daily-tea/shared/domain/profile';
import { paths } from '../../../config/paths';
import { useRemoveFriend } from '../api/friends-mutations';
import { shareText } from './share-text';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What today means for a friend streak (docs/decisions/0280-friends.md): the player is asked to play when they have
 * not; when only the friend has not, the player can nudge them (a message through the share sheet, or copied).
 */
function StreakNudge({ friend, me }: { friend: Friend; me: FriendsResponse['me'] }) {
  const [feedback, setFeedback] = useState<string | null>(null);
  if (!friend.friendStreakAtRisk) return null;
  if (!me.playedToday) {
    return (
      <p
        className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
        data-testid="nudge"
      >
        <span>
          Play today to keep your {days(friend.friendStreak)} with {friend.username}.
        </span>
        <Link to={paths.home} className="font-semibold underline underline-offset-2">
          Play now
        </Link>
      </p>
    );
  }
  async function nudge() {
    const outcome = await shareText(
      `Our ${friend.friendStreak}-day Daily Tea streak ends tonight unless you play! Today's topics are up:`,
      location.origin,
    );
    setFeedback(
      outcome === 'copied'
        ? 'Message copied — send it to them'
        : outcome === 'failed'
          ? 'Could not copy'
          : null,
    );
  }
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-amber-50 px-3 py-1.5 text-sm text-amber-900"
      data-testid="nudge"
    >
      <span>{friend.username} hasn’t played yet today.</span>
      <button
        type="button"
        onClick={() => void nudge()}
        className="min-h-11 font-semibold underline underline-offset-2"
      >
        Nudge {friend.username}
      </button>
      <span role="status">{feedback}</span>
    </div>
  );
}

function FriendRow({
  friend,
  me,
  onRemove,
}: {
  friend: Friend;
  me: FriendsResponse['me'];
  onRemove: () => void;
}) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="friend-row">
      <div className="flex items-center gap-3">
        <span
          className="bg-tea-100 text-tea-900 grid size-11 shrink-0 place-items-center rounded-full text-sm font-bold"
          aria-hidden="true"
        >
          {initials(friend.username)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-stone-900">{friend.username}</p>
          <p className="flex flex-wrap gap-x-3 text-sm text-stone-600">
            <span className="whitespace-nowrap">
              <span aria-hidden="true">🔥 </span>
              {friend.currentStreak > 0 ? `${days(friend.currentStreak)} streak` : 'No streak'}
            </span>
            <span className={`whitespace-nowrap ${friend.playedToday ? 'font-medium text-emerald-800' : ''}`}>
              {friend.playedToday ? '✓ Played today' : 'Not played yet today'}
            </span>
            {friend.friendStreak > 0 && (
              <span
                className="text-brand-800 font-semibold whitespace-nowrap"
                title={`${days(friend.friendStreak)} in a row you both played`}
                data-testid="friend-streak"
              >
                <span aria-hidden="true">🤝 </span>
                {days(friend.friendStreak)} together
              </span>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          className="min-h-11 shrink-0 rounded-lg px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          Remove<span className="sr-only"> {friend.username}</span>
        </button>
      </div>
      <StreakNudge friend={friend} me={me} />
    </li>
  );
}

/** The player's friends: streak, played today, the friend streak and its nudge; removing asks first. */
export function FriendList({ data }: { data: FriendsResponse }) {
  const [removing, setRemoving] = useState<Friend | null>(null);
  const remove = useRemoveFriend();
  return (
    <>
      <ul className="divide-y divide-stone-100" aria-label="Your friends">
        {data.friends.map((friend) => (
          <FriendRow key={friend.id} friend={friend} me={data.me} onRemove={() => setRemoving(friend)} />
        ))}
      </ul>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} className="relative z-50">
        <div className="fixed inset-0 bg-stone-900/40" aria-hidden="true" />
        <div className="fixed inset-0 grid place-items-center p-4">
          <DialogPanel className="w-full max-w-sm rounded-3xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold text-stone-900">
              Remove {removing?.username}?
            </DialogTitle>
            <p className="mt-2 text-sm text-stone-600">
              You’ll stop seeing each other’s answers, and your friend streak ends. You can become friends
              again with a new invite.
            </p>
            <div className="mt-5 flex justify-end gap-2">
              <button
                type="button"
                onClick={() => setRemoving(null)}
                className="min-h-11 rounded-xl px-4 text-sm font-semibold text-stone-700 hover:bg-stone-100"
              >
                Keep
              </button>
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => removing && remove.mutate(removing, { onSettled: () => setRemoving(null) })}
                className="min-h-11 rounded-xl bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                Remove friend
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
