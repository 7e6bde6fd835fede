import { useEffect, useRef } from 'react';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useHowToPlay } from '../../../lib/how-to-play';

const STEPS = [
  {
    icon: '☝️',
    title: 'Pick 3 topics',
    text: 'New topics drop every day. Choose the three you have a take on.',
  },
  { icon: '⚡', title: 'Answer in a tap', text: 'A choice goes in by itself; type a number and tap Submit.' },
  {
    icon: '🫖',
    title: 'See the tea',
    text: 'Then see how everyone answered — by group, place and over time — and keep your streak.',
  },
];

/**
 * How to play: three short steps on a first visit, dismissable, and back from the header's "?" (a card, not a
 * modal: nothing on home is blocked while it shows).
 */
export function HowToPlay() {
  const { open, asked, dismiss } = useHowToPlay();
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked for from the header: the card comes into view with the focus on its heading.
  useFocusOnMount(heading, asked, () => asked);
  useEffect(() => {
    if (asked) heading.current?.scrollIntoView({ block: 'center' });
  }, [asked]);
  if (!open) return null;
  return (
    <section
      aria-labelledby="how-to-play"
      className="ring-brand-100 mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 sm:p-6"
      data-testid="how-to-play"
    >
      <h2
        id="how-to-play"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-black text-stone-900 outline-none"
      >
        How to play
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="bg-brand-50/60 flex gap-3 rounded-2xl p-3.5">
            <span
              aria-hidden="true"
              className="bg-brand-600 grid size-8 shrink-0 place-items-center rounded-full text-sm font-black text-white"
            >
              {i + 1}
            </span>
            <div className="min-w-0">
              <p className="font-bold text-stone-900">
                {step.title} <span aria-hidden="true">{step.icon}</span>
              </p>
              <p className="mt-0.5 text-sm text-stone-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          onClick={dismiss}
          className="bg-brand-600 hover:bg-brand-700 min-h-11 rounded-full px-6 text-sm font-bold text-white"
        >
          Got it — let&apos;s play
        </button>
      </div>
    </section>
  );
}
