import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { dismissToast, toastStore } from '@daily-tea/shared/ui/toaster';
import { Spinner } from '../components/spinner';
import { useThemeFromPreferences } from '../lib/theme';
import { PlayerLayout } from './player-layout';
import { ProtectedRoute } from './protected-route';
import AuthRoute from './routes/auth';
import HomeRoute from './routes/home';
import { NotFoundRoute } from './routes/not-found';

// Route-level code splitting: a player's first load never downloads operator or marketing code. The two
// screens a visit starts on (sign-in and home) are in the entry chunk: no second round trip before they paint.
const loadTopic = () => import('./routes/topic');
const loadTopicResults = () => import('./routes/topic-results');
// A visit that starts on a topic's URL fetches that screen's chunk at once, alongside the session check, instead
// of after it (the route renders only once the session is known).
const startPath = typeof location === 'undefined' ? '' : location.pathname;
const topicChunk = /^\/topics\/[^/]+\/?$/.test(startPath) ? loadTopic() : null;
let resultsScreen: ComponentType | null = null;
const resultsChunk = /^\/topics\/[^/]+\/results\/?$/.test(startPath)
  ? loadTopicResults().then((module) => {
      resultsScreen = module.default;
      return module;
    })
  : null;
/**
 * Settles once a results URL's screen code is in (at once on any other URL): main.tsx renders the app after it,
 * so that screen never suspends on its first render — no "Loading" fallback committed, painted and then held by
 * React's 300 ms reveal throttle before the results show (docs/decisions/0248-results-entry-prefetch.md). The
 * HTML's boot screen stays up meanwhile; a chunk that fails to load leaves the lazy route to report it.
 */
export const entryReady: Promise<unknown> = resultsChunk?.catch(() => undefined) ?? Promise.resolve();
const TopicRoute = lazy(() => topicChunk ?? loadTopic());
const LazyTopicResultsRoute = lazy(() => resultsChunk ?? loadTopicResults());
/** The results screen: its code as loaded at boot when the visit started there, else lazily. */
function TopicResultsRoute() {
  // Chosen once per mount: switching component types would remount the screen.
  const [Screen] = useState<ComponentType>(() => resultsScreen ?? LazyTopicResultsRoute);
  return <Screen />;
}
const ProfileSetupRoute = lazy(() => import('./routes/profile-setup'));
const FriendsRoute = lazy(() => import('./routes/friends'));
const FriendInviteRoute = lazy(() => import('./routes/friend-invite'));
const AdminRoute = lazy(() => import('./routes/admin'));
// The player's history and the archive: their own chunks, loaded when opened (docs/decisions/0270-history-and-archive.md).
const StatsRoute = lazy(() => import('./routes/stats'));
const ArchiveRoute = lazy(() => import('./routes/archive'));
const loadPastDay = () => import('./routes/past-day');
const PastDayLayout = lazy(loadPastDay);
const PastDayTopicsRoute = lazy(() => loadPastDay().then((m) => ({ default: m.PastDayTopicsRoute })));
const MarketingRoute = lazy(() => import('./routes/marketing'));
// How results are weighted: public, its own chunk (docs/decisions/0298-methodology-page.md).
const MethodologyRoute = lazy(() => import('./routes/methodology'));

/**
 * An error toast belongs to the screen whose action failed: leaving that screen dismisses it, so it never
 * lingers over the next one. Confirmations ("Topic updated!", "New badge!") travel with the navigation
 * their action caused.
 */
function DismissStaleToasts() {
  const { pathname } = useLocation();
  useEffect(
    () => () => {
      for (const t of toastStore.getSnapshot()) if (t.variant === 'destructive') dismissToast(t.id);
    },
    [pathname],
  );
  return null;
}

/** <html> follows the signed-in player's saved colour scheme (docs/decisions/0271-dark-mode.md). */
function ThemeFromPreferences() {
  useThemeFromPreferences();
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <DismissStaleToasts />
      <ThemeFromPreferences />
      <Suspense fallback={<Spinner fullScreen />}>
        <Routes>
          <Route path="/auth" element={<AuthRoute />} />
          <Route element={<ProtectedRoute />}>
            <Route element={<PlayerLayout />}>
              <Route index element={<HomeRoute />} />
              <Route path="topics/:topicId" element={<TopicRoute />} />
              <Route path="topics/:topicId/results" element={<TopicResultsRoute />} />
              <Route path="stats" element={<StatsRoute />} />
              <Route path="archive" element={<ArchiveRoute />} />
              <Route path="archive/:date" element={<PastDayLayout />}>
                <Route index element={<PastDayTopicsRoute />} />
                <Route path="topics/:topicId" element={<TopicRoute />} />
                <Route path="topics/:topicId/results" element={<TopicResultsRoute />} />
              </Route>
              <Route path="friends" element={<FriendsRoute />} />
            </Route>
            <Route path="profile-setup" element={<ProfileSetupRoute />} />
          </Route>
          {/* The operator password is checked by the server (product.md#operators), so /admin needs no player session —
              the same screen runs in the desktop console, where there is none. */}
          {/* An invite link opens for anyone: it signs the visitor up or in, then befriends. */}
          <Route path="/friends/invite/:code" element={<FriendInviteRoute />} />
          <Route path="/admin" element={<AdminRoute />} />
          <Route path="/marketing" element={<MarketingRoute />} />
          <Route path="/methodology" element={<MethodologyRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
