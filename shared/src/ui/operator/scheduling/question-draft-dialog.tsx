import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { QuestionType } from '../../../contracts/daily';
import type { LintContext } from '../../../domain/question-lint';
import {
  emptyDraft,
  lintDraft,
  questionContentProblem,
  type DraftOption,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { Button, OperatorDialog } from '../primitives';
import { NumericRangeFields, OptionsField, QuestionTextField, QuestionTypeSwitch } from '../question-fields';

/** A number field's value: empty is null; anything else is passed on as typed for the contract schema to judge. */
function numberField(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The scheduler's dialog starts with four option boxes (most questions have 3–4); empty ones are dropped. */
export const DRAFT_DIALOG_OPTION_BOXES = 4;

const blankOptions = (): DraftOption[] =>
  Array.from({ length: DRAFT_DIALOG_OPTION_BOXES }, () => ({ text: '' }));

/** Text fields and selects of the form, in order: where Enter moves on to. */
const FIELD_SELECTOR = 'textarea, input:not([type="hidden"]), select';

/**
 * Moves Enter to the next field (Shift+Enter keeps a new line in the question text) and saves on
 * Ctrl/⌘+Enter: a question is written without touching the mouse.
 */
function keyboardFlow(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    event.currentTarget.requestSubmit();
    return;
  }
  if (event.shiftKey || !target.matches(FIELD_SELECTOR)) return;
  event.preventDefault();
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>(FIELD_SELECTOR)];
  const next = fields[fields.indexOf(target) + 1];
  if (next) next.focus();
  else event.currentTarget.querySelector<HTMLElement>('[data-add-option]')?.focus();
}

/**
 * Add or edit one unsaved question of a topic's day (product.md#flows/#validation create dialog rules): the question field
 * focused, type switch, four empty option boxes to start (blank ones dropped), Remove only above two,
 * min/max as integers; Enter moves to the next field, Ctrl/⌘+Enter saves, and the buttons stay in view.
 * Nothing is sent here: the draft is saved with "Save Schedule" (a saved question is sent by `onSubmit`).
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
  /** What the dialog says under its title (default: drafts are saved with "Save Schedule"). */
  description?: string;
  /** Shown while a saved question is being sent. */
  busy?: boolean;
  /** Replace the title and the save button's label (an answered question's linked copy). */
  title?: string;
  submitLabel?: string;
  /** Shown above the form, e.g. why the question cannot be edited in place and where its copy goes. */
  notice?: ReactNode;
}) {
  const formId = useId();
  const editing = props.draft !== null;
  return (
    <OperatorDialog
      open={props.open}
      onClose={props.onClose}
      title={props.title ?? (editing ? 'Edit Question' : 'Add Question')}
      description={props.description ?? `${props.topicTitle}: saved to the server with "Save Schedule".`}
      wide
      footer={
        <>
          <span className="mr-auto hidden text-xs text-slate-600 sm:inline">
            Enter: next field · Ctrl/⌘+Enter: {editing ? 'save' : 'add'}
          </span>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={props.busy}>
            {props.busy ? 'Saving...' : (props.submitLabel ?? (editing ? 'Save Changes' : 'Add Question'))}
          </Button>
        </>
      }
    >
      {props.notice}
      {/* Keyed so each opening starts from the draft (or from empty option boxes after an add). */}
      <DraftForm key={props.draft?.key ?? `new-${String(props.open)}`} formId={formId} {...props} />
    </OperatorDialog>
  );
}

function DraftForm(props: {
  formId: string;
  draft: QuestionDraft | null;
  date: string;
  history: LintContext['history'];
  onSubmit: (draft: QuestionDraft) => void;
  onClose: () => void;
}) {
  const start = props.draft ?? emptyDraft('multiple_choice', DRAFT_DIALOG_OPTION_BOXES);
  const [text, setText] = useState(start.text);
  const [type, setType] = useState<QuestionType>(start.type);
  const [options, setOptions] = useState<DraftOption[]>(
    start.options.length > 0 ? start.options : blankOptions(),
  );
  const [unit, setUnit] = useState(start.numericUnit);
  const [min, setMin] = useState(start.minValue === null ? '' : String(start.minValue));
  const [max, setMax] = useState(start.maxValue === null ? '' : String(start.maxValue));
  const [touched, setTouched] = useState(false);

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
    <form id={props.formId} onSubmit={submit} onKeyDown={keyboardFlow} className="grid gap-4" noValidate>
      <QuestionTextField
        autoFocus
        value={text}
        onChange={setText}
        warnings={warningsFor('text')}
        placeholder="What would you like to ask?"
      />
      <QuestionTypeSwitch value={type} onChange={setType} />
      {type === 'multiple_choice' ? (
        <OptionsField
          texts={options.map((o) => o.text)}
          onEdit={(index, value) =>
            setOptions((list) => list.map((o, i) => (i === index ? { ...o, text: value } : o)))
          }
          onRemove={(index) => setOptions((list) => list.filter((_, i) => i !== index))}
          onAdd={() => setOptions((list) => [...list, { text: '' }])}
          warnings={warningsFor('options')}
        />
      ) : (
        <NumericRangeFields
          unit={unit}
          min={min}
          max={max}
          onUnit={setUnit}
          onMin={setMin}
          onMax={setMax}
          warnings={warningsFor('range')}
        />
      )}
      {touched && problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
