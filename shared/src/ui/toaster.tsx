import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { atom, createStore, getDefaultStore, useAtomValue } from 'jotai';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD_PX } from '../domain/constants';

/**
 * Toasts (product.md#limits): at most one visible (a new toast replaces the old one), 5000 ms by default,
 * swipe right 50 px to dismiss, F8 focuses the region, max width 420px from md up.
 * The visible toasts are a jotai atom in jotai's default store, outside React, so mutation callbacks, query
 * caches and plain functions can call `toast()` without a provider; `<Toaster />` reads the atom.
 */

export type ToastVariant = 'default' | 'destructive' | 'success';
export type ToastAction = { label: string; onClick: () => void };
export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds until it closes by itself; 0 or Infinity keeps it open until dismissed. */
  duration?: number;
};
export type ToastItem = Required<Pick<ToastOptions, 'title' | 'variant' | 'duration'>> &
  Pick<ToastOptions, 'description' | 'action'> & { id: string };

type JotaiStore = ReturnType<typeof createStore>;
const toastsAtom = atom<readonly ToastItem[]>([]);

export type ToastStore = {
  /** The jotai store holding the toasts atom. */
  readonly atoms: JotaiStore;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly ToastItem[];
  toast(options: ToastOptions): string;
  dismiss(id?: string): void;
  /** Stops the auto-close clock while the user reads or interacts (hover, focus, swipe). */
  pause(id: string): void;
  resume(id: string): void;
};

type Timer = { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number };

/** Toasts in `atoms` (a fresh jotai store by default: tests get their own; the app uses the default store). */
export function createToastStore(atoms: JotaiStore = createStore()): ToastStore {
  let counter = 0;
  const timers = new Map<string, Timer>();
  const current = () => atoms.get(toastsAtom);

  const clearTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
  };

  const startTimer = (id: string, ms: number) => {
    if (!Number.isFinite(ms) || ms <= 0) return;
    const timer: Timer = { remaining: ms, startedAt: Date.now(), handle: null };
    timer.handle = setTimeout(() => dismiss(id), ms);
    timers.set(id, timer);
  };

  function dismiss(id?: string) {
    const toasts = current();
    const remaining = id === undefined ? [] : toasts.filter((t) => t.id !== id);
    if (remaining.length === toasts.length) return;
    for (const t of toasts) if (!remaining.includes(t)) clearTimer(t.id);
    atoms.set(toastsAtom, remaining);
  }

  return {
    atoms,
    subscribe: (listener) => atoms.sub(toastsAtom, listener),
    getSnapshot: current,
    toast(options) {
      counter += 1;
      const id = `toast-${counter}`;
      const item: ToastItem = {
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'default',
        action: options.action,
        duration: options.duration ?? TOAST_DURATION_MS,
      };
      const next = [item, ...current()];
      for (const dropped of next.slice(TOAST_LIMIT)) clearTimer(dropped.id);
      atoms.set(toastsAtom, next.slice(0, TOAST_LIMIT));
      startTimer(id, item.duration);
      return id;
    },
    dismiss,
    pause(id) {
      const timer = timers.get(id);
      if (!timer?.handle) return;
      clearTimeout(timer.handle);
      timer.handle = null;
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      timer.startedAt = Date.now();
      timer.handle = setTimeout(() => dismiss(id), timer.remaining);
    },
  };
}

/** The app-wide store behind `toast()` and `<Toaster />`. */
export const toastStore = createToastStore(getDefaultStore());

/** Shows a toast (replacing any visible one) and returns its id. */
export function toast(options: ToastOptions): string {
  return toastStore.toast(options);
}

/** Closes one toast, or every toast when called without an id. */
export function dismissToast(id?: string): void {
  toastStore.dismiss(id);
}

export function useToasts(store: ToastStore = toastStore): readonly ToastItem[] {
  return useAtomValue(toastsAtom, { store: store.atoms });
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-brand-200 bg-white text-brand-950',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-700 bg-red-600 text-white',
};

const ACTION_CLASSES: Record<ToastVariant, string> = {
  default: 'border-brand-300 text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600',
  success: 'border-emerald-400 text-emerald-900 hover:bg-emerald-100 focus-visible:outline-emerald-700',
  destructive: 'border-white/60 text-white hover:bg-red-700 focus-visible:outline-white',
};

/** Renders the toast region; mount once near the root of each app. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useToasts(store);
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key === TOAST_HOTKEY &&
        !event.altKey &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.shiftKey
      ) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    // A labelled <section> is the region landmark (an <ol> may not take role="region"); the list holds the toasts.
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className="focus-visible:ring-brand-500 pointer-events-none fixed top-0 right-0 z-[100] max-h-screen w-full p-4 outline-none focus-visible:ring-2 sm:top-auto sm:bottom-0 md:max-w-[420px]"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((item) => (
          <li key={item.id}>
            <ToastView item={item} store={store} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function ToastView({ item, store }: { item: ToastItem; store: ToastStore }) {
  const [offset, setOffset] = useState(0);
  const swipe = useRef<{ pointerId: number; startX: number; startY: number; active: boolean } | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    swipe.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      active: false,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const s = swipe.current;
    if (!s || s.pointerId !== event.pointerId) return;
    const dx = event.clientX - s.startX;
    if (!s.active) {
      // Capture only once the gesture is clearly horizontal, so taps still reach the buttons inside.
      if (Math.abs(dx) < 5 || Math.abs(dx) < Math.abs(event.clientY - s.startY)) return;
      s.active = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      store.pause(item.id);
    }
    setOffset(Math.max(0, dx));
  };

  const endSwipe = (event: ReactPointerEvent<HTMLDivElement>) => {
    const s = swipe.current;
    if (!s || s.pointerId !== event.pointerId) return;
    swipe.current = null;
    if (!s.active) return;
    const dx = event.clientX - s.startX;
    if (dx >= TOAST_SWIPE_THRESHOLD_PX) {
      store.dismiss(item.id);
    } else {
      setOffset(0);
      store.resume(item.id);
    }
  };

  const cancelSwipe = () => {
    if (swipe.current?.active) store.resume(item.id);
    swipe.current = null;
    setOffset(0);
  };

  const destructive = item.variant === 'destructive';

  return (
    <div
      role="status"
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={item.variant}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={cancelSwipe}
      onMouseEnter={() => store.pause(item.id)}
      onMouseLeave={() => store.resume(item.id)}
      onFocus={() => store.pause(item.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(item.id);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') store.dismiss(item.id);
      }}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - offset / (TOAST_SWIPE_THRESHOLD_PX * 3)) : undefined,
        transition: offset ? 'none' : undefined,
      }}
      className={`focus-visible:ring-brand-500 pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition-all duration-200 outline-none select-none focus-visible:ring-2 focus-visible:ring-offset-2 starting:translate-y-2 starting:opacity-0 ${VARIANT_CLASSES[item.variant]}`}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm">{item.description}</p> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          onClick={() => {
            item.action?.onClick();
            store.dismiss(item.id);
          }}
          className={`shrink-0 self-center rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${ACTION_CLASSES[item.variant]}`}
        >
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => store.dismiss(item.id)}
        className={`absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 ${destructive ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-600'}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 4l8 8M12 4l-8 8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
