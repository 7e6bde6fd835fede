import { ArchivePage } from '../../features/history/components/archive-page';

/** /archive — past game days (its own lazy chunk). */
export default function ArchiveRoute() {
  return <ArchivePage />;
}
