import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { User } from '@daily-tea/shared/contracts/auth';
import { CredentialsForm } from '../../../components/credentials-form';

/** product.md#accounts: a signed-in guest registers in place (save-progress.tsx opens this). */
export default function SaveProgressDialog({
  onClose,
  onRegistered,
}: {
  onClose: () => void;
  onRegistered: (user: User) => void;
}) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
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
              onClick={onClose}
              className="-mt-2 -mr-3 grid size-11 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
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
  );
}
