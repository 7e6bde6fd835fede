import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { needsProfile, useUser } from './use-user';

const PROFILE_EXEMPT = ['/admin', '/profile-setup'];

/** SPEC §2 protected-route guard, in its four steps. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useUser();
  const { pathname } = useLocation();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (isError || !user) return <Navigate to="/auth" replace />;
  if (needsProfile(user) && !PROFILE_EXEMPT.includes(pathname))
    return <Navigate to="/profile-setup" replace />;
  return <>{children}</>;
}
