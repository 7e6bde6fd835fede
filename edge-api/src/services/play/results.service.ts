import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import { shapeResults } from '@daily-tea/shared/domain/results';
import type { UserRow } from '../../app-env';
import { ALL_BUCKET, NUMERIC_OPTION } from '../../db/queries/counters.queries';
import { placesOf, trendOf } from './trend-places';
import { findQuestionByIdCached } from '../../db/queries/daily.queries';
import { today } from './today';
import { crowdVerdictOnResults } from './crowd.service';
import { findResultsRead } from '../../db/queries/player-day.queries';
import type { Deps } from '../../env';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';

/** Who asks for results: a signed-in player, and/or an operator holding a valid admin token. */
export type ResultsViewer = { user: UserRow | null; isAdmin: boolean };

export const ANSWER_FIRST = 'Answer this question to see its results';

/**
 * Community results of a question over its whole link group (DESIGN §5), read from the maintained
 * counters — the cost does not grow with the number of answers. Players see them only after answering;
 * an admin token may read any question.
 */
export async function getQuestionResults(
  deps: Deps,
  viewer: ResultsViewer,
  questionId: string,
): Promise<QuestionResults> {
  const { db } = deps;
  if (!viewer.user && !viewer.isAdmin) throw new UnauthorizedError('Not authenticated');
  const read = await findResultsRead(db, { questionId, userId: viewer.user?.id ?? null });
  const question = read && (await findQuestionByIdCached(db, questionId, today(deps), read.catalogueVersion));
  if (!read || !question) throw new NotFoundError('Question not found');
  const isNumeric = question.type === 'numeric';
  const { counters, cityCounters, userAnswer, min, max } = read;
  if (!userAnswer && !viewer.isAdmin) throw new ForbiddenError(ANSWER_FIRST);

  const numericAll = counters.find((r) => r.bucket === ALL_BUCKET && r.optionId === NUMERIC_OPTION);
  const shaped = shapeResults({
    type: question.type,
    optionCount: isNumeric ? 0 : question.options.length,
    // Numeric totals come from `numeric`; only the per-group '#' counts go to the breakdown.
    rows: isNumeric ? counters.filter((r) => r.bucket !== ALL_BUCKET) : counters,
    numeric: isNumeric
      ? {
          count: numericAll?.count ?? 0,
          sum: numericAll?.valueSum ?? 0,
          min,
          max,
        }
      : undefined,
  });
  // Guess the crowd: the first time a player sees these numbers, their verdict is recorded against them.
  const crowdVerdict =
    viewer.user && userAnswer
      ? await crowdVerdictOnResults(deps, viewer.user.id, question, shaped.optionCounts, userAnswer)
      : null;
  return {
    questionId: question.id,
    type: question.type,
    ...shaped,
    userAnswer: userAnswer
      ? { selectedOptionId: userAnswer.selectedOptionId, numericValue: userAnswer.numericValue }
      : null,
    crowdVerdict,
    trend: trendOf(question, counters),
    places: placesOf(question, counters, cityCounters, viewer.user),
  };
}
