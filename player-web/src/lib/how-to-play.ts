import { atom, useAtom } from 'jotai';

const KEY = 'daily-tea:how-to-play-seen';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true; // no storage: no card on every visit
  }
}

/** Whether the how-to-play card shows: on a browser's first visit until dismissed, and when asked for again. */
const howToPlayAtom = atom<boolean | null>(null);

export function useHowToPlay(): { open: boolean; asked: boolean; show: () => void; dismiss: () => void } {
  const [state, setState] = useAtom(howToPlayAtom);
  const open = state ?? !seenBefore();
  return {
    open,
    /** Opened from the header (not the first visit's own showing). */
    asked: state === true,
    show: () => setState(true),
    dismiss: () => {
      try {
        localStorage.setItem(KEY, new Date().toISOString());
      } catch {
        // nothing to remember it in
      }
      setState(false);
    },
  };
}
