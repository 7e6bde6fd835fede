import type { ApiClient } from '../../api-client/client';
import { adminKeys } from './admin-keys';
import { formatDateTime } from './format';
import { PagedListBody, usePagedList } from './paged-list';
import { Badge, Card } from './primitives';

const ACTION_LABELS: Record<string, string> = {
  'topic.create': 'Topic created',
  'topic.update': 'Topic updated',
  'question.create': 'Question created',
  'question.import': 'Question imported',
  'question.delete': 'Question deleted',
  'schedule.save': 'Schedule saved',
  'user.delete': 'User deleted',
  'answer.delete': 'Response deleted',
  'operator.revoke_all': 'All operator sessions ended',
};

/** Audit actions as words: known ones by name, any other "a.b_c" as "A b c". */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** The operator audit log (product.md#operators), newest first, paged by the server. */
export function AuditTab({ api }: { api: ApiClient }) {
  const list = usePagedList({
    queryKey: (bounds) => adminKeys.audit(bounds),
    fetchPage: (bounds) => api.admin.audit(bounds),
    // Every operator change writes here; opening the tab should show them without a reload.
    refetchOnMount: 'always',
  });

  return (
    <Card title="Audit Log" description="Every operator change, newest first">
      <PagedListBody
        list={list}
        loadingLabel="Loading audit log..."
        empty="No operator changes recorded yet"
        pagerLabel="Audit pages"
      >
        {(entries, dimmed) => (
          <ol
            className={`divide-y divide-slate-100 ${dimmed ? 'opacity-60' : ''}`}
            aria-label="Audit entries"
          >
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[11rem_11rem_1fr] sm:items-center sm:gap-4"
              >
                <time dateTime={entry.at} className="text-sm text-slate-600 tabular-nums">
                  {formatDateTime(entry.at)}
                </time>
                <span>
                  <Badge
                    tone={
                      entry.action.endsWith('.delete')
                        ? 'danger'
                        : entry.action.startsWith('schedule')
                          ? 'tea'
                          : 'brand'
                    }
                  >
                    {actionLabel(entry.action)}
                  </Badge>
                </span>
                <span className="min-w-0 text-sm text-slate-900">
                  {entry.summary}
                  {entry.targetId ? (
                    <span className="ml-2 font-mono text-xs text-slate-500">
                      {entry.targetId.slice(0, 8)}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </PagedListBody>
    </Card>
  );
}
