import { useNavigate } from 'react-router-dom';
import { AdminPage } from '@daily-tea/shared/ui/operator/admin-page';
import { browserDownloadTarget } from '@daily-tea/shared/ui/export-target';

export default function AdminRoute() {
  const navigate = useNavigate();
  return <AdminPage exportTarget={browserDownloadTarget} onExit={() => navigate('/')} />;
}
