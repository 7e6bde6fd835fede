import {
  RETENTION_OFFSETS,
  type Activity,
  type Funnel,
  type Retention,
} from '@daily-tea/shared/contracts/analytics';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { activityDays, retentionCohorts, retentionWindowStart } from '@daily-tea/shared/domain/retention';
import { findActivityRows, findCohortRows, findFunnelCounts } from '../../db/queries/analytics.queries';
import { findSampleSnapshots } from '../../db/queries/admin/sample.queries';
import type { SampleMakeup, SampleMakeupQuery } from '@daily-tea/shared/contracts/weighting';
import { sampleMakeup } from '@daily-tea/shared/domain/weighting';
import type { Deps } from '../../env';
import { today } from '../play/today';

/**
 * The numbers that run a daily product (product.md#operators, ADR 0301), from the maintained rollups:
 * each read touches rollup rows bounded by days × cohorts, never the answers.
 */

/** GET /api/admin/analytics/activity?days=30: the last `days` game days up to today, oldest first. */
export async function getActivity(deps: Deps, days: number): Promise<Activity> {
  const to = today(deps);
  const rows = await findActivityRows(deps.db, addDays(to, 1 - days), to);
  return { days: activityDays(rows, to, days) };
}

/** GET /api/admin/analytics/retention?weeks=8: weekly cohorts, oldest first, the current week last. */
export async function getRetention(deps: Deps, weeks: number): Promise<Retention> {
  const to = today(deps);
  const rows = await findCohortRows(deps.db, retentionWindowStart(to, weeks), to, RETENTION_OFFSETS);
  return { cohorts: retentionCohorts(rows, to, weeks) };
}

/** GET /api/admin/analytics/funnel?date= (default today). */
export async function getFunnel(deps: Deps, date: string | undefined): Promise<Funnel> {
  const day = date ?? today(deps);
  const { optIns, sent, playedWithinHour, ...stages } = await findFunnelCounts(deps.db, day);
  return { date: day, ...stages, reminder: { optIns, sent, playedWithinHour } };
}

/**
 * GET /api/admin/analytics/sample?date=&questionId=: a day's respondents (each player once) or a question's,
 * against the weighting targets — who is over- and under-represented, and who is left out (ADR 0293).
 */
export async function getSampleMakeup(deps: Deps, query: SampleMakeupQuery): Promise<SampleMakeup> {
  const questionId = query.questionId ?? null;
  const rows = await findSampleSnapshots(deps.db, { date: query.date, questionId });
  return { date: query.date, questionId, ...sampleMakeup(rows) };
}
