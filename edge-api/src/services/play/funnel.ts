import { markPlayerDay, type FunnelStage } from '../../db/queries/analytics.queries';
import type { Deps } from '../../env';
import { today } from './today';

/**
 * The day's funnel outside the answer batch (ADR 0301): a player opened the day's topics, picked a
 * topic, viewed results. The first time counts, so each process remembers what it has recorded today and
 * writes at most once per player, stage and game day (a bounded set, emptied when the game day changes or it
 * is full) — the reads of daily topics and results stay reads after that. The write runs in the background
 * (deps.background): a player's read never waits for it, nor for another connection's write lock.
 */
const MAX_REMEMBERED = 200_000;
let rememberedDay = '';
const remembered = new Set<string>();

export async function recordFunnelStage(
  deps: Deps,
  userId: string,
  stage: FunnelStage,
  /** The game day it happened on: today, when the caller has it already. */
  date: string = today(deps),
): Promise<void> {
  if (date !== rememberedDay || remembered.size >= MAX_REMEMBERED) {
    remembered.clear();
    rememberedDay = date;
  }
  const key = `${stage}|${userId}`;
  if (remembered.has(key)) return;
  remembered.add(key);
  const work = markPlayerDay(deps.db, { date, userId, stage, at: deps.now().getTime() }).catch(
    (err: unknown) => {
      remembered.delete(key); // the next request tries again
      console.warn('[funnel] mark failed', err);
    },
  );
  if (deps.background) deps.background(work);
  else await work;
}
