import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import { shapeResults } from '@daily-tea/shared/domain/results';
import { weighResults } from '@daily-tea/shared/domain/weighting';
import { MIN_EFFECTIVE_SAMPLE } from '@daily-tea/shared/domain/weighting-targets';
import type { UserRow } from '../../app-env';
import { derivedOnce, extend, sharedJson } from '../../db/engine/json';
import { ALL_BUCKET, NUMERIC_OPTION } from '../../db/queries/counters.queries';
import type { QuestionRow } from '../../db/queries/daily.queries';
import { findWithoutHiddenDays } from '../../db/queries/link-group-days.queries';
import { findResultsRead, type ResultsRead, type ViewerPlace } from '../../db/queries/player-day.queries';
import { hiddenGameDays } from '@daily-tea/shared/domain/link-groups';
import type { Deps } from '../../env';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import { friendsOnResults } from '../social/friends.service';
import { crowdVerdictOnResults } from './crowd.service';
import { recordFunnelStage } from './funnel';
import { today } from './today';
import { cityOf, countriesOf, trendOf, viewerPlace } from './trend-places';

/** Who asks for results: a signed-in player, and/or an operator holding a valid admin token. */
export type ResultsViewer = { user: UserRow | null; isAdmin: boolean };

export const ANSWER_FIRST = 'Answer this question to see its results';

/** The members of a results response that are the same for every viewer of a link group's counters. */
type GroupMembers = Pick<
  QuestionResults,
  | 'type'
  | 'totalAnswers'
  | 'optionCounts'
  | 'demographicBreakdown'
  | 'numericStats'
  | 'trend'
  | 'weighted'
  | 'weightedWithheld'
>;
type GroupResults = { members: GroupMembers; byCountry: QuestionResults['places']['byCountry'] };

/**
 * The weighted split (ADR 0291/0292) from the group's cell counters, raked once per counters read. A viewer whose
 * results leave game days out (ADR 0230) sees it withheld: the cells cover every day of the group.
 */
function weightedOf(question: QuestionRow, read: ResultsRead, totalAnswers: number, daysHidden: boolean) {
  const weighed = weighResults({
    type: question.type,
    optionCount: question.type === 'numeric' ? 0 : question.options.length,
    rows: read.cells,
    totalAnswers,
  });
  if (!daysHidden || weighed.weighted === null) return weighed;
  const { respondents, excluded, effectiveSampleSize } = weighed.weighted;
  return {
    weighted: null,
    withheld: {
      reason: 'days_unanswered' as const,
      effectiveSampleSize,
      minEffectiveSample: MIN_EFFECTIVE_SAMPLE,
      respondents,
      excluded,
    },
  };
}

/** The link group's results as every viewer sees them: totals, demographic breakdown, trend, By Country, weighted. */
function shapeGroup(question: QuestionRow, read: ResultsRead, daysHidden: boolean): GroupResults {
  const isNumeric = question.type === 'numeric';
  const { counters, min, max } = read;
  const numericAll = counters.find((r) => r.bucket === ALL_BUCKET && r.optionId === NUMERIC_OPTION);
  const shaped = shapeResults({
    type: question.type,
    optionCount: isNumeric ? 0 : question.options.length,
    // Numeric totals come from `numeric`; only the per-group '#' counts go to the breakdown.
    rows: isNumeric ? counters.filter((r) => r.bucket !== ALL_BUCKET) : counters,
    numeric: isNumeric
      ? { count: numericAll?.count ?? 0, sum: numericAll?.valueSum ?? 0, min, max }
      : undefined,
  });
  const weighed = weightedOf(question, read, shaped.totalAnswers, daysHidden);
  return {
    members: {
      type: question.type,
      totalAnswers: shaped.totalAnswers,
      optionCounts: shaped.optionCounts,
      demographicBreakdown: shaped.demographicBreakdown,
      numericStats: shaped.numericStats,
      trend: trendOf(question, counters),
      weighted: weighed.weighted,
      weightedWithheld: weighed.withheld,
    },
    byCountry: countriesOf(question, counters),
  };
}

