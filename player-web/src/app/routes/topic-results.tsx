import { lazy, Suspense, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { nextStep } from '@daily-tea/shared/domain/selection';
import { TopicUnavailable } from '../../components/topic-unavailable';
import { paths } from '../../config/paths';
import { GuessOffer } from '../../features/preferences/components/guess-offer';
import { ResultsSkeleton } from '../../features/results/components/results-skeleton';
import { ResultsView } from '../../features/results/components/results-view';
import { usePrefetchResults } from '../../features/results/api/get-question-results';
import { useUser } from '../../lib/auth';
import { pendingGuessFor } from '../../lib/pending-guess';
import { useDaySource } from '../../lib/day-source';

// Loaded when they show, not before the results paint: the day's finish (with its dialog code) once a day, the
// province question once per player, under the settled cards.
const FinishMoment = lazy(() =>
  import('../../features/recap/components/finish-moment').then((m) => ({ default: m.FinishMoment })),
);
const ProvinceAsk = lazy(() =>
  import('../../features/profile/components/province-ask').then((m) => ({ default: m.ProvinceAsk })),
);

/**
 * /topics/:topicId/results — the community results of a finished topic. A topic the player has not finished
 * leads to its questions; a topic that is not today's says so. The results mount in a deferred (background,
 * interruptible) render when today's topics arrive, so a phone is never blocked by the whole screen at once.
 */
export default function TopicResultsRoute() {
  const { topicId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Today's topics, or a past day's opened from the archive (results gated the same way).
  const day = useDaySource();
  const daily = useQuery(day.query());
  const userId = useUser().data?.id ?? '';
  const data = useDeferredValue(daily.data);
  // Never while a guess step is open: the first results request closes guessing.
  usePrefetchResults(
    pendingGuessFor(userId, topicId) ? undefined : daily.data?.topics.find((t) => t.id === topicId),
  );
  if (!data && !daily.isError) return <ResultsSkeleton />;
  const topic = data?.topics.find((t) => t.id === topicId);
  if (data && !topic) return <TopicUnavailable />;
  // Not yet finished, or its last guess step still open (a reload during it): back to the questions.
  if (topic && (!topic.showResults || pendingGuessFor(userId, topic.id)))
    return <Navigate to={day.topicPath(topic.id)} replace />;
  // The day's finish opens when the flow has just finished today's last topic (not on later visits, nor on a
  // past day: its answers are no part of today).
  const finishing =
    day.date === null &&
    (location.state as { finished?: boolean } | null)?.finished === true &&
    data !== undefined &&
    nextStep(data.topics, topicId).kind === 'done';
  return (
    <>
      {finishing ? (
        <Suspense fallback={null}>
          <FinishMoment
            onHome={() => void navigate(paths.home)}
            onClose={() => void navigate(location.pathname, { replace: true, state: null })}
          />
        </Suspense>
      ) : null}
      <ResultsView
        topicId={topicId}
        onBack={() => void navigate(day.backPath)}
        onNext={(step) => void navigate(step.kind === 'next' ? day.topicPath(step.topicId) : day.backPath)}
        aside={day.date ? undefined : <GuessOffer />}
        after={
          <Suspense fallback={null}>
            <ProvinceAsk />
          </Suspense>
        }
      />
    </>
  );
}
