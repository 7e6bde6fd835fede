import type { SubmitAnswerInput, SubmitAnswerResult } from '@daily-tea/shared/contracts/daily';
import { badgesEarned } from '@daily-tea/shared/domain/badges';
import { MAX_TOPICS_PER_DAY } from '@daily-tea/shared/domain/constants';
import { dayFinished } from '@daily-tea/shared/domain/crowd';
import { numericRangeMessage } from '@daily-tea/shared/domain/numeric';
import { normalizeOptionId } from '@daily-tea/shared/domain/results';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { isArchiveDay, LATE_ANSWER_BADGES } from '@daily-tea/shared/domain/history';
import { applyAnswerToStreak, effectiveCurrentStreak } from '@daily-tea/shared/domain/streak';
import type { UserRow } from '../../app-env';
import { timeOrderedId } from '../../db/ids';
import { findUserAnswer, writeAnswerBatch } from '../../db/queries/answers.queries';
import { findGroupResultsSeen } from '../../db/queries/crowd.queries';
import { findQuestionById, type QuestionRow } from '../../db/queries/daily.queries';
import { findPlayerDayWithCatalogue } from '../../db/queries/player-day.queries';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { today } from './today';

export const ALREADY_ANSWERED = 'Already answered';
export const SELECT_TOPIC_FIRST = 'Select this topic before answering its questions';
const NOT_TODAY = "This question is not part of today's topics";
const NOT_IN_THAT_DAY = "This question is not part of that day's topics";

/** The stored value of an answer: normalised opt-N, or a number within the question's range (400 otherwise). */
function answerValue(
  question: QuestionRow,
  input: SubmitAnswerInput,
): { selectedOptionId: string | null; numericValue: number | null } {
  if (question.type === 'numeric') {
    if (!('numericValue' in input)) throw new BadRequestError('Please enter a valid number');
    const message = numericRangeMessage(input.numericValue, question);
    if (message) throw new BadRequestError(message);
    return { selectedOptionId: null, numericValue: input.numericValue };
  }
  if (!('selectedOptionId' in input)) throw new BadRequestError('Please choose one of the options');
  const selectedOptionId = normalizeOptionId(question.options, input.selectedOptionId);
  if (!selectedOptionId) throw new BadRequestError('That option does not belong to this question');
  return { selectedOptionId, numericValue: null };
}

/** Selected topics whose every question of the day is answered (counting the answer being written). */
function topicsCompleted(
  selectedTopicIds: readonly string[],
  dayQuestions: readonly QuestionRow[],
  answered: ReadonlySet<string>,
): number {
  return selectedTopicIds.filter((topicId) => {
    const qs = dayQuestions.filter((q) => q.topicId === topicId);
    return qs.length > 0 && qs.every((q) => answered.has(q.id));
  }).length;
}

/** Missed game days the freezes spent by the first answer of `date` covered (the days just before it). */
function frozenDaysBefore(date: string, freezesSpent: number): string[] {
  return Array.from({ length: freezesSpent }, (_, i) => addDays(date, -(i + 1)));
}

/**
 * Records a player's answer (product.md#play-rules) and returns the streak and any new badges. A question of today is
 * answered on time; a question of a past game day — picked from the archive — is answered late
 * (docs/decisions/0270-history-and-archive.md): it counts in results like any other but leaves the streak, the
 * freezes and the calendar as they were and earns only the badges that count answers. The rules are checked
 * first for clear messages; the write itself re-checks what races could change (unique user+question, topic
 * still selected that day) and updates counters, streak and badges in the same batch only when the answer row
 * was really inserted — a duplicate never counts twice.
 */
