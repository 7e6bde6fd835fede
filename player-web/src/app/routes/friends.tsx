import { FriendsPage } from '../../features/friends/components/friends-page';

/** /friends — friends, their streaks, the week's leaderboard and invites. */
export default function FriendsRoute() {
  return <FriendsPage />;
}
