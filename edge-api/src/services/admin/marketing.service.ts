import type { MarketingQuestionDto } from '@daily-tea/shared/contracts/marketing';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { weighResults } from '@daily-tea/shared/domain/weighting';
import type { Deps } from '../../env';
import { derivedOnce } from '../../db/engine/json';
import {
  findAllBucketCounters,
  findRecentQuestions,
  findWeightingCells,
} from '../../db/queries/admin/marketing.queries';
import { NUMERIC_OPTION } from '../../db/queries/counters.queries';
import { today } from '../play/today';

/** How far back "recent" reaches, in game days (today included), and how many questions at most. */
export const MARKETING_WINDOW_DAYS = 14;
export const MARKETING_QUESTION_LIMIT = 60;

/**
 * GET /api/marketing/questions: the last 14 game days' questions, answered ones first, each with the
 * community counts of its whole link group and its split weighted to SA adults (raked from the group's weighting
 * cells, as results do; ADR 0294), all read from result_counters (no answer is read).
 */
export async function listMarketingQuestions(deps: Deps): Promise<MarketingQuestionDto[]> {
  const day = today(deps);
  const rows = await findRecentQuestions(
    deps.db,
    addDays(day, -MARKETING_WINDOW_DAYS),
    day,
    MARKETING_QUESTION_LIMIT,
  );
  const groupIds = rows.map((r) => r.groupId);
  const [counters, cellsByGroup] = await Promise.all([
    findAllBucketCounters(deps.db, groupIds),
    findWeightingCells(deps.db, groupIds),
  ]);
  const byGroup = new Map<string, { total: number; options: Record<string, number> }>();
  for (const c of counters) {
    const g = byGroup.get(c.groupId) ?? { total: 0, options: {} };
    g.total += c.count;
    if (c.optionId !== NUMERIC_OPTION) g.options[c.optionId] = c.count;
    byGroup.set(c.groupId, g);
  }
  return rows.map((r) => {
    const options = r.options.map((o) => (typeof o === 'string' ? o : o.text));
    const g = byGroup.get(r.groupId);
    // Every option appears (0 when nobody chose it), so a Results post can list them all.
    const optionCounts: Record<string, number> = {};
    if (r.type === 'multiple_choice')
      options.forEach((_, i) => (optionCounts[`opt-${i + 1}`] = g?.options[`opt-${i + 1}`] ?? 0));
    const totalAnswers = g?.total ?? 0;
    // The whole group, every day (never the `days_unanswered` a player's results can have), raked once per cells
    // read: a cached read is the same array while the group's counters are unchanged (findWeightingCells).
    const optionCount = r.type === 'multiple_choice' ? options.length : 0;
    const key = `${r.type}|${optionCount}|${totalAnswers}`;
    const cells = cellsByGroup.get(r.groupId) ?? [];
    const { weighed } = derivedOnce(
      cells,
      () => ({ key, weighed: weighResults({ type: r.type, optionCount, rows: cells, totalAnswers }) }),
      (known) => known.key === key,
    );
    return {
      id: r.id,
      text: r.text,
      type: r.type,
      topicTitle: r.topicTitle,
      date: r.date,
      options,
      totalAnswers,
      optionCounts,
      weighted: weighed.weighted,
      weightedWithheld: weighed.withheld,
    };
  });
}
