import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ApiClient } from '../../api-client/client';
import { adminKeys } from './admin-keys';
import { formatDateTime } from './format';
import { PagedListBody, usePagedList } from './paged-list';
import { Badge, Card, inputClass } from './primitives';

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
  'staff.create': 'Staff added',
  'staff.password_reset': 'Staff password reset',
  'staff.delete': 'Staff removed',
  'answers.export': 'Responses exported',
};

/** Audit actions as words: known ones by name, any other "a.b_c" as "A b c". */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/**
 * The operator audit log (product.md#operators), newest first, paged by the server: who did what (the staff member, or the
 * owner), filtered by who if wanted, with whole targets.
 */
export function AuditTab({ api }: { api: ApiClient }) {
  const [actor, setActor] = useState('');
  const filterId = useId();
  const actors = useQuery({
    queryKey: ['/api/admin/audit/actors'],
    queryFn: () => api.admin.auditActors(),
    refetchOnMount: 'always',
  });
  return (
    <Card
      title="Audit Log"
      description="Every operator change and export, newest first"
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            Who
          </label>
          <select
            id={filterId}
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            className={`${inputClass} w-44`}
          >
            <option value="">Everyone</option>
            {(actors.data?.actors ?? []).map((name) => (
              <option key={name} value={name}>
                {name === 'owner' ? 'Owner' : name}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {/* A new filter starts at the first page. */}
      <AuditEntries key={actor} api={api} actor={actor || undefined} />
    </Card>
  );
}

function AuditEntries({ api, actor }: { api: ApiClient; actor: string | undefined }) {
  const list = usePagedList({
    queryKey: (bounds) => adminKeys.audit({ ...bounds, actor }),
    fetchPage: (bounds) => api.admin.audit({ ...bounds, actor }),
    // Every operator change writes here; opening the tab should show them without a reload.
    refetchOnMount: 'always',
  });

  return (
    <>
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
                className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[11rem_11rem_8rem_1fr] sm:items-center sm:gap-4"
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
                <span className="min-w-0 text-sm font-medium break-all text-slate-800">
                  <span className="sr-only">By </span>
                  {entry.actor === 'owner' ? 'Owner' : entry.actor}
                </span>
                <span className="min-w-0 text-sm text-slate-900">
                  {entry.summary}
                  {entry.targetId ? (
                    <span className="ml-2 font-mono text-xs break-all text-slate-600">{entry.targetId}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </PagedListBody>
    </>
  );
}
