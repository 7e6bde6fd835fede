import { HomePage } from '../../features/home/components/home-page';
import { CrowdSenseCard } from '../../features/recap/components/crowd-sense-card';
import { DayHighlights } from '../../features/recap/components/day-highlights';

/** / — today's topics, the recap once the day is done, the quote, badges and crowd sense (SPEC §2, issue 16). */
export default function HomeRoute() {
  return <HomePage highlights={<DayHighlights />} extras={<CrowdSenseCard />} />;
}
