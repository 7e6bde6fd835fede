import type { KeyboardEvent } from 'react';

/**
 * A group of buttons that Tab enters once (roving tabindex, as in a radio group): the arrow keys move between
 * them, wrapping, and Home/End go to the first and last. Used as the group's onKeyDown.
 */
export function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>) {
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || buttons.length === 0) return;
  let next: number;
  if (step !== undefined) next = (at + step + buttons.length) % buttons.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  else return;
  event.preventDefault();
  buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
  buttons[next]!.focus();
}
