import { ProfilePage } from '../../features/profile/components/profile-page';

/** /profile-setup (SPEC §2): on completion the browser goes to /. */
export default function ProfileSetupRoute() {
  return <ProfilePage />;
}
