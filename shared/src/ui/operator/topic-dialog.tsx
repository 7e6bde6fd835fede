import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { Topic, TopicInput } from '../../contracts/admin';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { Button, OperatorDialog, inputClass, labelClass } from './primitives';

/** Add Topic / Edit Topic. A new topic starts active (product.md#data: the create form defaults to true). */
export function TopicDialog(props: {
  api: ApiClient;
  open: boolean;
  onClose: () => void;
  topic?: Topic | null;
}) {
  const editing = props.topic ?? null;
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [isActive, setIsActive] = useState(true);
  const ids = { title: useId(), description: useId(), category: useId(), active: useId() };

  useEffect(() => {
    if (!props.open) return;
    setTitle(editing?.title ?? '');
    setDescription(editing?.description ?? '');
    setCategory(editing?.category ?? '');
    setIsActive(editing?.isActive ?? true);
  }, [props.open, editing]);

  const save = useMutation({
    mutationFn: (input: TopicInput) =>
      editing ? props.api.admin.updateTopic(editing.id, input) : props.api.admin.createTopic(input),
    meta: { errorTitle: editing ? 'Failed to update topic' : 'Failed to create topic' },
    onSuccess: async () => {
      toast({ title: editing ? 'Topic updated!' : 'Topic created!', variant: 'success' });
      props.onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.topics }),
        queryClient.invalidateQueries({ queryKey: adminKeys.questions }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboardStats }),
      ]);
    },
  });

  const canSubmit = title.trim() !== '' && category.trim() !== '' && !save.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    save.mutate({
      title: title.trim(),
      description: description.trim() || null,
      category: category.trim(),
      isActive,
    });
  }

  return (
    <OperatorDialog
      open={props.open}
      onClose={() => (save.isPending ? undefined : props.onClose())}
      title={editing ? 'Edit Topic' : 'Add Topic'}
      description={
        editing ? 'Change the topic details.' : 'Create a new topic that can be scheduled for any day.'
      }
    >
      <form onSubmit={submit} className="grid grid-cols-1 gap-4">
        <div>
          <label htmlFor={ids.title} className={labelClass}>
            Title
          </label>
          <input
            id={ids.title}
            className={inputClass}
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            required
          />
        </div>
        <div>
          <label htmlFor={ids.description} className={labelClass}>
            Description
          </label>
          <textarea
            id={ids.description}
            className={`${inputClass} min-h-20`}
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.category} className={labelClass}>
            Category
          </label>
          <input
            id={ids.category}
            className={inputClass}
            value={category}
            maxLength={60}
            onChange={(e) => setCategory(e.target.value)}
            required
          />
        </div>
        <label htmlFor={ids.active} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            id={ids.active}
            type="checkbox"
            className="accent-brand-700 size-4 rounded border-slate-300"
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
          Active
        </label>
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={props.onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!canSubmit}>
            {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Topic'}
          </Button>
        </div>
      </form>
    </OperatorDialog>
  );
}
