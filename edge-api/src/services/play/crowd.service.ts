import type {
  CrowdSense,
  CrowdVerdict,
  NumericVerdict,
  DayRecap,
  GuessInput,
  GuessResult,
  GuessTallyDto,
} from '@daily-tea/shared/contracts/crowd';
import { MAX_TOPICS_PER_DAY, CROWD_SENSE_WINDOW_DAYS } from '@daily-tea/shared/domain/constants';
import {
  GUESS_AFTER_RESULTS,
  GUESS_ALREADY_MADE,
  GUESS_ANSWER_FIRST,
  GUESS_CHOICE,
  GUESS_DAY_OVER,
  GUESS_NUMERIC,
  GUESS_UNKNOWN_OPTION,
  RECAP_NOT_FINISHED,
  averageDirections,
  crowdSensePercent,
  crowdSenseWindowStart,
  dayFinished,
  dayRecapFigures,
  mostPicked,
  shareOf,
  sharePercent,
  type GuessDirection,
  type GuessTally,
  type RevealedAnswer,
} from '@daily-tea/shared/domain/crowd';
import { GUESS_AFTER_GROUP_RESULTS } from '@daily-tea/shared/domain/link-groups';
import { normalizeOptionId, optionText, shapeResults } from '@daily-tea/shared/domain/results';
import { effectiveCurrentStreak } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import { findUserAnswer } from '../../db/queries/answers.queries';
import {
  findAllBucketCounts,
  findGroupResultsSeen,
  findRecapRead,
  findRecentTally,
  findStoredReveal,
  writeGuess,
  writeReveals,
  type BucketCount,
  type DayAnswer,
  type RevealWrite,
  type StoredReveal,
} from '../../db/queries/crowd.queries';
import {
  findCatalogueDay,
  findQuestionByIdCached,
  type CatalogueDay,
  type QuestionRow,
} from '../../db/queries/daily.queries';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { today } from './today';

/**
 * Guess the crowd, crowd sense and the day's recap. A guess can be made once per answered question of today
 * (multiple choice: the most-picked option; numeric: the average higher or lower than the answer, ADR 0244), until the player first sees that question's results; that first reveal
 * (a results request, or the recap) records the verdict against the numbers shown then, for good.
 */

/** Stores the player's guess of the most-picked option (201), or refuses with the rule it breaks. */
export async function submitGuess(deps: Deps, user: UserRow, input: GuessInput): Promise<GuessResult> {
  const { db } = deps;
  const date = today(deps);
  const question = await findQuestionByIdCached(db, input.questionId, date);
  if (!question) throw new NotFoundError('Question not found');
  let guessed: string;
  if (question.type === 'numeric') {
    if (!('direction' in input)) throw new BadRequestError(GUESS_NUMERIC);
    guessed = input.direction;
  } else {
    if (!('optionId' in input)) throw new BadRequestError(GUESS_CHOICE);
    const optionId = normalizeOptionId(question.options, input.optionId);
    if (!optionId) throw new BadRequestError(GUESS_UNKNOWN_OPTION);
    guessed = optionId;
  }
  const answer = await findUserAnswer(db, user.id, question.id);
  if (!answer) throw new ForbiddenError(GUESS_ANSWER_FIRST);
  const refusal = (a: { revealedAt: Date | null; guessOptionId: string | null }) =>
    a.revealedAt ? GUESS_AFTER_RESULTS : a.guessOptionId ? GUESS_ALREADY_MADE : null;
  const early = refusal(answer);
  if (early) throw new ConflictError(early);
  if (question.date !== date) throw new ConflictError(GUESS_DAY_OVER);

  // The write re-checks every condition atomically: of concurrent guesses exactly one is stored, and a guess
  // racing the first reveal either lands before it (and is judged) or is refused.
  if (
    await writeGuess(db, { userId: user.id, questionId: question.id, optionId: guessed, questionDate: date })
  ) {
    return question.type === 'numeric'
      ? { questionId: question.id, direction: guessed as GuessDirection }
      : { questionId: question.id, guessOptionId: guessed };
  }
  const now = await findStoredReveal(db, user.id, question.id);
  const stored = now && refusal(now);
  if (stored) throw new ConflictError(stored);
  const groupSeen = await findGroupResultsSeen(db, user.id, question.groupId);
  throw new ConflictError(groupSeen ? GUESS_AFTER_GROUP_RESULTS : GUESS_ALREADY_MADE);
}

