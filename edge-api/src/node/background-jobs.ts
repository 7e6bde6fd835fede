import type { Deps } from '../env';
import { cleanupExpired, CLEANUP_INTERVAL_MS } from '../services/cleanup';
import { REMINDER_CHECK_INTERVAL_MS, sendDropReminders } from '../services/push/drop-reminders';

/**
 * Runs `job` now and then every `intervalMs`, never two at once, without keeping the process alive. The returned
 * stop waits for a run in flight, so the database is not closed under it.
 */
function repeat(intervalMs: number, job: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= job().finally(() => {
      running = undefined;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Node's background jobs (Workers run the same services from cron triggers, worker.ts): the guest cleanup
 * (product.md#accounts) and, when VAPID keys are set, the reminder at the drop. Returns stop().
 */
export function startBackgroundJobs(deps: Deps): () => Promise<void> {
  const stops = [
    repeat(CLEANUP_INTERVAL_MS, async () => {
      try {
        const r = await cleanupExpired(deps, Number.POSITIVE_INFINITY);
        if (r.guestsDeleted > 0)
          console.log(
            `[cleanup] deleted ${r.guestsDeleted} expired guest(s), ${r.sessionsDeleted} session(s)`,
          );
      } catch (err) {
        console.error('[cleanup] failed', err);
      }
    }),
  ];
  if (deps.config.vapid) {
    stops.push(
      repeat(REMINDER_CHECK_INTERVAL_MS, async () => {
        try {
          const r = await sendDropReminders(deps);
          if (r.day && r.sent + r.skipped + r.removed + r.failed > 0) {
            console.log(
              `[reminders] ${r.day}: sent ${r.sent}, skipped ${r.skipped} (already played), removed ${r.removed}, failed ${r.failed}`,
            );
          }
        } catch (err) {
          console.error('[reminders] failed', err);
        }
      }),
    );
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