export async function submitAnswer(
  deps: Deps,
  user: UserRow,
  input: SubmitAnswerInput,
): Promise<SubmitAnswerResult> {
  const { db } = deps;
  const todayDate = today(deps);
  let read = await findPlayerDayWithCatalogue(db, user, todayDate, { badges: true });
  let question =
    read.catalogue.questionById.get(input.questionId) ?? (await findQuestionById(db, input.questionId));
  if (!question) throw new NotFoundError('Question not found');
  const late = isArchiveDay(todayDate, question.date);
  if (late) read = await findPlayerDayWithCatalogue(db, user, question.date, { badges: true });
  const date = late ? question.date : todayDate;
  const { catalogue, day } = read;
  const { scheduled, questions: dayQuestions } = catalogue;
  question = catalogue.questionById.get(question.id) ?? question;
  const { selection, answers: answeredThatDay, badgeTypes } = day;
  if (question.date !== date || !scheduled.some((t) => t.id === question.topicId)) {
    throw new BadRequestError(late ? NOT_IN_THAT_DAY : NOT_TODAY);
  }
  if (answeredThatDay.some((a) => a.questionId === question.id))
    throw new ConflictError(ALREADY_ANSWERED, 'already_answered');
  const selectedTopicIds = selection?.selectedTopicIds ?? [];
  if (!selectedTopicIds.includes(question.topicId))
    throw new ForbiddenError(SELECT_TOPIC_FIRST, 'select_topic_first');
  const value = answerValue(question, input);

  const held = {
    currentStreak: user.currentStreak,
    longestStreak: user.longestStreak,
    lastActivityDate: user.lastActivityDate,
    streakFreezes: user.streakFreezes,
  };
  // A late answer moves no streak: the player's streak stays exactly as stored.
  const streak = late ? { ...held, freezesSpent: 0, freezeEarned: false } : applyAnswerToStreak(held, date);
  const answered = new Set([...answeredThatDay.map((a) => a.questionId), question.id]);
  const earnedAny = badgesEarned(
    {
      totalAnswers: user.totalAnswers + 1,
      currentStreak: streak.currentStreak,
      topicsCompletedToday: topicsCompleted(selectedTopicIds, dayQuestions, answered),
    },
    badgeTypes,
  );
  const earned = late
    ? earnedAny.filter((b) => (LATE_ANSWER_BADGES as readonly string[]).includes(b))
    : earnedAny;

  const streakRow = {
    currentStreak: streak.currentStreak,
    longestStreak: streak.longestStreak,
    lastActivityDate: date,
    streakFreezes: streak.streakFreezes,
    // Only a day's first answer can spend freezes; later answers of the day keep what it recorded.
    freezesSpentOn: streak.freezesSpent > 0 ? date : user.freezesSpentOn,
    freezesSpent: streak.freezesSpent > 0 ? streak.freezesSpent : user.freezesSpent,
  };
  const streakUnchanged =
    late ||
    (streakRow.currentStreak === user.currentStreak &&
      streakRow.longestStreak === user.longestStreak &&
      streakRow.lastActivityDate === user.lastActivityDate &&
      streakRow.streakFreezes === user.streakFreezes &&
      streakRow.freezesSpentOn === user.freezesSpentOn &&
      streakRow.freezesSpent === user.freezesSpent);
  // Today's funnel (late answers are not part of it): the player's first answer of today's questions, and the
  // answer that finishes the day.
  const firstOfDay = !late && answeredThatDay.length === 0;
  const questionsByTopic = new Map<string, string[]>(scheduled.map((t) => [t.id, []]));
  for (const q of dayQuestions) questionsByTopic.get(q.topicId)?.push(q.id);
  const finishes =
    !late &&
    dayFinished({
      selectedTopicIds,
      questionsByTopic,
      answeredQuestionIds: answered,
      maxTopics: MAX_TOPICS_PER_DAY,
    });
  const answeredAt = deps.now();
  const { answer, newBadges } = await writeAnswerBatch(db, {
    answerId: timeOrderedId(answeredAt.getTime()),
    userId: user.id,
    questionId: question.id,
    groupId: question.groupId,
    questionDate: question.date,
    topicId: question.topicId,
    ...value,
    answeredAt,
    late,
    frozenDays: frozenDaysBefore(date, streak.freezesSpent),
    // The rollup counts the answer on the game day it is given (today), late or not.
    playDate: todayDate,
    funnel: firstOfDay || finishes ? { answered: firstOfDay, finished: finishes } : null,
    streak: streakUnchanged ? null : streakRow,
    badgeTypes: earned,
    newBadgeId: () => timeOrderedId(answeredAt.getTime()),
  });
  if (!answer) {
    // Lost a race: another request answered first, or the topic was unselected meanwhile.
    if (await findUserAnswer(db, user.id, question.id))
      throw new ConflictError(ALREADY_ANSWERED, 'already_answered');
    throw new ForbiddenError(SELECT_TOPIC_FIRST, 'select_topic_first');
  }
  // Guess the crowd (ADR 0245): only for players who turned it on, so the default flow pays no extra read.
  const offerGuess =
    user.guessTheCrowd && !late && !(await findGroupResultsSeen(db, user.id, question.groupId));
  return {
    answer: {
      id: answer.id,
      userId: answer.userId,
      questionId: answer.questionId,
      selectedOptionId: answer.selectedOptionId,
      numericValue: answer.numericValue,
      answeredAt: answer.answeredAt.toISOString(),
      late: answer.late,
    },
    streak: {
      current: late ? effectiveCurrentStreak(user, todayDate) : streak.currentStreak,
      longest: streak.longestStreak,
      freezes: streak.streakFreezes,
      freezesSpent: streak.freezesSpent,
    },
    newBadges: newBadges.map((b) => ({ id: b.id, type: b.type, earnedAt: b.earnedAt.toISOString() })),
    offerGuess,
  };
}
