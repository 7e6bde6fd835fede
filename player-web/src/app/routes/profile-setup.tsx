import { GuessTheCrowdSetting } from '../../features/preferences/components/guess-the-crowd-setting';
import { ShareAnswersSetting } from '../../features/preferences/components/share-answers-setting';
import { ThemeSetting } from '../../features/preferences/components/theme-setting';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { ReminderToggle } from '../../features/reminders/components/reminder-toggle';

/** /profile-setup (product.md#screens): on completion the browser goes to /. */
export default function ProfileSetupRoute() {
  return (
    <ProfilePage
      extra={
        <>
          <GuessTheCrowdSetting />
          <ThemeSetting />
          <ShareAnswersSetting />
          <ReminderToggle />
        </>
      }
    />
  );
}
