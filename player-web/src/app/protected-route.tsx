import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { OfflineNotice } from '../components/offline-notice';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { needsProfile, useUser } from '../lib/auth';
import { isOfflineError } from '../lib/network';

const PROFILE_EXEMPT = ['/admin', paths.profileSetup];

/** SPEC §2 protected-route guard, in its four steps; renders the child routes when it passes. */
export function ProtectedRoute() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();
  const { pathname } = useLocation();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (isError && isOfflineError(error))
    return <OfflineNotice onRetry={() => void refetch()} retrying={isFetching} />;
  if (isError || !user) return <Navigate to={paths.auth} replace />;
  if (needsProfile(user) && !PROFILE_EXEMPT.includes(pathname))
    return <Navigate to={paths.profileSetup} replace />;
  return <Outlet />;
}