function toVerdict(selectedOptionId: string, stored: StoredReveal): CrowdVerdict | null {
  if (!stored.revealedAt || !stored.crowdTop || stored.ownShare === null) return null;
  return {
    revealedAt: stored.revealedAt.toISOString(),
    mostPickedOptionIds: stored.crowdTop,
    guessOptionId: stored.guessOptionId,
    guessRight: stored.guessOptionId === null ? null : stored.guessCorrect === true,
    sidedWithMajority: stored.crowdTop.includes(selectedOptionId),
    ownSharePercent: sharePercent(stored.ownShare),
  };
}

function toNumericVerdict(stored: StoredReveal): NumericVerdict | null {
  if (!stored.revealedAt || !stored.crowdTop) return null;
  return {
    revealedAt: stored.revealedAt.toISOString(),
    averageDirections: stored.crowdTop as GuessDirection[],
    guessDirection: stored.guessOptionId as GuessDirection | null,
    guessRight: stored.guessOptionId === null ? null : stored.guessCorrect === true,
  };
}

/** What a first reveal records: multiple choice from the option counts, numeric from the average shown. */
function revealOf(
  userId: string,
  questionId: string,
  answer: { selectedOptionId: string | null; numericValue: number | null },
  shown: { optionCounts: Record<string, number>; average: number | null },
  at: Date,
): RevealWrite | null {
  if (answer.selectedOptionId !== null) {
    return {
      userId,
      questionId,
      revealedAt: at,
      mostPicked: mostPicked(shown.optionCounts),
      ownShare: shareOf(shown.optionCounts, answer.selectedOptionId),
    };
  }
  if (answer.numericValue === null || shown.average === null) return null;
  return {
    userId,
    questionId,
    revealedAt: at,
    mostPicked: averageDirections(answer.numericValue, shown.average),
    ownShare: null,
  };
}

export type Verdicts = { crowdVerdict: CrowdVerdict | null; numericVerdict: NumericVerdict | null };

/**
 * The player's verdict on a question whose results are being shown with these numbers (`optionCounts`; numeric:
 * `average`). At the first reveal it is recorded from exactly these numbers (one batch with the guess tallies);
 * later reads return the stored record unchanged.
 */
export async function crowdVerdictOnResults(
  deps: Deps,
  userId: string,
  question: QuestionRow,
  shown: { optionCounts: Record<string, number>; average: number | null },
  userAnswer: { selectedOptionId: string | null; numericValue: number | null; reveal: StoredReveal },
): Promise<Verdicts> {
  const numeric = question.type === 'numeric';
  const selected = userAnswer.selectedOptionId;
  if (numeric ? userAnswer.numericValue === null : !selected) return verdictsOf(numeric, selected, undefined);
  if (userAnswer.reveal.revealedAt) return verdictsOf(numeric, selected, userAnswer.reveal);
  const reveal = revealOf(userId, question.id, userAnswer, shown, deps.now());
  if (!reveal) return verdictsOf(numeric, selected, undefined);
  const written = await writeReveals(deps.db, [reveal]);
  return verdictsOf(
    numeric,
    selected,
    written.get(question.id) ?? (await findStoredReveal(deps.db, userId, question.id)),
  );
}

/** The verdicts a stored reveal gives an answer (none without one). */
function verdictsOf(numeric: boolean, selected: string | null, stored: StoredReveal | undefined): Verdicts {
  return {
    crowdVerdict: !numeric && selected && stored ? toVerdict(selected, stored) : null,
    numericVerdict: numeric && stored ? toNumericVerdict(stored) : null,
  };
}

/** The numbers a recap reveal judges an answer on: its link group's 'all' counters read now. */
function shownAtRecap(
  catalogue: CatalogueDay,
  answer: DayAnswer,
  groupId: string,
  counts: readonly BucketCount[],
): { optionCounts: Record<string, number>; average: number | null } {
  const question = catalogue.questionById.get(answer.questionId);
  const rows = counts.filter((c) => c.groupId === groupId);
  if (question?.type === 'numeric') {
    // A numeric group's 'all' bucket is its one '#' row: the count and the sum of the answers.
    const count = rows.reduce((n, c) => n + c.count, 0);
    const sum = rows.reduce((n, c) => n + c.valueSum, 0);
    return { optionCounts: {}, average: count > 0 ? sum / count : null };
  }
  const { optionCounts } = shapeResults({
    type: 'multiple_choice',
    optionCount: question?.options.length ?? 0,
    rows: rows.map((c) => ({ bucket: 'all', optionId: c.optionId, count: c.count })),
  });
  return { optionCounts, average: null };
}

