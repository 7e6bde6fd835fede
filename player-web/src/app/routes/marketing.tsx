import { useNavigate } from 'react-router-dom';
import { MarketingPage } from '@daily-tea/shared/ui/marketing/marketing-page';
import { browserDownloadTarget } from '@daily-tea/shared/ui/export-target';

export default function MarketingRoute() {
  const navigate = useNavigate();
  return <MarketingPage exportTarget={browserDownloadTarget} onExit={() => navigate('/')} />;
}
