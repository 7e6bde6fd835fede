import { ArchiveInvite } from '../../features/history/components/archive-invite';
import { HowToPlay } from '../../features/onboarding/components/how-to-play';
import { HomePage } from '../../features/home/components/home-page';
import { CrowdSenseCard } from '../../features/recap/components/crowd-sense-card';
import { DayHighlights } from '../../features/recap/components/day-highlights';
import { ReminderAsk } from '../../features/reminders/components/reminder-ask';

/**
 * / — today's topics, the recap once the day is done, the quote, badges and crowd sense (product.md#screens);
 * after a finished day, the way to past days and the reminder ask.
 */
export default function HomeRoute() {
  return (
    <HomePage
      // Above the day's status: nothing appears over it when today's topics arrive (no layout shift).
      intro={<HowToPlay />}
      highlights={<DayHighlights />}
      afterDone={(done) => (
        <>
          {done ? <ArchiveInvite /> : null}
          <ReminderAsk dayFinished={done} />
        </>
      )}
      extras={<CrowdSenseCard />}
    />
  );
}
