import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dismissToast } from '@daily-tea/shared/ui/toaster';
import { STREAK_FREEZE_EVERY_DAYS } from '@daily-tea/shared/domain/constants';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { useUser } from '../../../lib/auth';
import { recapQuery } from '../../../lib/queries';
import { ShareRecapButton } from '../share/share-recap-button';
import { ShareTextButton } from '../share/share-text-button';
import { shownName } from './recap-card';
import { recapStats } from './recap-image';

/**
 * The day's finish: full screen when the day's last topic is done — the streak's step up (and a
 * freeze spent or earned), the day's recap figures and the share actions. Its motion plays only without
 * `prefers-reduced-motion`. "Back home" leaves for home, where the recap stays; × or Escape shows the results.
 */
export function FinishMoment({ onHome, onClose }: { onHome: () => void; onClose: () => void }) {
  const { data: user } = useUser();
  const recap = useQuery(recapQuery());
  // The day's last answer toasts its badges ("Full house"): the finish is the moment, so nothing covers it.
  useEffect(() => dismissToast(), []);
  if (!user) return null;
  const streak = recap.data?.streak.current ?? user.currentStreak;
  const earnedFreeze = streak > 0 && streak % STREAK_FREEZE_EVERY_DAYS === 0;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogPanel
        className="theme-light from-brand-950 via-brand-900 to-brand-700 fixed inset-0 overflow-y-auto bg-linear-to-b text-white"
        data-testid="finish-moment"
        data-finish-moment=""
      >
        <div className="mx-auto flex min-h-full max-w-xl flex-col px-5 pt-6 pb-8 sm:pt-10">
          <div className="flex justify-end">
            <button
              type="button"
              onClick={onClose}
              aria-label="Close and see the results"
              className="grid size-11 place-items-center rounded-full text-white/80 hover:bg-white/10 hover:text-white"
            >
              <svg viewBox="0 0 20 20" className="size-6" aria-hidden="true" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <div className="text-center">
            <p
              aria-hidden="true"
              className="text-6xl motion-safe:animate-[finish-pop_700ms_cubic-bezier(.2,.9,.3,1.3)_both]"
            >
              🎉
            </p>
            <DialogTitle className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">
              Day complete!
            </DialogTitle>
            <p className="text-tea-200 mt-1 font-semibold">
              {recap.data ? formatDisplayDate(recap.data.date) : '\u00a0'}
            </p>
          </div>

          <div
            className="mx-auto mt-6 flex items-center gap-3 rounded-full bg-white/10 px-5 py-3 ring-1 ring-white/20 motion-safe:animate-[finish-rise_500ms_200ms_ease-out_both]"
            data-testid="finish-streak"
          >
            <span aria-hidden="true" className="text-3xl">
              🔥
            </span>
            <p className="text-xl font-black tabular-nums">
              {streak}-day streak
              {user.freezesSpentToday === 0 ? (
                <span className="bg-tea-400 text-brand-950 ml-2 rounded-full px-2 py-0.5 align-middle text-sm font-bold motion-safe:animate-[finish-pop_600ms_500ms_ease-out_both]">
                  +1
                </span>
              ) : null}
            </p>
          </div>
          {user.freezesSpentToday > 0 ? (
            <p className="mt-2 text-center text-sm font-semibold text-sky-200">
              <span aria-hidden="true">❄️ </span>
              {user.freezesSpentToday === 1 ? 'A freeze' : `${user.freezesSpentToday} freezes`} kept your
              streak going
            </p>
          ) : earnedFreeze ? (
            <p className="mt-2 text-center text-sm font-semibold text-sky-200">
              <span aria-hidden="true">❄️ </span>
              {streak} days: you earned a streak freeze
            </p>
          ) : null}

          {/* The figures' box holds its size while the recap loads. */}
          <dl className="mt-6 grid min-h-[10.5rem] grid-cols-2 gap-3 motion-safe:animate-[finish-rise_500ms_350ms_ease-out_both]">
            {(recap.data ? recapStats(recap.data).slice(0, 4) : []).map((s) => (
              <div key={s.label} className="rounded-2xl bg-white/10 px-4 py-3 ring-1 ring-white/15">
                <dt className="text-tea-300 text-xs font-bold tracking-wider uppercase">{s.label}</dt>
                <dd className="mt-1 text-2xl font-black tabular-nums">{s.value}</dd>
                <dd className="text-sm text-white/80">{s.detail}</dd>
              </div>
            ))}
          </dl>
          {recap.isError ? (
            <p className="mt-2 text-center text-sm text-rose-200" role="alert">
              {recap.error.message}
            </p>
          ) : null}

          <div className="mt-6 grid gap-2">
            <ShareTextButton />
            {recap.data ? (
              <ShareRecapButton recap={recap.data} username={shownName(user)} format="story" primary />
            ) : null}
          </div>

          <button
            type="button"
            onClick={onHome}
            className="text-brand-950 mt-8 min-h-12 rounded-full bg-white px-6 text-base font-bold shadow-md hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Back home
          </button>
          <p className="mt-2 text-center text-sm text-white/80">
            New topics tomorrow — keep the streak going.
          </p>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
