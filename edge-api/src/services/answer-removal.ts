import type { Database } from '../db/database';
import {
  deleteAnswersWithCounters,
  deleteQuestionWithCounters,
  deleteUsersWithCounters,
} from '../db/queries/answers.queries';

/**
 * The only ways answers leave the database (admin deletes, guest cleanup). Each is one batch that also
 * subtracts the answers from result_counters, questions.answer_count and users.total_answers with a
 * GROUP BY over the rows being deleted — set-based SQL, whatever their number — so results read from the
 * counters always equal a full recount.
 */

/** Deletes answers by id. Returns how many existed and were deleted. */
export async function removeAnswers(db: Database, answerIds: readonly string[]): Promise<number> {
  return deleteAnswersWithCounters(db, [...new Set(answerIds)]);
}

/** Deletes users with their sessions, selections, answers and badges. Returns how many users were deleted. */
export async function removeUsers(db: Database, userIds: readonly string[]): Promise<number> {
  return deleteUsersWithCounters(db, [...new Set(userIds)]);
}

/**
 * Deletes a question and its answers. Questions imported from it keep their group id, so they stay linked
 * to each other and keep sharing results. Returns false when the question did not exist.
 */
export async function removeQuestion(db: Database, questionId: string): Promise<boolean> {
  return deleteQuestionWithCounters(db, questionId);
}
