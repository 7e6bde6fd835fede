import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import { shapeResults } from '@daily-tea/shared/domain/results';
import type { UserRow } from '../../app-env';
import { ALL_BUCKET, NUMERIC_OPTION } from '../../db/queries/counters.queries';
import { cityOf, countriesOf, trendOf, viewerPlace } from './trend-places';
import { findQuestionByIdCached, type QuestionRow } from '../../db/queries/daily.queries';
import type { CounterRow } from '../../db/queries/results.queries';
import { today } from './today';
import { crowdVerdictOnResults } from './crowd.service';
import { findResultsRead, type ResultsRead, type ViewerPlace } from '../../db/queries/player-day.queries';
import { findHiddenDays, withoutHiddenDays } from '../../db/queries/link-group-days.queries';
import { hiddenGameDays } from '@daily-tea/shared/domain/link-groups';
import type { Deps } from '../../env';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import { friendsOnResults } from '../social/friends.service';

/** Who asks for results: a signed-in player, and/or an operator holding a valid admin token. */
export type ResultsViewer = { user: UserRow | null; isAdmin: boolean };

export const ANSWER_FIRST = 'Answer this question to see its results';

/** The members of a results response that are the same for every viewer of a link group at one counters version. */
type GroupMembers = Omit<
  QuestionResults,
  'questionId' | 'userAnswer' | 'crowdVerdict' | 'places' | 'friends'
>;
type GroupResults = {
  /** What the shaping read from the question (a catalogue edit that changes it reshapes). */
  type: QuestionRow['type'];
  optionCount: number;
  members: GroupMembers;
  byCountry: QuestionResults['places']['byCountry'];
  /** `members` serialized without its braces, and `byCountry` serialized. */
  membersJson: string;
  byCountryJson: string;
};

/**
 * Shaped group results per counters read. A Node process reuses one counters array while the group's result
 * version is unchanged (ADR 0007's results cache), so a request shapes the breakdowns, the trend and By Country
 * (and serializes them) only after a write to the group — exact, with nothing to invalidate: a new version is a
 * new array, and the old entry goes with it. Without the cache (Workers) every read is a new array.
 */
const shapedGroups = new WeakMap<readonly CounterRow[], GroupResults>();

function groupResultsOf(question: QuestionRow, read: ResultsRead): GroupResults {
  const isNumeric = question.type === 'numeric';
  const optionCount = isNumeric ? 0 : question.options.length;
  const known = shapedGroups.get(read.counters);
  if (known && known.type === question.type && known.optionCount === optionCount) return known;

  const { counters, min, max } = read;
  const numericAll = counters.find((r) => r.bucket === ALL_BUCKET && r.optionId === NUMERIC_OPTION);
  const shaped = shapeResults({
    type: question.type,
    optionCount,
    // Numeric totals come from `numeric`; only the per-group '#' counts go to the breakdown.
    rows: isNumeric ? counters.filter((r) => r.bucket !== ALL_BUCKET) : counters,
    numeric: isNumeric
      ? { count: numericAll?.count ?? 0, sum: numericAll?.valueSum ?? 0, min, max }
      : undefined,
  });
  const members: GroupMembers = {
    type: question.type,
    totalAnswers: shaped.totalAnswers,
    optionCounts: shaped.optionCounts,
    demographicBreakdown: shaped.demographicBreakdown,
    numericStats: shaped.numericStats,
    trend: trendOf(question, counters),
  };
  const byCountry = countriesOf(question, counters);
  const group: GroupResults = {
    type: question.type,
    optionCount,
    members,
    byCountry,
    membersJson: JSON.stringify(members).slice(1, -1),
    byCountryJson: JSON.stringify(byCountry),
  };
  shapedGroups.set(read.counters, group);
  return group;
}

type ViewerResults = {
  question: QuestionRow;
  group: GroupResults;
  viewerMembers: Pick<QuestionResults, 'userAnswer' | 'crowdVerdict' | 'friends'>;
  city: QuestionResults['places']['city'];
};

async function readResults(deps: Deps, viewer: ResultsViewer, questionId: string): Promise<ViewerResults> {
  const { db } = deps;
  if (!viewer.user && !viewer.isAdmin) throw new UnauthorizedError('Not authenticated');
  const place = viewerPlace(viewer.user);
  const read = await findResultsRead(db, { questionId, userId: viewer.user?.id ?? null, place });
  const question = read && (await findQuestionByIdCached(db, questionId, today(deps), read.catalogueVersion));
  if (!read || !question) throw new NotFoundError('Question not found');
  const { userAnswer } = read;
  if (!userAnswer && !viewer.isAdmin) throw new ForbiddenError(ANSWER_FIRST);

  const visible = viewer.isAdmin ? read : await withoutHiddenDaysOf(deps, question, read, place);
  const group = groupResultsOf(question, visible);
  // Guess the crowd: the first time a player sees these numbers, their verdict is recorded against them.
  // Friends who answered the group: one indexed statement of its own (docs/decisions/0280-friends.md).
  const crowdVerdict =
    viewer.user && userAnswer
      ? await crowdVerdictOnResults(deps, viewer.user.id, question, group.members.optionCounts, userAnswer)
      : null;
  const friends = userAnswer ? await friendsOnResults(deps, viewer.user, question.groupId) : [];
  return {
    question,
    group,
    viewerMembers: {
      userAnswer: userAnswer
        ? { selectedOptionId: userAnswer.selectedOptionId, numericValue: userAnswer.numericValue }
        : null,
      crowdVerdict,
      friends,
    },
    city: cityOf(question, visible.cityCounters, place),
  };
}

/**
 * The link-group rule (product.md#play-rules, ADR 0230): a player's results leave out every game day that has a member of
 * the group they have not answered. Usually no day is hidden and the read is used as it is (cached counters
 * included); otherwise the hidden days' counter rows are read and subtracted into new arrays.
 */
async function withoutHiddenDaysOf(
  deps: Deps,
  question: QuestionRow,
  read: ResultsRead,
  place: ViewerPlace,
): Promise<ResultsRead> {
  const days = hiddenGameDays(read.members, today(deps));
  if (days.length === 0) return read;
  const hidden = await findHiddenDays(deps.db, {
    groupId: question.groupId,
    days,
    numeric: question.type === 'numeric',
    place,
  });
  return {
    ...read,
    counters: withoutHiddenDays(read.counters, hidden.dayRows),
    cityCounters: withoutHiddenDays(read.cityCounters, hidden.dayRows),
    min: hidden.min,
    max: hidden.max,
  };
}

/**
 * Community results of a question over its whole link group (product.md#play-rules), read from the maintained counters — the
 * cost does not grow with the number of answers — as the JSON body of GET /api/questions/:id/results. Players
 * see them only after answering; an admin token may read any question. The group's members come serialized from
 * the shaped group (once per counters version); only the viewer's members are serialized per request.
 */
export async function getQuestionResultsJson(
  deps: Deps,
  viewer: ResultsViewer,
  questionId: string,
): Promise<string> {
  const { question, group, viewerMembers, city } = await readResults(deps, viewer, questionId);
  const body: Omit<QuestionResults, keyof GroupMembers | 'places'> = {
    questionId: question.id,
    ...viewerMembers,
  };
  return `${JSON.stringify(body).slice(0, -1)},${group.membersJson},"places":{"byCountry":${group.byCountryJson},"city":${JSON.stringify(city)}}}`;
}
