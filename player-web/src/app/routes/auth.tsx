import { Navigate } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { AuthPage } from '../../features/auth/components/auth-page';
import { useUser } from '../../lib/auth';

/** /auth — a signed-in user who opens it goes to / (SPEC §2). */
export default function AuthRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (user) return <Navigate to={paths.home} replace />;
  return <AuthPage />;
}
