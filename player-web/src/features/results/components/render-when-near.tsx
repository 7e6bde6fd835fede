import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How far beyond the viewport a deferred part starts rendering: a little ahead of the scroll (one card's
 * breakdowns render in a few frames), not so far that the first card's breakdowns, which start just below a
 * phone's fold, render on arrival.
 */
const NEAR = '120px 0px 120px 0px';

/**
 * Renders `children` once their place comes within {@link NEAR} of the viewport; until then an empty box of
 * `estimate` pixels holds the place (docs/decisions/0123-fast-on-a-phone.md). The results screen
 * is the heaviest a phone draws — each card's trend, group and place breakdowns are hundreds of elements — and
 * most of it starts below the fold: drawing it all on arrival blocked the main thread for most of a second on a
 * mid-range phone. Rendering happens in a transition (interruptible), and the placeholder is swapped while still
 * off screen, so what the player sees does not move. Once rendered, the part stays.
 */
export function RenderWhenNear({ estimate, children }: { estimate: number; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = placeholder.current;
    if (near || !box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: NEAR },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={placeholder} style={{ height: estimate }} data-deferred="" />;
  return <div className="space-y-6">{children}</div>;
}
