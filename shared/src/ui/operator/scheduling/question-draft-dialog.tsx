import { useState, type FormEvent } from 'react';
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
import { Button, OperatorDialog } from '../primitives';
import { NumericRangeFields, OptionsField, QuestionTextField, QuestionTypeSwitch } from '../question-fields';

/** A number field's value: empty is null; anything else is passed on as typed for the contract schema to judge. */
function numberField(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const blankOptions = (): DraftOption[] =>
  Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => ({ text: '' }));

/**
 * Add or edit one unsaved question of a topic's day (product.md#flows/#validation create dialog rules): type switch,
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
      <QuestionTextField
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
      <div className="mt-2 flex justify-end gap-2">
        <Button onClick={props.onClose}>Cancel</Button>
        <Button type="submit" variant="primary">
          {props.draft ? 'Save Changes' : 'Add Question'}
        </Button>
      </div>
    </form>
  );
}
