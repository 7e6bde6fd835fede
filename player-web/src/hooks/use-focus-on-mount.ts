import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves keyboard and screen-reader focus to a screen's main heading when the screen (or `key`, e.g. the
 * question index) changes, instead of leaving it on the document body or a button that just unmounted.
 * The heading needs tabIndex={-1}.
 *
 * The focus moves in the next animation frame, where the browser lays the page out anyway: `focus()` needs
 * an up-to-date layout, and called straight after React's commit it forced a second, synchronous layout of
 * the whole screen inside the commit's task (a long task on a phone).
 */
export function useFocusOnMount(
  ref: RefObject<HTMLElement | null>,
  key?: unknown,
  /** Asked each time the key changes: false leaves the focus where it is this time. */
  when?: () => boolean,
): void {
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(() => {
    if (whenRef.current && !whenRef.current()) return;
    const frame = requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [ref, key]);
}