/**
 * The link-group rule (product.md#play-rules, ADR 0230): a player's results leave out every game day that has a
 * member of the group they have not answered. Usually no day is hidden and the read is used as it is.
 */
async function withoutHiddenDaysOf(
  deps: Deps,
  question: QuestionRow,
  read: ResultsRead,
  place: ViewerPlace,
  date: string,
): Promise<ResultsRead> {
  const days = hiddenGameDays(read.unansweredMembers, date);
  if (days.length === 0) return read;
  return findWithoutHiddenDays(deps.db, read, {
    groupId: question.groupId,
    days,
    numeric: question.type === 'numeric',
    place,
  });
}

/**
 * Community results of a question over its whole link group (product.md#play-rules), read from the maintained counters — the
 * cost does not grow with the number of answers (GET /api/questions/:id/results). Players see them only after
 * answering; an admin token may read any question. The group's part is shaped once per counters read (the same
 * cached read serves every viewer until the group changes) and its JSON written once (engine/json.ts); the
 * viewer's answer, verdict and city are added per request.
 */
export async function getQuestionResults(
  deps: Deps,
  viewer: ResultsViewer,
  questionId: string,
): Promise<QuestionResults> {
  if (!viewer.user && !viewer.isAdmin) throw new UnauthorizedError('Not authenticated');
  const place = viewerPlace(viewer.user);
  const date = today(deps);
  const found = await findResultsRead(deps.db, {
    questionId,
    userId: viewer.user?.id ?? null,
    answersVersion: viewer.user?.answersVersion,
    place,
    date,
  });
  if (!found) throw new NotFoundError('Question not found');
  const { question, userAnswer } = found;
  if (!userAnswer && !viewer.isAdmin) throw new ForbiddenError(ANSWER_FIRST);
  const read = viewer.isAdmin ? found : await withoutHiddenDaysOf(deps, question, found, place, date);
  // The day's funnel: a player viewing results of one of today's questions.
  if (viewer.user && userAnswer && question.date === date)
    await recordFunnelStage(deps, viewer.user.id, 'results', date);

  // Shaped per counters read, for the question as it is now (an edit of a question without answers reshapes).
  const shapedFor = `${question.type}:${question.options.length}`;
  const group = derivedOnce(
    read.counters,
    () => {
      const shaped = shapeGroup(question, read, read !== found);
      return { shapedFor, members: sharedJson(shaped.members), byCountry: sharedJson(shaped.byCountry) };
    },
    (known) => known.shapedFor === shapedFor,
  );
  // Guess the crowd: the first time a player sees these numbers, their verdict is recorded against them.
  const { crowdVerdict, numericVerdict } =
    viewer.user && userAnswer
      ? await crowdVerdictOnResults(
          deps,
          viewer.user.id,
          question,
          {
            optionCounts: group.members.optionCounts,
            average: group.members.numericStats?.average ?? null,
          },
          userAnswer,
        )
      : { crowdVerdict: null, numericVerdict: null };
  // Friends who answered the group: one indexed statement of its own (docs/decisions/0280-friends.md).
  const friends =
    userAnswer && read.viewerHasFriends
      ? await friendsOnResults(deps, viewer.user, question, read.friendsVersion)
      : [];
  // By Country and the viewer's city, shaped once per city rows read (the same rows serve that city's viewers).
  const places = derivedOnce(
    read.cityCounters,
    () => {
      const city = cityOf(question, read.cityCounters, place);
      return {
        shapedFor,
        byCountry: group.byCountry,
        value: sharedJson({ byCountry: group.byCountry, city }),
      };
    },
    (known) => known.shapedFor === shapedFor && known.byCountry === group.byCountry,
  );
  return extend(group.members, {
    questionId: question.id,
    userAnswer: userAnswer
      ? { selectedOptionId: userAnswer.selectedOptionId, numericValue: userAnswer.numericValue }
      : null,
    crowdVerdict,
    numericVerdict,
    friends,
    places: places.value,
  });
}
