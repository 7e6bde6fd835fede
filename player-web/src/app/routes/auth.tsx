import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { OfflineNotice } from '../../components/offline-notice';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { isOfflineError } from '../../lib/network';

// The sign-in screen (with its tabs) is its own chunk: home, the first screen of every signed-in visit, does not
// carry it. A visit that starts on /auth fetches it at once, alongside the session check.
const loadAuthPage = () => import('../../features/auth/components/auth-page');
let authPage = typeof location !== 'undefined' && location.pathname === '/auth' ? loadAuthPage() : null;
const AuthPage = lazy(async () => ({ default: (await (authPage ??= loadAuthPage())).AuthPage }));

/** /auth — a signed-in user who opens it goes to / (product.md#screens). */
export default function AuthRoute() {
  const { data: user, isPending, isError, error, refetch, isFetching } = useUser();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (isError && isOfflineError(error))
    return <OfflineNotice onRetry={() => void refetch()} retrying={isFetching} />;
  if (user) return <Navigate to={paths.home} replace />;
  return (
    <Suspense fallback={<Spinner fullScreen label="Loading" />}>
      <AuthPage />
    </Suspense>
  );
}
