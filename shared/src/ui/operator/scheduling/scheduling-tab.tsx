import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api-client/client';
import { SCHEDULE_WINDOW_DAYS } from '../../../domain/constants';
import { formatDayTab, formatDisplayDate, scheduleWindow } from '../../../domain/game-day';
import { draftFromServer, withAddedDraft, type QuestionDraft } from '../../../domain/schedule-drafts';
import { toast } from '../../toaster';
import { ErrorText, Spinner } from '../primitives';
import { DayEditor, NO_OVERRIDE, dayQuery, topicQuestionsQuery } from './day-editor';
import { isEmptyOverride, loadDrafts, saveDrafts, type DayOverride } from './draft-store';
import { schedulingKeys } from './scheduling-keys';

/**
 * Question Scheduling (product.md#screens): tabs for the 7 game days from the server's today (first "Today").
 * Unsaved edits of every day live here and in this browser's storage (draft-store.ts), so switching days or
 * console tabs, Settings, Exit Admin, a reload or a crash never loses them.
 */
export function SchedulingTab(props: { api: ApiClient }) {
  const { api } = props;
  const clock = useQuery({ queryKey: schedulingKeys.clock, queryFn: () => api.admin.clock() });
  const topics = useQuery({ queryKey: schedulingKeys.topics, queryFn: () => api.admin.topics() });
  const origin = api.baseUrl;
  const [stored] = useState(() => loadDrafts(origin, null));
  const [overrides, setOverrides] = useState<Record<string, DayOverride>>(stored.overrides);
  const [selectedDate, setSelectedDate] = useState<string | undefined>(stored.selectedDate);
  const today = clock.data?.today ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    // Past days cannot be saved any more: their drafts are dropped once the server's today is known.
    const kept = today
      ? Object.fromEntries(Object.entries(overrides).filter(([date]) => date >= today))
      : overrides;
    saveDrafts(origin, { overrides: kept, selectedDate });
  }, [origin, overrides, selectedDate, today]);

  /**
   * Adds a new draft to another day of the window (an answered question's linked copy) and shows that day.
   * Resolves to the reason it was refused, or null.
   */
  async function addToDay(date: string, topicId: string, draft: QuestionDraft): Promise<string | null> {
    const day = await queryClient.fetchQuery(dayQuery(api, date));
    const scheduled = day.topics.find((t) => t.topicId === topicId);
    const savedList = (
      scheduled ? scheduled.questions : await queryClient.fetchQuery(topicQuestionsQuery(api, topicId, date))
    ).map(draftFromServer);
    const current = overrides[date] ?? NO_OVERRIDE;
    const added = withAddedDraft(
      current,
      day.topics.map((t) => t.topicId),
      topicId,
      savedList,
      draft,
    );
    if (!added.ok) return added.message;
    setOverrides((all) => ({ ...all, [date]: added.edits }));
    setSelectedDate(date);
    toast({
      title: 'Linked copy added',
      description: `"${draft.text.trim()}" is on ${formatDisplayDate(date)} as an unsaved draft, linked to the original. Review it, then save that day.`,
      variant: 'success',
    });
    return null;
  }

  const header = (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Question Scheduling</h2>
      <p className="text-sm text-slate-600">
        Plan the topics and questions players get on each of the next {SCHEDULE_WINDOW_DAYS} days.
      </p>
    </div>
  );

  if (clock.isPending || topics.isPending)
    return (
      <div className="grid gap-5">
        {header}
        <Spinner label="Loading schedule..." />
      </div>
    );
  if (clock.isError || topics.isError)
    return (
      <div className="grid gap-5">
        {header}
        <ErrorText error={clock.error ?? topics.error} />
      </div>
    );

  const dates = scheduleWindow(clock.data.today, SCHEDULE_WINDOW_DAYS);
  const isDirty = (date: string) => !isEmptyOverride(overrides[date]);
  const selectedIndex = Math.max(0, selectedDate ? dates.indexOf(selectedDate) : 0);

  return (
    <div className="grid min-w-0 gap-5">
      {header}
      <TabGroup
        selectedIndex={selectedIndex}
        onChange={(index) => setSelectedDate(dates[index])}
        className="min-w-0"
      >
        <TabList
          aria-label="Schedule day"
          className="flex gap-1 overflow-x-auto rounded-xl border border-slate-200 bg-white p-1 shadow-sm"
        >
          {dates.map((date, index) => (
            <Tab
              key={date}
              className="focus-visible:outline-brand-600 data-selected:bg-brand-700 data-selected:hover:bg-brand-700 relative flex min-w-24 flex-1 shrink-0 flex-col items-center rounded-lg px-2 py-2 text-center text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 data-selected:text-white"
            >
              <span className="text-sm font-semibold whitespace-nowrap">
                {index === 0 ? 'Today' : formatDayTab(date)}
              </span>
              <span className="text-xs whitespace-nowrap opacity-80">
                {index === 0 ? formatDayTab(date) : date}
              </span>
              {isDirty(date) ? (
                <span
                  className="bg-tea-400 absolute top-1.5 right-1.5 size-2 rounded-full"
                  title="Unsaved changes"
                >
                  <span className="sr-only">(unsaved changes)</span>
                </span>
              ) : null}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-5">
          {dates.map((date, index) => (
            <TabPanel key={date} className="focus-visible:outline-none">
              <DayEditor
                api={api}
                date={date}
                isToday={index === 0}
                laterDays={dates.slice(index + 1)}
                onAddToDay={addToDay}
                topics={topics.data}
                override={overrides[date] ?? NO_OVERRIDE}
                setOverride={(update) =>
                  setOverrides((all) => ({ ...all, [date]: update(all[date] ?? NO_OVERRIDE) }))
                }
              />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
