import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { CreateQuestionInput } from '../../contracts/admin';
import type { QuestionType } from '../../contracts/daily';
import { NEW_QUESTION_OPTION_COUNT } from '../../domain/constants';
import { lintQuestion } from '../../domain/question-lint';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { NumericRangeFields, OptionsField, QuestionTextField, QuestionTypeSwitch } from './question-fields';
import { buildCreateQuestionInput, lintInputOf } from './question-form';
import { Button, OperatorDialog, inputClass, labelClass } from './primitives';

const emptyOptions = () => Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => '');

/**
 * The create-question dialog (product.md#flows/#validation): type switch, starts with two empty options, Remove only
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
  const ids = { topic: useId(), date: useId() };

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
    history: (history.data ?? []).map((q) => ({
      id: q.id,
      text: q.text,
      date: q.date,
      topicTitle: q.topic.title,
    })),
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
        <QuestionTextField value={text} onChange={setText} warnings={warningsFor('text')} />
        <QuestionTypeSwitch value={type} onChange={setType} />
        {type === 'multiple_choice' ? (
          <OptionsField
            texts={options}
            onEdit={(index, value) => setOptions((list) => list.map((o, i) => (i === index ? value : o)))}
            onRemove={(index) => setOptions((list) => list.filter((_, i) => i !== index))}
            onAdd={() => setOptions((list) => [...list, ''])}
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
