import { atom, useAtom } from 'jotai';

/** Which split a results card draws: the raw shares of everyone who answered, or the shares weighted to SA adults. */
export type ResultsMode = 'answered' | 'weighted';

const KEY = 'daily-tea:results-mode';

function stored(): ResultsMode {
  try {
    return localStorage.getItem(KEY) === 'weighted' ? 'weighted' : 'answered';
  } catch {
    return 'answered'; // no storage: the spec's raw shares
  }
}

function store(mode: ResultsMode) {
  try {
    if (mode === 'answered') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, mode);
  } catch {
    // nothing to remember it in: the choice holds for this visit
  }
}

/**
 * The choice lives in this browser's localStorage (docs/decisions/0295-results-mode-in-this-browser.md), read when
 * the results code loads, so a card never draws one split and then flips to the other. A plain atom rather than
 * jotai/utils' atomWithStorage: jotai sits in the entry's vendor chunk, and the helper added 0.6 KB to every first
 * load for one key.
 */
const modeAtom = atom<ResultsMode>(stored());
const resultsModeAtom = atom(
  (get) => get(modeAtom),
  (_get, set, mode: ResultsMode) => {
    store(mode);
    set(modeAtom, mode);
  },
);

/** As answered (the spec's raw shares, the default) or Weighted; every card and the share card follow one choice. */
export function useResultsMode() {
  return useAtom(resultsModeAtom);
}
