import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { AdminUser } from '../../contracts/admin';
import { STREAK_HIGHLIGHT_DAYS } from '../../domain/constants';
import { initials, locationLine } from '../../domain/profile';
import { adminKeys } from './admin-keys';
import { DistributionChart } from './distribution-chart';
import { DeleteButton, PagedListBody, useConfirmedDelete, usePagedList } from './paged-list';
import { Badge, Card, ErrorText, Spinner, inputClass } from './primitives';

export function deleteUserPrompt(username: string): string {
  return `Are you sure you want to delete user "${username}"? This action cannot be undone.`;
}

/** User Analytics (product.md#screens): distributions and engagement from server aggregates, and a paged user list. */
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
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const list = usePagedList({
    queryKey: (bounds) => [...adminKeys.users(bounds), deferredSearch] as const,
    fetchPage: (bounds) => api.admin.users({ ...bounds, search: deferredSearch || undefined }),
  });
  const { setOffset } = list;
  const data = list.page.data;
  const remove = useConfirmedDelete({
    remove: (user: AdminUser) => api.admin.deleteUser(user.id),
    successTitle: 'User deleted!',
    errorTitle: 'Failed to delete user',
    invalidates: [
      adminKeys.usersAll,
      adminKeys.userAnalytics,
      adminKeys.dashboardStats,
      adminKeys.answersAll,
      adminKeys.responseStatsAll,
    ],
  });

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
      <PagedListBody
        list={list}
        loadingLabel="Loading users..."
        empty="No users found"
        pagerLabel="User pages"
      >
        {(users, dimmed) => (
          <ul
            className={`relative max-h-96 divide-y divide-slate-100 overflow-y-auto pr-1 ${dimmed ? 'opacity-60' : ''}`}
            aria-label="User list"
          >
            {users.map((user) => (
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
                  <p className="text-sm break-words text-slate-600">
                    {locationLine(user.city, user.country)}
                  </p>
                </div>
                <span
                  className={`shrink-0 text-sm tabular-nums ${user.currentStreak >= STREAK_HIGHLIGHT_DAYS ? 'text-tea-700 font-semibold' : 'text-slate-700'}`}
                  title="Current streak"
                >
                  🔥 {user.currentStreak}
                  <span className="sr-only"> day streak</span>
                </span>
                <DeleteButton label={`Delete user ${user.username}`} onClick={() => remove.ask(user)} />
              </li>
            ))}
          </ul>
        )}
      </PagedListBody>
      {remove.dialog((user) => deleteUserPrompt(user.username))}
    </Card>
  );
}
