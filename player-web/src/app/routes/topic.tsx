import { useCallback, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { TopicUnavailable } from '../../components/topic-unavailable';
import { StartTopic } from '../../features/home/components/start-topic';
import { QuestionFlow } from '../../features/questions/components/question-flow';
import { QuestionSkeleton } from '../../features/questions/components/question-skeleton';
import { useUser } from '../../lib/auth';
import { pendingGuessFor } from '../../lib/pending-guess';
import { usePreferences } from '../../lib/preferences';
import { useDaySource } from '../../lib/day-source';

/**
 * /topics/:topicId — the topic's questions (product.md#play-rules, docs/decisions/0121-player-routes.md). A finished
 * topic goes to its results; a topic not yet picked asks before spending a pick; reload resumes at the next
 * unanswered question.
 */
export default function TopicRoute() {
  const { topicId = '' } = useParams();
  const navigate = useNavigate();
  // Today's topics, or a past day's opened from the archive (the same screen and rules).
  const day = useDaySource();
  const daily = useQuery(day.query());
  const userId = useUser().data?.id ?? '';
  const preferences = usePreferences();
  const played = useRef(false);
  const finished = useCallback(
    // `finished`: the results may open the day's finish (when this topic was today's last; never on a past day).
    () =>
      void navigate(day.resultsPath(topicId), { replace: true, state: day.date ? null : { finished: true } }),
    [navigate, day, topicId],
  );
  if (daily.isPending) return <QuestionSkeleton />;
  if (daily.isError)
    return (
      <p className="py-12 text-center text-red-700" role="alert">
        {daily.error.message}
      </p>
    );
  const topic = daily.data.topics.find((t) => t.id === topicId);
  if (!topic) return <TopicUnavailable />;
  // A guess step left open (a reload) comes back before the results, which would close it (ADR 0241).
  if (topic.showResults && !pendingGuessFor(userId, topic.id))
    return (
      <Navigate
        to={day.resultsPath(topic.id)}
        replace
        // Played to the end here (the refetched topics say "results" before the flow's own step): the results
        // may open the day's finish. A link to a finished topic just shows its results.
        state={played.current && !day.date ? { finished: true } : null}
      />
    );
  // A past day's topics are picked on that day's screen.
  if (!topic.isSelected && day.date) return <Navigate to={day.backPath} replace />;
  if (!topic.isSelected)
    return <StartTopic topic={topic} selectedCount={daily.data.userSelection.selectedCount} />;
  played.current = true;
  return (
    <QuestionFlow
      key={topic.id}
      topic={topic}
      // A guess belongs to the day the question is asked: none on a past day (the API refuses it).
      guessing={preferences.guessTheCrowd && !day.date}
      onBack={() => void navigate(day.backPath)}
      onFinished={finished}
    />
  );
}
