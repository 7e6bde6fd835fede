import { FriendsPage } from '../../features/friends/components/friends-page';

/** /friends — friends, their streaks, the week's leaderboard and invites (issue 28). */
export default function FriendsRoute() {
  return <FriendsPage />;
}
