import type { QueryClient } from '@tanstack/react-query';
import { anyPendingGuessOn } from './pending-guess';
import { dailyTopicsQuery, questionResultsQuery } from './queries';

const RESULTS_PATH = /^\/topics\/([^/]+)\/results\/?$/;

/**
 * A visit that starts on a topic's results URL (a shared link, a reload, the installed app reopened) asks for
 * the day's topics and then that topic's results as the app boots, beside the session check — instead of after
 * the session has arrived, the guard has rendered and the route has mounted (ADR 0247). The route's own queries
 * then find them in flight or done (same keys). Never while a guess step of that topic is open in this browser:
 * the first results request closes guessing (ADR 0241). A visitor without a session gets a 401 here and the
 * guard sends them to /auth, as before.
 */
export function prefetchForEntry(client: QueryClient, path: string): void {
  const match = RESULTS_PATH.exec(path);
  if (!match) return;
  const topicId = decodeURIComponent(match[1]!);
  if (anyPendingGuessOn(topicId)) return;
  void client.fetchQuery(dailyTopicsQuery()).then(
    (day) => {
      const topic = day.topics.find((t) => t.id === topicId);
      if (!topic?.showResults) return;
      for (const q of topic.questions) void client.prefetchQuery(questionResultsQuery(q.id));
    },
    () => undefined, // the route's own query reports it
  );
}
