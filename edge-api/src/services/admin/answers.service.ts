import type { AdminAnswer } from '@daily-tea/shared/contracts/admin';
import type { Page } from '@daily-tea/shared/contracts/common';
import { formatWithUnit } from '@daily-tea/shared/domain/units';
import type { Deps } from '../../env';
import {
  findAnswerSummary,
  findAnswersPage,
  type AdminAnswerRow,
  type AnswerListFilter,
} from '../../db/queries/admin/answers.queries';
import { insertAudit } from '../../db/queries/audit.queries';
import type { StoredOption } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { removeAnswers } from '../answer-removal';
import { quoted, auditActor } from './audit.service';

const OPT = /^opt-(\d+)$/;

/** The text of a stored choice: 'opt-N' is the Nth option (1-based); older rows may carry an option's own id. */
function optionText(options: StoredOption[], selected: string): string {
  const n = OPT.exec(selected)?.[1];
  const byIndex = n ? options[Number(n) - 1] : undefined;
  const option = byIndex ?? options.find((o) => typeof o !== 'string' && o.id === selected);
  if (option === undefined) return selected;
  return typeof option === 'string' ? option : option.text;
}

export function answerText(
  row: Pick<AdminAnswerRow, 'questionOptions' | 'numericUnit' | 'selectedOptionId' | 'numericValue'>,
): string {
  if (row.selectedOptionId !== null) return optionText(row.questionOptions, row.selectedOptionId);
  if (row.numericValue === null) return '';
  return formatWithUnit(row.numericValue, row.numericUnit);
}

/** GET /api/admin/answers — newest first, filtered by date and/or question, one index walk per page. */
export async function listAnswers(
  deps: Deps,
  q: AnswerListFilter & { limit: number; offset: number },
): Promise<Page<AdminAnswer>> {
  const { rows, total } = await findAnswersPage(deps.db, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      questionId: r.questionId,
      questionText: r.questionText,
      topicTitle: r.topicTitle,
      selectedOptionId: r.selectedOptionId,
      answerText: answerText(r),
      numericValue: r.numericValue,
      answeredAt: r.answeredAt.toISOString(),
      late: r.late,
    })),
    total,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Deletes one answer (counters, answer_count and the user's total kept exact by removeAnswers). */
export async function deleteAnswer(deps: Deps, id: string): Promise<{ ok: true }> {
  const summary = await findAnswerSummary(deps.db, id);
  if (!summary) throw new NotFoundError('Answer not found');
  if ((await removeAnswers(deps.db, [id])) === 0) throw new NotFoundError('Answer not found');
  await insertAudit(deps.db, {
    at: deps.now(),
    actor: auditActor(deps),
    action: 'answer.delete',
    targetId: id,
    summary: `Deleted the answer of ${summary.username ? quoted(summary.username) : 'a deleted user'} to ${quoted(summary.questionText)}`,
  });
  return { ok: true };
}
