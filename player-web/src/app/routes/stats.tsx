import { StatsPage } from '../../features/history/components/stats-page';

/** /stats — the player's history (its own lazy chunk). */
export default function StatsRoute() {
  return <StatsPage />;
}
