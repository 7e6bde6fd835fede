import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { dayFinished } from '@daily-tea/shared/domain/crowd';
import { useUser } from '../../../lib/auth';
import { dailyTopicsQuery } from '../../../lib/queries';
import { FreezeNotice } from './freeze-notice';
import { RecapCard } from './recap-card';

/**
 * Home, under the day's status: the freeze notice on the day a freeze was spent, and the recap once the day is
 * finished (the same rule as the server's GET /api/recap).
 */
export function DayHighlights() {
  const { data: user } = useUser();
  // Deferred like the topics beside it (home-page.tsx): the recap mounts in the same background render.
  const daily = useDeferredValue(useQuery(dailyTopicsQuery()).data);
  if (!user) return null;
  const topics = daily?.topics ?? [];
  const finished =
    daily !== undefined &&
    dayFinished({
      selectedTopicIds: daily.userSelection.selectedTopicIds,
      questionsByTopic: new Map(topics.map((t) => [t.id, t.questions.map((q) => q.id)])),
      answeredQuestionIds: new Set(
        topics.flatMap((t) => t.questions.filter((q) => q.userAnswer !== null).map((q) => q.id)),
      ),
      maxTopics: MAX_TOPICS_PER_DAY,
    });
  if (!finished && user.freezesSpentToday === 0) return null;
  return (
    <div className="mt-6 space-y-4">
      <FreezeNotice user={user} />
      {finished ? <RecapCard user={user} /> : null}
    </div>
  );
}
