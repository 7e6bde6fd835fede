import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ApiClient } from '../../api-client/client';
import type { UnlockResult } from '../../contracts/admin';
import { BRAND } from '../../brand';
import type { ExportTarget } from '../export-target';
import { adminKeys } from './admin-keys';
import { MarketingGenerator } from '../marketing/marketing-generator';
import { AuditTab } from './audit-tab';
import { DashboardTab } from './dashboard-tab';
import { ResponsesTab } from './responses-tab';
import { SchedulingTab } from './scheduling/scheduling-tab';
import { TopicsTab } from './topics-tab';
import { UsersTab } from './users-tab';
import { Button, ConfirmDialog, ErrorText, Spinner } from './primitives';
import { formatDisplayDate } from '../../domain/game-day';
import { storedDraftDates } from './scheduling/draft-store';
import { StaffTab } from './staff-tab';

// Activity, retention and the funnel draw with a charting library: its own chunk, loaded when the tab opens.
const InsightsTab = lazy(() => import('./insights/insights-tab'));

/** `ownHeading`: the tab shows its own h2; the others get a visually hidden one, so each panel's outline is h1 → h2 → h3. */
type TabDef = { label: string; render: () => ReactNode; ownHeading?: boolean };

/**
 * The unlocked admin console: header with "Exit Admin", then the product.md#screens tabs (+ Insights, Audit,
 * Staff; product.md#operators). An editor's console leaves out what their token cannot open: User Analytics and
 * Staff.
 */
export function AdminConsole(props: {
  api: ApiClient;
  /** Who unlocked (the owner unless a staff name was given) and what the token opens. */
  operator?: Pick<UnlockResult, 'actor' | 'role'>;
  exportTarget: ExportTarget;
  onExit: () => void;
  exitLabel: string;
}) {
  const { api } = props;
  // product.md#screens: after unlocking, topics, questions and users load behind "Loading admin dashboard...".
  const topics = useQuery({ queryKey: adminKeys.topics, queryFn: () => api.admin.topics() });
  const questions = useQuery({ queryKey: adminKeys.questions, queryFn: () => api.admin.questions() });
  const isOwner = (props.operator?.role ?? 'admin') === 'admin';
  const users = useQuery({
    queryKey: adminKeys.userAnalytics,
    queryFn: () => api.admin.userAnalytics(),
    enabled: isOwner,
  });
  const [leaving, setLeaving] = useState<string | null>(null);
  /** Leaving with unsaved schedule edits asks first and says they stay in this browser. */
  const exit = () => {
    const dates = storedDraftDates(api.baseUrl);
    if (dates.length === 0) return props.onExit();
    setLeaving(
      `You have unsaved schedule changes on ${dates.map((d) => formatDisplayDate(d)).join(', ')}. They stay in this browser and come back when you unlock the console here again. ${props.exitLabel} now?`,
    );
  };
  const loading = topics.isPending || questions.isPending || (isOwner && users.isPending);
  const firstError = topics.error ?? questions.error ?? users.error;

  const tabs: TabDef[] = [
    { label: 'Dashboard', render: () => <DashboardTab api={api} /> },
    ...(isOwner ? [{ label: 'User Analytics', render: () => <UsersTab api={api} /> }] : []),
    { label: 'Topics', render: () => <TopicsTab api={api} />, ownHeading: true },
    { label: 'Question Scheduling', render: () => <SchedulingTab api={api} />, ownHeading: true },
    {
      label: 'Response Analytics',
      render: () => <ResponsesTab api={api} exportTarget={props.exportTarget} />,
    },
    {
      label: 'Insights',
      render: () => (
        <Suspense fallback={<Spinner label="Loading insights..." />}>
          <InsightsTab api={api} />
        </Suspense>
      ),
    },
    { label: 'Audit', render: () => <AuditTab api={api} /> },
    ...(isOwner ? [{ label: 'Staff', render: () => <StaffTab api={api} /> }] : []),
    {
      label: 'Marketing',
      render: () => <MarketingGenerator api={api} exportTarget={props.exportTarget} />,
      ownHeading: true,
    },
  ];

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="bg-brand-700 flex size-9 items-center justify-center rounded-lg text-white"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9Z" />
                <path d="M17 10h1.5a2.5 2.5 0 0 1 0 5H17M8 3v3M12 3v3" />
              </svg>
            </span>
            <div className="min-w-0">
              <h1 className="truncate text-lg font-bold">Admin Dashboard</h1>
              <p className="truncate text-xs text-slate-600">
                {BRAND.name} operator console
                {props.operator && props.operator.actor !== 'owner'
                  ? ` · ${props.operator.actor} (${props.operator.role})`
                  : ''}
              </p>
            </div>
          </div>
          <Button onClick={exit}>{props.exitLabel}</Button>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {loading ? (
          <Spinner label="Loading admin dashboard..." />
        ) : firstError ? (
          <ErrorText error={firstError} />
        ) : (
          <TabGroup>
            <TabList
              // The baseline is an inset shadow, not a border the tabs overlap with -1px: that overlap made the
              // scrolling list 1px taller than its box, a stray vertical scrollbar at any width.
              className="-mx-4 flex gap-1 overflow-x-auto px-4 shadow-[inset_0_-1px_0_var(--color-slate-200)] sm:mx-0 sm:px-0"
              aria-label="Admin sections"
            >
              {tabs.map((tab) => (
                <Tab
                  key={tab.label}
                  className="focus-visible:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-800 shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2"
                >
                  {tab.label}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="pt-6">
              {tabs.map((tab) => (
                <TabPanel key={tab.label} className="focus-visible:outline-none">
                  {tab.ownHeading ? null : <h2 className="sr-only">{tab.label}</h2>}
                  {tab.render()}
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        )}
      </main>
      <ConfirmDialog
        open={leaving !== null}
        message={leaving ?? ''}
        confirmLabel={props.exitLabel}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          setLeaving(null);
          props.onExit();
        }}
      />
    </div>
  );
}
