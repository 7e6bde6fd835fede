import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { OfflineNotice } from '../components/offline-notice';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { needsProfile, useUser } from '../lib/auth';
import { isOfflineError } from '../lib/network';

const PROFILE_EXEMPT = ['/admin', paths.profileSetup];

/**
 * product.md#screens protected-route guard, in its four steps; renders the child routes when it passes.
 *
 * The screen behind the guard mounts in a deferred render (docs/decisions/0124-no-long-tasks-on-arrival.md):
 * when the session arrives, React keeps the spinner for that urgent pass and builds the header and page in a
 * background render that yields to the browser every few milliseconds, instead of one long task on a phone.
 */
export function ProtectedRoute() {
  const { data, isError, error, refetch, isFetching } = useUser();
  const user = useDeferredValue(data);
  const { pathname } = useLocation();
  if (isError && isOfflineError(error))
    return <OfflineNotice onRetry={() => void refetch()} retrying={isFetching} />;
  if (isError || user === null) return <Navigate to={paths.auth} replace />;
  if (user === undefined) return <Spinner fullScreen label="Loading your account" />;
  if (needsProfile(user) && !PROFILE_EXEMPT.includes(pathname))
    return <Navigate to={paths.profileSetup} replace />;
  return <Outlet />;
}
