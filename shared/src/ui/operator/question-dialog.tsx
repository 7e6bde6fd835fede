import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { CreateQuestionInput } from '../../contracts/admin';
import type { QuestionType } from '../../contracts/daily';
import { NEW_QUESTION_OPTION_COUNT } from '../../domain/constants';
import { lintQuestion } from '../../domain/question-lint';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { LintWarnings } from './lint-warnings';
import { buildCreateQuestionInput, lintInputOf } from './question-form';
import { Button, OperatorDialog, inputClass, labelClass } from './primitives';

const emptyOptions = () => Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => '');

/**
 * The create-question dialog (SPEC §4/§5): type switch, starts with two empty options, Remove only
 * above two, blank options dropped, min/max parsed as integers; after success it resets.
 */
export function QuestionDialog(props: { api: ApiClient; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const topics = useQuery({
    queryKey: adminKeys.topics,
    queryFn: () => props.api.admin.topics(),
    enabled: props.open,
  });
  const clock = useQuery({
    queryKey: adminKeys.clock,
    queryFn: () => props.api.admin.clock(),
    enabled: props.open,
  });
  const history = useQuery({
    queryKey: adminKeys.questions,
    queryFn: () => props.api.admin.questions(),
    enabled: props.open,
  });
  const [topicId, setTopicId] = useState('');
  const [date, setDate] = useState('');
  const [text, setText] = useState('');
  const [type, setType] = useState<QuestionType>('multiple_choice');
  const [options, setOptions] = useState<string[]>(emptyOptions);
  const [unit, setUnit] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const ids = { topic: useId(), date: useId(), text: useId(), unit: useId(), min: useId(), max: useId() };

  useEffect(() => {
    if (!date && clock.data) setDate(clock.data.today);
  }, [clock.data, date]);
  useEffect(() => {
    const first = topics.data?.find((t) => t.isActive) ?? topics.data?.[0];
    if (!topicId && first) setTopicId(first.id);
  }, [topics.data, topicId]);

  function reset() {
    setText('');
    setType('multiple_choice');
    setOptions(emptyOptions());
    setUnit('');
    setMin('');
    setMax('');
  }

  const create = useMutation({
    mutationFn: (input: CreateQuestionInput) => props.api.admin.createQuestion(input),
    meta: { errorTitle: 'Failed to create question' },
    onSuccess: async () => {
      toast({ title: 'Question created!', variant: 'success' });
      reset();
      props.onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.questions }),
        queryClient.invalidateQueries({ queryKey: adminKeys.topics }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboardStats }),
      ]);
    },
  });

  const form = { topicId, date, text, type, options, unit, min, max };
  const input = buildCreateQuestionInput(form);
  // Advice from the question linter as the operator types; it never disables the submit button.
  const warnings = lintQuestion(lintInputOf(form), {
    date,
    history: (history.data ?? []).map((q) => ({ id: q.id, text: q.text, date: q.date, topicTitle: q.topic.title })),
  });
  const warningsFor = (field: 'text' | 'options' | 'range') => warnings.filter((w) => w.field === field);
  const canSubmit = input.ok && !create.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (input.ok && !create.isPending) create.mutate(input.value);
  }

  return (
    <OperatorDialog
      open={props.open}
      onClose={() => (create.isPending ? undefined : props.onClose())}
      title="Add Question"
      description="Create a question for a topic on a given day."
      wide
    >
      <form onSubmit={submit} className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.topic} className={labelClass}>
              Topic
            </label>
            <select
              id={ids.topic}
              className={inputClass}
              value={topicId}
              onChange={(e) => setTopicId(e.target.value)}
            >
              {(topics.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                  {t.isActive ? '' : ' (inactive)'}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.date} className={labelClass}>
              Date
            </label>
            <input
              id={ids.date}
              type="date"
              className={inputClass}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor={ids.text} className={labelClass}>
            Question
          </label>
          <textarea
            id={ids.text}
            className={`${inputClass} min-h-20`}
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
          />
          <LintWarnings warnings={warningsFor('text')} className="mt-2" />
        </div>
        <fieldset>
          <legend className={labelClass}>Type</legend>
          <div className="inline-flex rounded-lg border border-slate-300 p-0.5" role="radiogroup">
            {(['multiple_choice', 'numeric'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={type === value}
                onClick={() => setType(value)}
                className={`focus-visible:outline-brand-600 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 ${
                  type === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {value === 'numeric' ? 'Numeric' : 'Multiple Choice'}
              </button>
            ))}
          </div>
        </fieldset>
        {type === 'multiple_choice' ? (
          <fieldset className="grid grid-cols-1 gap-2">
            <legend className={labelClass}>Options</legend>
            {options.map((option, index) => (
              <div key={index} className="flex gap-2">
                <input
                  aria-label={`Option ${index + 1}`}
                  className={inputClass}
                  value={option}
                  maxLength={200}
                  placeholder={`Option ${index + 1}`}
                  onChange={(e) =>
                    setOptions((list) => list.map((o, i) => (i === index ? e.target.value : o)))
                  }
                />
                {options.length > NEW_QUESTION_OPTION_COUNT ? (
                  <Button
                    variant="ghost"
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
                onClick={() => setOptions((list) => [...list, ''])}
                disabled={options.length >= 10}
              >
                Add Option
              </Button>
            </div>
            <LintWarnings warnings={warningsFor('options')} />
          </fieldset>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor={ids.unit} className={labelClass}>
                Unit
              </label>
              <input
                id={ids.unit}
                className={inputClass}
                value={unit}
                maxLength={30}
                placeholder="e.g. hours"
                onChange={(e) => setUnit(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={ids.min} className={labelClass}>
                Min value
              </label>
              <input
                id={ids.min}
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
                inputMode="numeric"
                className={inputClass}
                value={max}
                onChange={(e) => setMax(e.target.value)}
              />
            </div>
            <LintWarnings warnings={warningsFor('range')} className="sm:col-span-3" />
          </div>
        )}
        {!input.ok && input.reason ? <p className="text-sm text-red-700">{input.reason}</p> : null}
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={props.onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {create.isPending ? 'Creating...' : 'Create Question'}
          </Button>
        </div>
      </form>
    </OperatorDialog>
  );
}
