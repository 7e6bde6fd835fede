import { useEffect, useState } from 'react';
import { useUser } from '../../../lib/auth';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';

const key = (userId: string) => `daily-tea:guess-offer:${userId}`;

function offeredBefore(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return true; // no storage: never nag on every visit
  }
}

function markOffered(userId: string) {
  try {
    localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // nothing to remember it in
  }
}

/**
 * Guess the crowd, offered once (product.md#play-rules: offered, never imposed): on the player's first results while it is
 * off. Shown for that visit whatever they do; the next results no longer show it. The profile has the switch.
 */
export function GuessOffer() {
  const { data: user } = useUser();
  const { guessTheCrowd } = usePreferences();
  const update = useUpdatePreferences();
  const userId = user?.id ?? '';
  // Decided once per mount from storage, so it renders with the screen (no shift) and stays while read. Marked
  // once shown (an effect runs after the commit): a render React throws away — the screen suspending on a chunk
  // while its data is already there — must not spend the one offer.
  const [show] = useState(() => userId !== '' && !offeredBefore(userId));
  useEffect(() => {
    if (show) markOffered(userId);
  }, [show, userId]);
  const [answer, setAnswer] = useState<'on' | 'no' | null>(null);
  if (!show || (guessTheCrowd && answer === null)) return null;
  return (
    <section
      aria-labelledby="guess-offer-title"
      className="bg-tea-50 ring-tea-200 rounded-3xl px-4 py-3 ring-1 sm:px-5 sm:py-4"
      data-testid="guess-offer"
    >
      <p id="guess-offer-title" className="font-bold text-stone-900">
        <span aria-hidden="true">🎯 </span>Want to guess the crowd next time?
      </p>
      {answer === null ? (
        <>
          <p className="mt-1 text-sm text-stone-700">After each answer, guess what most players picked.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => {
                setAnswer('on');
                update.mutate({ guessTheCrowd: true });
              }}
              className="bg-brand-600 hover:bg-brand-700 min-h-11 rounded-full px-5 text-sm font-bold text-white"
            >
              Turn on guessing
            </button>
            <button
              type="button"
              onClick={() => setAnswer('no')}
              className="min-h-11 rounded-full px-5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-white"
            >
              No thanks
            </button>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-stone-700" role="status">
          {answer === 'on'
            ? 'Guessing is on from your next answer. Switch it off any time in your profile.'
            : 'No guessing. You can turn it on any time in your profile.'}
        </p>
      )}
    </section>
  );
}
