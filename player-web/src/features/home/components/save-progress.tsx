import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { User } from '@daily-tea/shared/contracts/auth';
import { toast } from '@daily-tea/shared/ui/toaster';
import { CredentialsForm } from '../../../components/credentials-form';
import { useSetUser } from '../../../lib/auth';

/**
 * DESIGN §4: a signed-in guest registers in place and keeps answers, selections, streak and badges.
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

      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-stone-900/50 transition-opacity duration-200 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-3xl bg-white p-6 shadow-xl transition duration-200 data-closed:translate-y-4 data-closed:opacity-0"
          >
            <div className="mb-5 flex items-start justify-between gap-4">
              <div>
                <DialogTitle className="text-xl font-black text-stone-900">Save your progress</DialogTitle>
                <Description className="mt-1 text-sm text-stone-600">
                  Choose a username and password. Everything you&apos;ve played today stays with you.
                </Description>
              </div>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="-mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
                aria-label="Close"
              >
                <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </button>
            </div>
            <CredentialsForm mode="signup" onSignedIn={onRegistered} autoFocus />
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
