import { MethodologyPage } from '../../features/methodology/components/methodology-page';

/** /methodology — how results are weighted (public; its own lazy chunk). */
export default function MethodologyRoute() {
  return <MethodologyPage />;
}
