import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { TopicUnavailable } from '../../components/topic-unavailable';
import { paths } from '../../config/paths';
import { ResultsSkeleton } from '../../features/results/components/results-skeleton';
import { ResultsView } from '../../features/results/components/results-view';
import { usePrefetchResults } from '../../features/results/api/get-question-results';
import { dailyTopicsQuery } from '../../lib/queries';

/**
 * /topics/:topicId/results — the community results of a finished topic. A topic the player has not finished
 * leads to its questions; a topic that is not today's says so. The results mount in a deferred (background,
 * interruptible) render when today's topics arrive, so a phone is never blocked by the whole screen at once.
 */
export default function TopicResultsRoute() {
  const { topicId = '' } = useParams();
  const navigate = useNavigate();
  const daily = useQuery(dailyTopicsQuery());
  const data = useDeferredValue(daily.data);
  usePrefetchResults(daily.data?.topics.find((t) => t.id === topicId));
  if (!data && !daily.isError) return <ResultsSkeleton />;
  const topic = data?.topics.find((t) => t.id === topicId);
  if (data && !topic) return <TopicUnavailable />;
  if (topic && !topic.showResults) return <Navigate to={paths.topic(topic.id)} replace />;
  return <ResultsView topicId={topicId} onBack={() => void navigate(paths.home)} />;
}
