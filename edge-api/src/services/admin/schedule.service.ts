import type { DailySchedule } from '@daily-tea/shared/contracts/admin';
import type { Health } from '@daily-tea/shared/contracts/health';
import { auditActor } from './audit.service';
import type { Deps } from '../../env';
import { runBatch } from '../../db/database';
import { insertAuditStatement } from '../../db/queries/audit.queries';
import { findScheduleTopicIds, upsertScheduleStatement } from '../../db/queries/admin/schedule.queries';
import { findTopicsByIdList } from '../../db/queries/admin/topics.queries';
import { BadRequestError } from '../../errors';
import { today } from '../play/today';

/** GET /api/admin/clock: the server's game day, so operator screens never guess the time zone. */
export function operatorClock(deps: Deps): Health {
  const now = deps.now();
  return {
    ok: true,
    time: now.toISOString(),
    today: today(deps),
    timeZone: deps.config.timeZone,
    dayStartHour: deps.config.dayStartHour,
  };
}

/** The topics scheduled on a date ([] when nothing is scheduled). */
export async function getSchedule(deps: Deps, date: string): Promise<DailySchedule> {
  return { date, topicIds: (await findScheduleTopicIds(deps.db, date)) ?? [] };
}

/**
 * Replaces a date's schedule (product.md#operators): today or later by the game day only; every id must be an active
 * topic. Past days are history — players' selections and answers refer to them.
 */
export async function saveSchedule(deps: Deps, date: string, topicIds: string[]): Promise<DailySchedule> {
  const gameDay = today(deps);
  if (date < gameDay)
    throw new BadRequestError(`Schedules can only be changed for today (${gameDay}) or later`);
  const found = new Map((await findTopicsByIdList(deps.db, topicIds)).map((t) => [t.id, t]));
  const unknown = topicIds.filter((id) => !found.has(id));
  if (unknown.length) throw new BadRequestError(`Unknown topic id: ${unknown.join(', ')}`);
  const inactive = topicIds.map((id) => found.get(id)!).filter((t) => !t.isActive);
  if (inactive.length)
    throw new BadRequestError(
      `Inactive topics cannot be scheduled: ${inactive.map((t) => t.title).join(', ')}`,
    );
  const now = deps.now();
  const titles = topicIds.map((id) => found.get(id)!.title);
  await runBatch(deps.db, [
    upsertScheduleStatement(deps.db, date, topicIds, now),
    insertAuditStatement(deps.db, {
      at: now,
      actor: auditActor(deps),
      action: 'schedule.save',
      targetId: date,
      summary: titles.length
        ? `Scheduled ${titles.length} topic${titles.length === 1 ? '' : 's'} on ${date}: ${titles.join(', ')}`
        : `Cleared the schedule of ${date}`,
    }),
  ]);
  return { date, topicIds };
}
