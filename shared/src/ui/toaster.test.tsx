// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../domain/constants';
import { createToastStore, Toaster } from './toaster';

// jsdom has no PointerEvent; without this, fireEvent.pointer* would drop clientX and pointerId.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps at most one toast: a new one replaces the old', () => {
    const store = createToastStore();
    const first = store.toast({ title: 'First' });
    const second = store.toast({ title: 'Second', variant: 'destructive' });
    expect(first).not.toBe(second);
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id: second, title: 'Second', variant: 'destructive' }),
    ]);
  });

  it('closes after 5000 ms by default', () => {
    const store = createToastStore();
    store.toast({ title: 'Hello' });
    expect(store.getSnapshot()[0]?.duration).toBe(TOAST_DURATION_MS);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration and never closes a replaced toast late', () => {
    const store = createToastStore();
    store.toast({ title: 'Short', duration: 1000 });
    vi.advanceTimersByTime(500);
    store.toast({ title: 'Long', duration: 3000 });
    vi.advanceTimersByTime(600);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['Long']);
    vi.advanceTimersByTime(2400);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('stays open with an infinite duration until dismissed', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Sticky', duration: Infinity });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('dismisses by id, ignores unknown ids and clears all without an id', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.toast({ title: 'One' });
    expect(listener).toHaveBeenCalledTimes(1);
    store.dismiss('nope');
    expect(listener).toHaveBeenCalledTimes(1);
    store.dismiss();
    expect(store.getSnapshot()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
    store.toast({ title: 'Two' });
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('pauses and resumes the auto-close clock with the time left', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Read me' });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.toast({ title: 'Quiet' });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('<Toaster />', () => {
  it('renders the labelled region and focuses it on F8', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.tagName).toBe('SECTION');
    expect(region.querySelector('ol')).not.toBeNull();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(region);
  });

  it('shows one toast with title, description, action and a close button', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    render(<Toaster store={store} />);
    act(() => {
      store.toast({ title: 'Old' });
      store.toast({
        title: 'Image exported!',
        description: 'Saved.',
        action: { label: 'Show in folder', onClick },
      });
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('Old')).toBeNull();
    expect(screen.getByText('Saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show in folder' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => void store.toast({ title: 'Again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dismisses on a swipe of 50 px to the right, not on a shorter one', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => void store.toast({ title: 'Swipe me' }));
    const item = screen.getByRole('status');

    fireEvent.pointerDown(item, { pointerId: 1, button: 0, clientX: 100, clientY: 10 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 140, clientY: 10 });
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 149, clientY: 10 });
    expect(screen.queryByRole('status')).not.toBeNull();

    fireEvent.pointerDown(item, { pointerId: 2, button: 0, clientX: 100, clientY: 10 });
    fireEvent.pointerMove(item, { pointerId: 2, clientX: 130, clientY: 10 });
    fireEvent.pointerUp(item, { pointerId: 2, clientX: 150, clientY: 10 });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not dismiss on a leftward swipe', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => void store.toast({ title: 'Stay' }));
    const item = screen.getByRole('status');
    fireEvent.pointerDown(item, { pointerId: 1, button: 0, clientX: 200, clientY: 10 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 120, clientY: 10 });
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 100, clientY: 10 });
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
