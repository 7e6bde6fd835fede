import { useDisableReminders, useEnableReminders, useReminderState } from '../api/use-reminders';

/**
 * The profile's switch for the reminder at the drop: on/off for this browser, with why it cannot
 * be turned on where that is the case (unsupported browser, blocked notifications, server without keys).
 */
export function ReminderToggle() {
  const state = useReminderState();
  const enable = useEnableReminders();
  const disable = useDisableReminders();
  const s = state.data;
  const busy = enable.isPending || disable.isPending || state.isFetching;
  const on = s?.subscribed ?? false;
  let note: string;
  if (enable.isPending) note = 'Turning on: allow notifications if your browser asks...';
  else if (disable.isPending) note = 'Turning off...';
  else if (!s) note = 'Checking this browser...';
  else if (!s.enabled) note = 'Reminders are not available on this server.';
  else if (!s.supported) note = 'This browser cannot show notifications from Daily Tea.';
  else if (s.permission === 'denied' && !on)
    note = 'Notifications are blocked for Daily Tea in this browser’s site settings.';
  else if (on)
    note = 'On for this browser: one notification when new topics drop, unless you’ve already played.';
  else note = 'Off. Turn it on to hear when new topics drop.';
  const unavailable = !s || !s.enabled || !s.supported || (s.permission === 'denied' && !on);
  const error = enable.error ?? disable.error;

  return (
    <section
      aria-labelledby="reminder-toggle-label"
      className="mt-6 rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-stone-200"
      data-testid="reminder-toggle"
    >
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="reminder-toggle-label" className="font-bold text-stone-900">
            Daily reminder
          </h2>
          <p
            id="reminder-toggle-note"
            className="mt-0.5 text-sm text-stone-700"
            data-reminder-note=""
            aria-live="polite"
          >
            {note}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="reminder-toggle-label"
          aria-describedby="reminder-toggle-note"
          disabled={busy || unavailable}
          onClick={() => (on ? disable.mutate() : enable.mutate())}
          className="grid h-11 w-14 shrink-0 place-items-center rounded-full disabled:opacity-50"
        >
          <span
            aria-hidden="true"
            className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors ${on ? 'bg-emerald-600' : 'bg-stone-300'}`}
          >
            <span
              className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
            />
          </span>
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
