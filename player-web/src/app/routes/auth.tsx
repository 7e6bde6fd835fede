import { Navigate } from 'react-router-dom';
import { OfflineNotice } from '../../components/offline-notice';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { AuthPage } from '../../features/auth/components/auth-page';
import { useUser } from '../../lib/auth';
import { isOfflineError } from '../../lib/network';

/** /auth — a signed-in user who opens it goes to / (SPEC §2). */
export default function AuthRoute() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (isError && isOfflineError(error))
    return <OfflineNotice onRetry={() => void refetch()} retrying={isFetching} />;
  if (user) return <Navigate to={paths.home} replace />;
  return <AuthPage />;
}
