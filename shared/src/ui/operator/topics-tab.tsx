import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { Topic } from '../../contracts/admin';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { SCHEDULE_WINDOW_DAYS } from '../../domain/constants';
import { formatDisplayDate, scheduleWindow } from '../../domain/game-day';
import { ActiveBadge, Badge, Button, ConfirmDialog, QueryState } from './primitives';
import { TopicDialog } from './topic-dialog';

/** Topic grid with Edit and the soft Delete/Restore toggle (product.md#screens, #flows: Delete deactivates, never removes). */
export function TopicsTab({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const topics = useQuery({ queryKey: adminKeys.topics, queryFn: () => api.admin.topics() });
  const [dialog, setDialog] = useState<{ open: boolean; topic: Topic | null }>({ open: false, topic: null });
  /** Deactivating waits for a confirmation that names the saved days it drops out of. */
  const [confirm, setConfirm] = useState<{ topic: Topic; message: string } | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

  async function askToDeactivate(topic: Topic) {
    setChecking(topic.id);
    let days: string[] = [];
    try {
      const { today } = await api.admin.clock();
      const schedules = await Promise.all(
        scheduleWindow(today, SCHEDULE_WINDOW_DAYS).map((date) => api.admin.schedule(date)),
      );
      days = schedules.filter((s) => s.topicIds.includes(topic.id)).map((s) => formatDisplayDate(s.date));
    } catch {
      // Without the schedule the confirmation still asks; it just cannot name the days.
    } finally {
      setChecking(null);
    }
    setConfirm({
      topic,
      message: `Deactivate "${topic.title}"? Players will no longer get it${
        days.length
          ? `, and it drops out of the saved schedule of ${days.join(', ')} (the other topics of those days stay)`
          : ''
      }. You can restore it at any time.`,
    });
  }

  const toggle = useMutation({
    mutationFn: (topic: Topic) =>
      api.admin.updateTopic(topic.id, {
        title: topic.title,
        description: topic.description,
        category: topic.category,
        isActive: !topic.isActive,
      }),
    meta: { errorTitle: 'Failed to update topic' },
    onSuccess: async (updated) => {
      toast({ title: updated.isActive ? 'Topic activated!' : 'Topic deactivated!', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.topics }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboardStats }),
      ]);
    },
  });

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Topics</h2>
          <p className="text-sm text-slate-600">Deleting a topic deactivates it; restore it at any time.</p>
        </div>
        <Button variant="primary" onClick={() => setDialog({ open: true, topic: null })}>
          + Add Topic
        </Button>
      </div>
      <QueryState query={topics} loadingLabel="Loading topics..." empty="No topics created yet">
        {(data) => (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.map((topic) => {
              const busy = toggle.isPending && toggle.variables?.id === topic.id;
              return (
                <li
                  key={topic.id}
                  aria-label={topic.title}
                  className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${topic.isActive ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'}`}
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 className={`font-semibold ${topic.isActive ? 'text-slate-900' : 'text-slate-600'}`}>
                      {topic.title}
                    </h3>
                    <ActiveBadge active={topic.isActive} />
                  </div>
                  <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">
                    {topic.description || 'No description'}
                  </p>
                  <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <Badge>{topic.category}</Badge>
                      <span className="text-xs text-slate-600">
                        {topic.questionCount} {topic.questionCount === 1 ? 'question' : 'questions'}
                      </span>
                    </span>
                    <span className="flex gap-2">
                      <Button
                        size="sm"
                        onClick={() => setDialog({ open: true, topic })}
                        aria-label={`Edit ${topic.title}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant={topic.isActive ? 'danger' : 'secondary'}
                        disabled={busy || checking === topic.id}
                        onClick={() => (topic.isActive ? void askToDeactivate(topic) : toggle.mutate(topic))}
                        aria-label={`${topic.isActive ? 'Delete' : 'Restore'} ${topic.title}`}
                      >
                        {topic.isActive ? 'Delete' : 'Restore'}
                      </Button>
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirm !== null}
        message={confirm?.message ?? ''}
        confirmLabel="Deactivate"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) toggle.mutate(confirm.topic);
          setConfirm(null);
        }}
      />
      <TopicDialog
        api={api}
        open={dialog.open}
        topic={dialog.topic}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </div>
  );
}