/** The rarest answer with the texts the recap shows (null if its question left the catalogue meanwhile). */
function rarestAnswerOf(
  catalogue: CatalogueDay,
  rarest: { questionId: string; optionId: string; share: number },
): DayRecap['rarestAnswer'] {
  const question = catalogue.questionById.get(rarest.questionId);
  const option = question?.options[Number(rarest.optionId.slice('opt-'.length)) - 1];
  if (!question || option === undefined) return null;
  return {
    questionId: question.id,
    questionText: question.text,
    topicTitle: catalogue.scheduled.find((t) => t.id === question.topicId)?.title ?? '',
    optionId: rarest.optionId,
    optionText: optionText(option),
    sharePercent: sharePercent(rarest.share),
  };
}

function tallyDto(t: GuessTally): GuessTallyDto {
  return { right: t.right, made: t.made, percent: crowdSensePercent(t) };
}

/** Crowd sense: right guesses over the last 30 game days (≤ 30 maintained rows) and in total (on the user row). */
export async function getCrowdSense(deps: Deps, user: UserRow): Promise<CrowdSense> {
  const date = today(deps);
  const recent = await findRecentTally(deps.db, user.id, crowdSenseWindowStart(date), date);
  return {
    windowDays: CROWD_SENSE_WINDOW_DAYS,
    recent: tallyDto(recent),
    total: tallyDto({ right: user.crowdRight, made: user.crowdGuesses }),
  };
}

/**
 * The recap of the player's finished game day (409 until it is finished). Answers whose results the player has
 * not opened yet are revealed here — the recap shows their community shares — against the counters read now.
 */
export async function getDayRecap(deps: Deps, user: UserRow): Promise<DayRecap> {
  const { db } = deps;
  const date = today(deps);
  const from = crowdSenseWindowStart(date);
  let read = await findRecapRead(db, user.id, date, from);
  const catalogue = await findCatalogueDay(db, date, read.catalogueVersion);
  const questionsByTopic = new Map<string, string[]>(catalogue.scheduled.map((t) => [t.id, []]));
  for (const q of catalogue.questions) questionsByTopic.get(q.topicId)?.push(q.id);
  const finished = dayFinished({
    selectedTopicIds: read.selection?.selectedTopicIds ?? [],
    questionsByTopic,
    answeredQuestionIds: new Set(read.answers.map((a) => a.questionId)),
    maxTopics: MAX_TOPICS_PER_DAY,
  });
  if (!finished) throw new ConflictError(RECAP_NOT_FINISHED);

  const unrevealed = read.answers.filter((a) => !a.revealedAt);
  if (unrevealed.length > 0) {
    const groupOf = (a: DayAnswer) => catalogue.questionById.get(a.questionId)?.groupId ?? a.questionId;
    const counts = await findAllBucketCounts(db, unrevealed.map(groupOf));
    const at = deps.now();
    const reveals = unrevealed.flatMap((a) => {
      const reveal = revealOf(user.id, a.questionId, a, shownAtRecap(catalogue, a, groupOf(a), counts), at);
      return reveal ? [reveal] : [];
    });
    if (reveals.length > 0) {
      await writeReveals(db, reveals);
      // The tallies moved with the reveals: read the recap again (one statement).
      read = await findRecapRead(db, user.id, date, from);
    }
  }

  const answerByQuestion = new Map(read.answers.map((a) => [a.questionId, a]));
  const revealed: RevealedAnswer[] = [];
  for (const q of catalogue.questions) {
    const a = answerByQuestion.get(q.id);
    if (!a?.revealedAt || !a.crowdTop) continue;
    if (a.selectedOptionId !== null && a.ownShare === null) continue;
    revealed.push({
      questionId: q.id,
      selectedOptionId: a.selectedOptionId,
      mostPicked: a.crowdTop,
      ownShare: a.ownShare,
      guessOptionId: a.guessOptionId,
    });
  }
  const figures = dayRecapFigures(revealed);
  return {
    date,
    sidedWithMajority: figures.sidedWithMajority,
    rarestAnswer: figures.rarest ? rarestAnswerOf(catalogue, figures.rarest) : null,
    guesses: tallyDto(figures.guesses),
    streak: {
      current: effectiveCurrentStreak(user, date),
      longest: user.longestStreak,
      freezes: user.streakFreezes,
    },
    crowdSense: {
      windowDays: CROWD_SENSE_WINDOW_DAYS,
      recent: tallyDto(read.recent),
      total: tallyDto(read.total),
    },
  };
}
