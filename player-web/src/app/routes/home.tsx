import { HomePage } from '../../features/home/components/home-page';

/** / — today's topics, the quote and the badges (SPEC §2). */
export default function HomeRoute() {
  return <HomePage />;
}
