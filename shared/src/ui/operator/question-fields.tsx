import { useId } from 'react';
import {
  MAX_QUESTION_OPTIONS,
  NEW_QUESTION_OPTION_COUNT,
  NUMERIC_UNIT_MAX,
  QUESTION_OPTION_TEXT_MAX,
  QUESTION_TEXT_MAX,
} from '../../domain/constants';
import type { QuestionType } from '../../contracts/daily';
import type { LintWarning } from '../../domain/question-lint';
import { LintWarnings } from './lint-warnings';
import { Button, inputClass, labelClass } from './primitives';

/**
 * The content fields of a question (product.md#flows/#validation create dialog): text, type switch, options (two to start,
 * Remove only above two, at most ten) and the numeric unit/min/max, each with the linter's warnings beside
 * it. Used by the Questions tab's create dialog and the scheduler's draft dialog, which differ only in
 * what they do with the values.
 */

export function QuestionTextField(props: {
  value: string;
  onChange: (text: string) => void;
  warnings: readonly LintWarning[];
  placeholder?: string;
  /** Focus the field when its dialog opens (the scheduler's fast question dialog). */
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Question
      </label>
      <textarea
        id={id}
        className={`${inputClass} min-h-20`}
        value={props.value}
        maxLength={QUESTION_TEXT_MAX}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <LintWarnings warnings={props.warnings} className="mt-2" />
    </div>
  );
}

export function QuestionTypeSwitch(props: { value: QuestionType; onChange: (type: QuestionType) => void }) {
  const legendId = useId();
  return (
    <fieldset>
      <legend id={legendId} className={labelClass}>
        Type
      </legend>
      <div
        className="inline-flex rounded-lg border border-slate-300 p-0.5"
        role="radiogroup"
        aria-labelledby={legendId}
      >
        {(['multiple_choice', 'numeric'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={props.value === value}
            onClick={() => props.onChange(value)}
            className={`focus-visible:outline-brand-600 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${
              props.value === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {value === 'numeric' ? 'Numeric' : 'Multiple Choice'}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The option boxes, numbered, with Remove (only above two) and "+ Add Option" (up to ten). */
export function OptionsField(props: {
  texts: readonly string[];
  onEdit: (index: number, text: string) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  warnings: readonly LintWarning[];
}) {
  const { texts } = props;
  return (
    <fieldset className="grid gap-2">
      <legend className={labelClass}>Options</legend>
      {texts.map((text, index) => (
        <div key={index} className="flex gap-2">
          <span
            className="flex w-8 shrink-0 items-center justify-center self-stretch rounded-md bg-slate-100 text-xs font-semibold text-slate-600"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <input
            aria-label={`Option ${index + 1}`}
            className={inputClass}
            value={text}
            maxLength={QUESTION_OPTION_TEXT_MAX}
            placeholder={`Option ${index + 1}`}
            onChange={(e) => props.onEdit(index, e.target.value)}
          />
          {texts.length > NEW_QUESTION_OPTION_COUNT ? (
            <Button
              variant="ghost"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => props.onRemove(index)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ))}
      <div>
        <Button
          size="sm"
          data-add-option
          onClick={props.onAdd}
          disabled={texts.length >= MAX_QUESTION_OPTIONS}
        >
          + Add Option
        </Button>
      </div>
      <LintWarnings warnings={props.warnings} />
    </fieldset>
  );
}

/** Unit, min and max of a numeric question, as typed (the contract schema judges them). */
export function NumericRangeFields(props: {
  unit: string;
  min: string;
  max: string;
  onUnit: (unit: string) => void;
  onMin: (min: string) => void;
  onMax: (max: string) => void;
  warnings: readonly LintWarning[];
}) {
  const ids = { unit: useId(), min: useId(), max: useId() };
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor={ids.unit} className={labelClass}>
          Unit
        </label>
        <input
          id={ids.unit}
          className={inputClass}
          value={props.unit}
          maxLength={NUMERIC_UNIT_MAX}
          placeholder="e.g. cups"
          onChange={(e) => props.onUnit(e.target.value)}
        />
      </div>
      {(
        [
          ['min', 'Min value', props.min, props.onMin],
          ['max', 'Max value', props.max, props.onMax],
        ] as const
      ).map(([key, label, value, onChange]) => (
        <div key={key}>
          <label htmlFor={ids[key]} className={labelClass}>
            {label}
          </label>
          <input
            id={ids[key]}
            type="number"
            step={1}
            inputMode="numeric"
            className={inputClass}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      ))}
      <LintWarnings warnings={props.warnings} className="sm:col-span-3" />
    </div>
  );
}
