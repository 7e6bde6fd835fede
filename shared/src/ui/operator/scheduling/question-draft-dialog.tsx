import { useId, useState, type FormEvent } from 'react';
import type { QuestionType } from '../../../contracts/daily';
import { NEW_QUESTION_OPTION_COUNT } from '../../../domain/constants';
import type { LintContext } from '../../../domain/question-lint';
import {
  emptyDraft,
  lintDraft,
  questionContentProblem,
  type DraftOption,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { LintWarnings } from '../lint-warnings';
import { Button, OperatorDialog, inputClass, labelClass } from '../primitives';

const MAX_OPTIONS = 10;

/** A number field's value: empty is null; anything else is passed on as typed for the contract schema to judge. */
function numberField(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const blankOptions = (): DraftOption[] =>
  Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => ({ text: '' }));

/**
 * Add or edit one unsaved question of a topic's day (SPEC §4/§5 create dialog rules): type switch,
 * two empty options to start, Remove only above two, blank options dropped, min/max as integers.
 * Nothing is sent here: the draft is saved with "Save Schedule".
 */
export function QuestionDraftDialog(props: {
  open: boolean;
  topicTitle: string;
  /** The draft being edited, or null to add a new one. */
  draft: QuestionDraft | null;
  /** The day it is for and the questions asked so far: the linter's context. */
  date: string;
  history: LintContext['history'];
  onSubmit: (draft: QuestionDraft) => void;
  onClose: () => void;
}) {
  return (
    <OperatorDialog
      open={props.open}
      onClose={props.onClose}
      title={props.draft ? 'Edit Question' : 'Add Question'}
      description={`${props.topicTitle}: saved to the server with "Save Schedule".`}
      wide
    >
      {/* Keyed so each opening starts from the draft (or from two empty options after an add). */}
      <DraftForm key={props.draft?.key ?? `new-${String(props.open)}`} {...props} />
    </OperatorDialog>
  );
}

function DraftForm(props: {
  draft: QuestionDraft | null;
  date: string;
  history: LintContext['history'];
  onSubmit: (draft: QuestionDraft) => void;
  onClose: () => void;
}) {
  const start = props.draft ?? emptyDraft('multiple_choice', NEW_QUESTION_OPTION_COUNT);
  const [text, setText] = useState(start.text);
  const [type, setType] = useState<QuestionType>(start.type);
  const [options, setOptions] = useState<DraftOption[]>(
    start.options.length > 0 ? start.options : blankOptions(),
  );
  const [unit, setUnit] = useState(start.numericUnit);
  const [min, setMin] = useState(start.minValue === null ? '' : String(start.minValue));
  const [max, setMax] = useState(start.maxValue === null ? '' : String(start.maxValue));
  const [touched, setTouched] = useState(false);
  const ids = { text: useId(), unit: useId(), min: useId(), max: useId() };

  const next: QuestionDraft = {
    ...start,
    text,
    type,
    options: type === 'multiple_choice' ? options : [],
    numericUnit: type === 'numeric' ? unit : '',
    minValue: type === 'numeric' ? numberField(min) : null,
    maxValue: type === 'numeric' ? numberField(max) : null,
  };
  // The contract schema's rules and messages (shared/src/contracts/admin.ts), written once.
  const problem = questionContentProblem(next);
  const warnings = lintDraft(next, { date: props.date, history: props.history });
  const warningsFor = (field: 'text' | 'options' | 'range') => warnings.filter((w) => w.field === field);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    props.onSubmit({
      ...next,
      options: type === 'multiple_choice' ? options.filter((o) => o.text.trim() !== '') : [],
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div>
        <label htmlFor={ids.text} className={labelClass}>
          Question
        </label>
        <textarea
          id={ids.text}
          className={`${inputClass} min-h-20`}
          value={text}
          maxLength={500}
          placeholder="What would you like to ask?"
          onChange={(e) => setText(e.target.value)}
        />
        <LintWarnings warnings={warningsFor('text')} className="mt-2" />
      </div>
      <fieldset>
        <legend className={labelClass}>Type</legend>
        <div
          className="inline-flex rounded-lg border border-slate-300 p-0.5"
          role="radiogroup"
          aria-label="Question type"
        >
          {(['multiple_choice', 'numeric'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={type === value}
              onClick={() => setType(value)}
              className={`focus-visible:outline-brand-600 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${
                type === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {value === 'numeric' ? 'Numeric' : 'Multiple Choice'}
            </button>
          ))}
        </div>
      </fieldset>
      {type === 'multiple_choice' ? (
        <fieldset className="grid gap-2">
          <legend className={labelClass}>Options</legend>
          {options.map((option, index) => (
            <div key={index} className="flex gap-2">
              <span
                className="flex h-9.5 w-8 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <input
                aria-label={`Option ${index + 1}`}
                className={inputClass}
                value={option.text}
                maxLength={200}
                placeholder={`Option ${index + 1}`}
                onChange={(e) =>
                  setOptions((list) => list.map((o, i) => (i === index ? { ...o, text: e.target.value } : o)))
                }
              />
              {options.length > NEW_QUESTION_OPTION_COUNT ? (
                <Button
                  variant="ghost"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          ))}
          <div>
            <Button
              size="sm"
              onClick={() => setOptions((list) => [...list, { text: '' }])}
              disabled={options.length >= MAX_OPTIONS}
            >
              + Add Option
            </Button>
          </div>
          <LintWarnings warnings={warningsFor('options')} />
        </fieldset>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={ids.unit} className={labelClass}>
              Unit
            </label>
            <input
              id={ids.unit}
              className={inputClass}
              value={unit}
              maxLength={30}
              placeholder="e.g. cups"
              onChange={(e) => setUnit(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.min} className={labelClass}>
              Min value
            </label>
            <input
              id={ids.min}
              type="number"
              step={1}
              inputMode="numeric"
              className={inputClass}
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.max} className={labelClass}>
              Max value
            </label>
            <input
              id={ids.max}
              type="number"
              step={1}
              inputMode="numeric"
              className={inputClass}
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </div>
          <LintWarnings warnings={warningsFor('range')} className="sm:col-span-3" />
        </div>
      )}
      {touched && problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <Button onClick={props.onClose}>Cancel</Button>
        <Button type="submit" variant="primary">
          {props.draft ? 'Save Changes' : 'Add Question'}
        </Button>
      </div>
    </form>
  );
}
