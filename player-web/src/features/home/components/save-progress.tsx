import { lazy, Suspense, useState } from 'react';
import type { User } from '@daily-tea/shared/contracts/auth';
import { toast } from '@daily-tea/shared/ui/toaster';
import { useSetUser } from '../../../lib/auth';

// The dialog (Headless UI, the sign-up form) is downloaded when a guest opens it, not with home.
const SaveProgressDialog = lazy(() => import('./save-progress-dialog'));

/**
 * product.md#accounts: a signed-in guest registers in place and keeps answers, selections, streak and badges.
 * /auth sends signed-in users to /, so the offer lives on home.
 */
export function SaveProgressCard() {
  const setUser = useSetUser();
  const [open, setOpen] = useState(false);

  function onRegistered(user: User) {
    setUser(user);
    setOpen(false);
    toast({
      title: 'Progress saved!',
      description: `You're now signed up as ${user.username}.`,
      variant: 'success',
    });
  }

  return (
    <>
      <section
        className="border-tea-300 bg-tea-50 flex items-center gap-3 rounded-2xl border px-4 py-3 sm:gap-4 sm:px-5"
        aria-labelledby="save-progress-title"
        data-testid="save-progress"
      >
        <span className="hidden text-2xl sm:block" aria-hidden="true">
          💾
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="save-progress-title" className="text-tea-900 text-sm font-bold">
            Playing as a guest
          </h2>
          <p className="text-tea-900 text-sm">Sign up to keep your answers, streak and badges.</p>
        </div>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="bg-brand-600 hover:bg-brand-700 shrink-0 rounded-xl px-3.5 py-2 text-sm font-semibold text-white shadow-sm sm:px-5 sm:py-2.5"
        >
          Save your progress
        </button>
      </section>

      {open ? (
        <Suspense fallback={null}>
          <SaveProgressDialog onClose={() => setOpen(false)} onRegistered={onRegistered} />
        </Suspense>
      ) : null}
    </>
  );
}
