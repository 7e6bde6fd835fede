import { useEffect, type RefObject } from 'react';

/**
 * Moves keyboard and screen-reader focus to a screen's main heading when the screen (or `key`, e.g. the
 * question index) changes, instead of leaving it on the document body or a button that just unmounted.
 * The heading needs tabIndex={-1}.
 */
export function useFocusOnMount(ref: RefObject<HTMLElement | null>, key?: unknown): void {
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [ref, key]);
}
