import { useDeferredValue, useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { AdminUser } from '../../contracts/admin';
import { STREAK_HIGHLIGHT_DAYS } from '../../domain/constants';
import { initials, locationLine } from '../../domain/profile';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { DistributionChart } from './distribution-chart';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorText,
  Pager,
  Spinner,
  inputClass,
} from './primitives';

const PAGE_SIZE = 50;

export function deleteUserPrompt(username: string): string {
  return `Are you sure you want to delete user "${username}"? This action cannot be undone.`;
}

/** User Analytics (SPEC §2): distributions and engagement from server aggregates, and a paged user list. */
export function UsersTab({ api }: { api: ApiClient }) {
  const analytics = useQuery({ queryKey: adminKeys.userAnalytics, queryFn: () => api.admin.userAnalytics() });

  return (
    <div className="grid grid-cols-1 gap-6">
      {analytics.isPending ? (
        <Spinner label="Loading user analytics..." />
      ) : analytics.error ? (
        <ErrorText error={analytics.error} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card title="Gender" description={`${analytics.data.totalUsers.toLocaleString('en-US')} users`}>
              <DistributionChart
                label="Users by gender"
                rows={analytics.data.gender}
                total={analytics.data.totalUsers}
              />
            </Card>
            <Card title="Age" description="Users by age bracket">
              <DistributionChart
                label="Users by age bracket"
                rows={analytics.data.age}
                total={analytics.data.totalUsers}
              />
            </Card>
            <Card title="Top Countries" description="Top 10 by users">
              <DistributionChart
                label="Users by country"
                rows={analytics.data.countries}
                total={analytics.data.totalUsers}
              />
            </Card>
          </div>
          <Card title="Engagement" description="Daily streaks across all users">
            <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {[
                {
                  label: 'Average current streak',
                  value: analytics.data.engagement.averageCurrentStreak.toFixed(1),
                },
                {
                  label: 'Longest streak',
                  value: analytics.data.engagement.longestStreak.toLocaleString('en-US'),
                },
                {
                  label: 'Users with a streak',
                  value: analytics.data.engagement.usersWithStreak.toLocaleString('en-US'),
                },
                {
                  label: `Streak of ${STREAK_HIGHLIGHT_DAYS}+ days`,
                  value: analytics.data.engagement.usersWithStreak7.toLocaleString('en-US'),
                },
              ].map((item) => (
                <div key={item.label} className="rounded-lg bg-slate-50 p-4">
                  <dt className="text-sm text-slate-600">{item.label}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </>
      )}
      <UserList api={api} />
    </div>
  );
}

function UserList({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [pending, setPending] = useState<AdminUser | null>(null);

  const page = useQuery({
    queryKey: [...adminKeys.users({ limit: PAGE_SIZE, offset }), deferredSearch] as const,
    queryFn: () => api.admin.users({ limit: PAGE_SIZE, offset, search: deferredSearch || undefined }),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (user: AdminUser) => api.admin.deleteUser(user.id),
    meta: { errorTitle: 'Failed to delete user' },
    onSuccess: async () => {
      toast({ title: 'User deleted!', variant: 'success' });
      setPending(null);
      await Promise.all(
        [
          adminKeys.usersAll,
          adminKeys.userAnalytics,
          adminKeys.dashboardStats,
          adminKeys.answersAll,
          adminKeys.responseStatsAll,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: () => setPending(null),
  });

  const data = page.data;
  // A delete can empty the last page; step back instead of showing an empty page.
  const pageEmptied = !!data && data.items.length === 0 && offset > 0 && !page.isFetching;
  useEffect(() => {
    if (pageEmptied) setOffset((o) => Math.max(0, o - PAGE_SIZE));
  }, [pageEmptied]);

  return (
    <Card
      title="Users"
      description={
        data ? `${data.total.toLocaleString('en-US')} ${deferredSearch ? 'matching' : 'total'}` : undefined
      }
      actions={
        <input
          type="search"
          aria-label="Search users by username"
          placeholder="Search username"
          className={`${inputClass} w-56`}
          value={search}
          maxLength={30}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
      }
    >
      {page.isPending ? (
        <Spinner label="Loading users..." />
      ) : page.error ? (
        <ErrorText error={page.error} />
      ) : page.data.items.length === 0 ? (
        <EmptyState>No users found</EmptyState>
      ) : (
        <>
          <ul
            className={`relative max-h-96 divide-y divide-slate-100 overflow-y-auto pr-1 ${page.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label="User list"
          >
            {page.data.items.map((user) => (
              <li key={user.id} className="flex items-center gap-3 py-2.5" aria-label={user.username}>
                <span
                  aria-hidden="true"
                  className="bg-brand-100 text-brand-800 flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-bold"
                >
                  {initials(user.username)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 truncate font-medium text-slate-900">
                    {user.username}
                    {user.isGuest ? <Badge tone="muted">Guest</Badge> : null}
                  </p>
                  <p className="truncate text-sm text-slate-600">{locationLine(user.city, user.country)}</p>
                </div>
                <span
                  className={`shrink-0 text-sm tabular-nums ${user.currentStreak >= STREAK_HIGHLIGHT_DAYS ? 'text-tea-700 font-semibold' : 'text-slate-700'}`}
                  title="Current streak"
                >
                  🔥 {user.currentStreak}
                  <span className="sr-only"> day streak</span>
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setPending(user)}
                  aria-label={`Delete user ${user.username}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
          <Pager
            label="User pages"
            offset={offset}
            limit={PAGE_SIZE}
            total={page.data.total}
            onChange={setOffset}
          />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        message={pending ? deleteUserPrompt(pending.username) : ''}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending)}
      />
    </Card>
  );
}
