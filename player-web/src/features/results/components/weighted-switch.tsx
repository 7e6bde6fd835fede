import { useId } from 'react';
import type { ResultsMode } from '../hooks/use-results-mode';

const LABELS: Record<ResultsMode, string> = { answered: 'As answered', weighted: 'Weighted' };
const ORDER: readonly ResultsMode[] = ['answered', 'weighted'];

/**
 * Weighted / As answered (docs/decisions/0295-results-mode-in-this-browser.md): which split the card's bars draw.
 * Two native radios styled as a segmented control, so arrow keys, forms and screen readers work as they expect.
 */
export function WeightedSwitch(props: {
  mode: ResultsMode;
  onChange: (mode: ResultsMode) => void;
  /** A phone's summary: beside the weighted line, as narrow as its labels allow. */
  compact?: boolean;
}) {
  const name = useId();
  return (
    <fieldset data-results-mode={props.mode} className="shrink-0">
      <legend className="sr-only">Show the split</legend>
      <div className="grid grid-cols-2 gap-0.5 rounded-full bg-stone-100 p-0.5 ring-1 ring-stone-200">
        {ORDER.map((mode) => (
          <label
            key={mode}
            className={`has-[:focus-visible]:outline-brand-600 has-[:checked]:text-brand-900 flex min-h-11 cursor-pointer items-center justify-center rounded-full ${props.compact ? 'px-2.5' : 'px-3'} text-xs font-semibold whitespace-nowrap text-stone-700 has-[:checked]:bg-white has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 sm:text-sm`}
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={props.mode === mode}
              onChange={() => props.onChange(mode)}
              className="sr-only"
            />
            {LABELS[mode]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
