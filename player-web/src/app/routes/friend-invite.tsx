import { useParams } from 'react-router-dom';
import { InvitePage } from '../../features/friends/components/invite-page';

/** /friends/invite/:code — an invite link: open to anyone, signed in or not. */
export default function FriendInviteRoute() {
  const { code = '' } = useParams();
  return <InvitePage code={code} />;
}
