import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { TopicUnavailable } from '../../components/topic-unavailable';
import { paths } from '../../config/paths';
import { ResultsSkeleton } from '../../features/results/components/results-skeleton';
import { ResultsView } from '../../features/results/components/results-view';
import { dailyTopicsQuery } from '../../lib/queries';

/**
 * /topics/:topicId/results — the community results of a finished topic. A topic the player has not finished
 * leads to its questions; a topic that is not today's says so.
 */
export default function TopicResultsRoute() {
  const { topicId = '' } = useParams();
  const navigate = useNavigate();
  const daily = useQuery(dailyTopicsQuery());
  if (daily.isPending) return <ResultsSkeleton />;
  const topic = daily.data?.topics.find((t) => t.id === topicId);
  if (daily.isSuccess && !topic) return <TopicUnavailable />;
  if (topic && !topic.showResults) return <Navigate to={paths.topic(topic.id)} replace />;
  return <ResultsView topicId={topicId} onBack={() => void navigate(paths.home)} />;
}
