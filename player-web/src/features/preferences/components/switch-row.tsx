import { useId, type ReactNode } from 'react';

/**
 * A labelled on/off row (role="switch") with a 44 px tap target; the note under the label says what on means.
 */
export function SwitchRow(props: {
  label: string;
  note: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
  testId?: string;
}) {
  const { label, note, checked, disabled, onChange, testId } = props;
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4" data-testid={testId}>
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-bold text-stone-900">
          {label}
        </p>
        <p id={`${id}-note`} className="mt-0.5 text-sm text-stone-700">
          {note}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-note`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group focus-visible:outline-brand-600 grid h-11 w-14 shrink-0 place-items-center rounded-full focus-visible:outline-2 disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors ${checked ? 'bg-emerald-600' : 'bg-stone-300'}`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${checked ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </span>
      </button>
    </div>
  );
}
