import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Toaster } from '@daily-tea/shared/ui/toaster';
import { browserDownloadTarget } from '@daily-tea/shared/ui/export-target';
import { Spinner } from './components/spinner';
import { ProtectedRoute } from './features/auth/protected-route';
import { useUser } from './features/auth/use-user';
import { createQueryClient } from './lib/query-client';
import { NotFoundPage } from './pages/not-found-page';

// Route-level code splitting: a player's first load never downloads operator or marketing code.
const AuthPage = lazy(() => import('./features/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const HomePage = lazy(() => import('./features/home/home-page').then((m) => ({ default: m.HomePage })));
const ProfilePage = lazy(() =>
  import('./features/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const AdminPage = lazy(() =>
  import('@daily-tea/shared/ui/operator/admin-page').then((m) => ({ default: m.AdminPage })),
);
const MarketingPage = lazy(() =>
  import('@daily-tea/shared/ui/marketing/marketing-page').then((m) => ({ default: m.MarketingPage })),
);

/** A signed-in user who opens /auth goes to / (SPEC §2). */
function AuthRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner fullScreen label="Loading your account" />;
  if (user) return <Navigate to="/" replace />;
  return <AuthPage />;
}

function AdminRoute() {
  const navigate = useNavigate();
  return <AdminPage exportTarget={browserDownloadTarget} onExit={() => navigate('/')} />;
}

function MarketingRoute() {
  const navigate = useNavigate();
  return <MarketingPage exportTarget={browserDownloadTarget} onExit={() => navigate('/')} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<Spinner fullScreen />}>
          <Routes>
            <Route path="/auth" element={<AuthRoute />} />
            <Route
              path="/"
              element={
                <ProtectedRoute>
                  <HomePage />
                </ProtectedRoute>
              }
            />
            <Route
              path="/profile-setup"
              element={
                <ProtectedRoute>
                  <ProfilePage />
                </ProtectedRoute>
              }
            />
            {/* The operator password is checked by the server (DESIGN §6), so /admin needs no player session —
                the same screen runs in the desktop console, where there is none. */}
            <Route path="/admin" element={<AdminRoute />} />
            <Route path="/marketing" element={<MarketingRoute />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
