import { shouldOfferReminder } from '@daily-tea/shared/domain/reminder';
import { useState } from 'react';
import { useEnableReminders, useReminderState } from '../api/use-reminders';

const DISMISSED_KEY = 'daily-tea:reminder-ask-dismissed-at';

function readDismissedAt(): number | null {
  try {
    const v = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/**
 * The ask: after a finished day, a card offering one notification when the next topics drop.
 * The browser's permission prompt appears only from "Remind me"; "Not now" keeps it away for a week.
 */
export function ReminderAsk({ dayFinished }: { dayFinished: boolean }) {
  const state = useReminderState();
  const enable = useEnableReminders();
  const [dismissedAt, setDismissedAt] = useState(readDismissedAt);
  const [justEnabled, setJustEnabled] = useState(false);

  const dismiss = () => {
    const now = Date.now();
    try {
      localStorage.setItem(DISMISSED_KEY, String(now));
    } catch {
      // private mode: the ask just comes back next time
    }
    setDismissedAt(now);
  };

  if (justEnabled) {
    return (
      <div
        role="status"
        className="mt-3 rounded-2xl bg-white px-5 py-4 text-sm text-stone-800 shadow-sm ring-1 ring-emerald-200"
        data-testid="reminder-on"
      >
        <p className="font-bold text-emerald-900">Reminder on</p>
        <p className="mt-0.5">
          We’ll send one notification when tomorrow’s topics drop. Turn it off any time in your profile.
        </p>
      </div>
    );
  }
  const s = state.data;
  // Refused (blocked, or the push service failed): the card stays and says why, instead of vanishing.
  if (enable.isError && dismissedAt === null) {
    return (
      <div
        role="alert"
        className="mt-3 rounded-2xl bg-white px-5 py-4 text-sm text-stone-800 shadow-sm ring-1 ring-amber-300"
        data-testid="reminder-refused"
      >
        <p className="font-bold text-amber-900">No reminder for now</p>
        <p className="mt-0.5">{enable.error.message}</p>
        <button
          type="button"
          onClick={() => {
            enable.reset();
            dismiss();
          }}
          className="mt-2 min-h-11 rounded-full px-4 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
        >
          OK
        </button>
      </div>
    );
  }
  if (!s || !shouldOfferReminder({ ...s, dayFinished, dismissedAt, now: Date.now() })) return null;

  return (
    <section
      aria-labelledby="reminder-ask-title"
      className="border-tea-200 mt-3 rounded-2xl border bg-white px-5 py-4 shadow-sm"
      data-testid="reminder-ask"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="bg-tea-100 grid size-10 shrink-0 place-items-center rounded-full text-xl"
        >
          🔔
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="reminder-ask-title" className="font-bold text-stone-900">
            Want a nudge when tomorrow’s tea drops?
          </h2>
          <p className="mt-0.5 text-sm text-stone-700">
            One notification when the new topics drop, and only if you haven’t played yet. Nothing else.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <button
              type="button"
              disabled={enable.isPending}
              onClick={() =>
                enable.mutate(undefined, {
                  onSuccess: () => setJustEnabled(true),
                })
              }
              className="bg-brand-600 hover:bg-brand-700 min-h-11 rounded-full px-4 py-2 text-sm font-bold text-white shadow-sm disabled:opacity-70"
            >
              {enable.isPending ? 'Turning on...' : 'Remind me'}
            </button>
            <button
              type="button"
              onClick={dismiss}
              disabled={enable.isPending}
              className="min-h-11 rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
            >
              Not now
            </button>
          </div>
          {enable.isPending ? (
            <p role="status" className="mt-2 text-sm text-stone-700">
              Allow notifications if your browser asks...
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
