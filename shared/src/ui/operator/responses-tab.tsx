import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { ExportTarget } from '../export-target';
import type { AdminAnswer, ResponseFilter } from '../../contracts/admin';
import { RESPONSE_LIST_TEXT_MAX, RESPONSES_REFRESH_MS, USER_ID_SHORT } from '../../domain/constants';
import { defaultResponseDate, responseDates } from '../../domain/response-dates';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { cut, formatIsoDate, formatTime } from './format';
import { DeleteButton, PagedListBody, useConfirmedDelete, usePagedList } from './paged-list';
import { Button, Card, ErrorText, Spinner } from './primitives';
import { DemographicSplit } from './responses/demographic-split';
import { ResponseFilterBar, responseFilter, type Narrowing } from './responses/filter-bar';
import { useLiveQuery, type PanelProps } from './responses/live-query';
import { QuestionCharts } from './responses/question-charts';
import { SampleMakeupPanel } from './responses/sample-makeup-panel';
import { StatCards } from './responses/stat-cards';
export const DELETE_RESPONSE_PROMPT =
  'Are you sure you want to delete this response? This action cannot be undone.';

function dateLabel(d: { date: string; responses: number; isToday: boolean }): string {
  const responses =
    d.responses > 0
      ? ` · ${d.responses.toLocaleString('en-US')} response${d.responses === 1 ? '' : 's'}`
      : '';
  return `${d.isToday ? 'Today, ' : ''}${formatIsoDate(d.date)}${responses}`;
}

/**
 * The panels of Response Analytics, in order. Each follows the one filter on its own (its own live query), so a
 * panel is added by listing it here (e.g. a sample make-up panel) without touching the others.
 */
const RESPONSE_PANELS: ReadonlyArray<{ id: string; Panel: ComponentType<PanelProps> }> = [
  { id: 'stats', Panel: StatCards },
  { id: 'questions', Panel: QuestionCharts },
  { id: 'demographics', Panel: DemographicSplit },
  { id: 'sample', Panel: SampleMakeupPanel },
];

/**
 * Response Analytics (product.md#screens): the filter (date, topic, question, and players' gender, age and race),
 * the stat cards, a chart per question and the demographic split under it, all re-read while on screen, then
 * the paged response list (by username) with delete and the server-streamed export (CSV or JSON Lines). Opens on
 * today's game day, or the newest date with responses.
 */
export function ResponsesTab({ api, exportTarget }: { api: ApiClient; exportTarget: ExportTarget }) {
  // Read again each time the tab opens: the date selector's counts and the day's questions stay current.
  const questions = useQuery({
    queryKey: adminKeys.questions,
    queryFn: () => api.admin.questions(),
    refetchOnMount: 'always',
  });
  const clock = useQuery({ queryKey: adminKeys.clock, queryFn: () => api.admin.clock() });
  const today = clock.data?.today ?? '';
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [narrow, setNarrow] = useState<Narrowing>({});
  const dates = useMemo(() => responseDates(questions.data ?? [], today), [questions.data, today]);
  const date =
    chosenDate && dates.some((d) => d.date === chosenDate) ? chosenDate : defaultResponseDate(dates, today);
  const dateQuestions = useMemo(
    () => (questions.data ?? []).filter((q) => q.date === date),
    [questions.data, date],
  );
  const filter = useMemo(
    () => (date ? responseFilter(date, narrow, dateQuestions) : null),
    [date, narrow, dateQuestions],
  );

  const header = (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Response Analytics</h2>
      <p className="text-sm text-slate-600">
        A game day&apos;s answers under one filter, kept current while you watch, with an export of every
        answer (CSV or JSON Lines).
      </p>
    </div>
  );
  if (questions.isPending || clock.isPending)
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <Spinner label="Loading questions..." />
      </div>
    );
  if (questions.error || clock.error)
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <ErrorText error={questions.error ?? clock.error} />
      </div>
    );

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      {header}
      <ResponseFilterBar
        dates={dates.map((d) => ({ value: d.date, label: dateLabel(d) }))}
        date={date}
        onDate={(d) => {
          setChosenDate(d);
          setNarrow({});
        }}
        questions={dateQuestions}
        filter={filter}
        narrow={narrow}
        onNarrow={setNarrow}
      />
      {filter ? (
        <>
          <RefreshLine />
          {RESPONSE_PANELS.map(({ id, Panel }) => (
            <Panel key={id} api={api} filter={filter} />
          ))}
          <DateResponses
            key={`${filter.date}|${filter.questionId ?? ''}`}
            api={api}
            exportTarget={exportTarget}
            date={filter.date}
            questionId={filter.questionId ?? null}
            narrowed={Boolean(filter.topicId || filter.gender || filter.ageBracket || filter.raceBracket)}
          />
        </>
      ) : null}
    </div>
  );
}

/** When the figures were last read (they are re-read every 30 seconds), and a button that reads everything now. */
function RefreshLine() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: adminKeys.responseStatsAll }) > 0;
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (!fetching) setUpdatedAt(Date.now());
  }, [fetching]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>
        {updatedAt === null
          ? 'Loading...'
          : `Updated at ${new Date(updatedAt).toLocaleTimeString('en-GB')} · refreshed every ${RESPONSES_REFRESH_MS / 1000} seconds`}
      </p>
      <Button
        className="min-h-11"
        disabled={refreshing}
        onClick={async () => {
          setRefreshing(true);
          try {
            await Promise.all(
              [adminKeys.responseStatsAll, adminKeys.answersAll, adminKeys.questions].map((queryKey) =>
                queryClient.invalidateQueries({ queryKey }),
              ),
            );
          } finally {
            setRefreshing(false);
          }
        }}
      >
        {refreshing ? 'Refreshing...' : 'Refresh'}
      </Button>
    </div>
  );
}

function DateResponses({
  api,
  exportTarget,
  date,
  questionId,
  narrowed,
}: {
  api: ApiClient;
  exportTarget: ExportTarget;
  date: string;
  questionId: string | null;
  /** A topic or group filter is set: the list (and export) cover the date or question only. */
  narrowed: boolean;
}) {
  const [downloading, setDownloading] = useState<'csv' | 'jsonl' | null>(null);
  const queryClient = useQueryClient();

  const list = usePagedList({
    queryKey: (bounds) => adminKeys.answers({ date, questionId, ...bounds }),
    fetchPage: (bounds) => api.admin.answers({ date, questionId: questionId ?? undefined, ...bounds }),
    refetchOnMount: 'always',
  });
  // The list is not re-read under the operator's cursor (rows would move under Delete): the live total of the
  // same selection says when it changed, and the operator shows the new rows.
  const scope: ResponseFilter = questionId ? { date, questionId } : { date };
  const live = useLiveQuery(adminKeys.responseStats(scope), () => api.admin.responseStats(scope));
  const remove = useConfirmedDelete({
    remove: (answer: AdminAnswer) => api.admin.deleteAnswer(answer.id),
    successTitle: 'Response deleted!',
    errorTitle: 'Failed to delete response',
    invalidates: [
      adminKeys.answersAll,
      adminKeys.responseStatsAll,
      adminKeys.questions,
      adminKeys.userAnalytics,
      adminKeys.sampleMakeupAll,
    ],
  });

  /**
   * A 60-second download link from the server, then a native download: the browser (or the desktop app's main
   * process) streams the file straight to disk; the page never holds it.
   */
  async function download(format: 'csv' | 'jsonl') {
    setDownloading(format);
    try {
      const { url, fileName } = await api.admin.exportTicket({
        date,
        questionId: questionId ?? undefined,
        format,
      });
      const { message, savedTo } = await exportTarget.download(fileName, url);
      toast({
        title: savedTo ? 'Export saved' : 'Export started',
        description: message,
        variant: 'success',
        action:
          savedTo && exportTarget.reveal
            ? { label: 'Show in folder', onClick: () => void exportTarget.reveal?.(savedTo) }
            : undefined,
      });
    } catch (err) {
      toast({
        title: 'Export failed',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  }

  const data = list.page.data;
  const liveTotal = live.data?.totalResponses;
  // Only a total read after the list counts: a list just re-read is newer than the last live total.
  const changed =
    data && liveTotal !== undefined && !list.page.isFetching && live.dataUpdatedAt > list.page.dataUpdatedAt
      ? liveTotal - data.total
      : 0;

  return (
    <>
      <Card
        title="Responses"
        description={
          <>
            {data
              ? `${data.total.toLocaleString('en-US')} for ${formatIsoDate(date)}${questionId ? ', this question' : ''}`
              : 'Loading...'}
            {narrowed ? (
              <span className="block">
                The list and export cover the date and question; topic and group filters apply to the charts.
              </span>
            ) : null}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => download('csv')}
              disabled={downloading !== null || !data || data.total === 0}
            >
              {downloading === 'csv' ? 'Exporting CSV...' : 'Download CSV'}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => download('jsonl')}
              disabled={downloading !== null || !data || data.total === 0}
            >
              {downloading === 'jsonl' ? 'Exporting...' : 'JSON Lines'}
            </Button>
          </div>
        }
      >
        {changed !== 0 ? (
          <p
            role="status"
            className="border-brand-200 bg-brand-50 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-2 text-sm text-slate-800"
          >
            {changed > 0
              ? `${changed.toLocaleString('en-US')} new response${changed === 1 ? '' : 's'} since this list was read.`
              : 'Responses were deleted since this list was read.'}
            <Button
              className="min-h-11"
              onClick={() => void queryClient.invalidateQueries({ queryKey: adminKeys.answersAll })}
            >
              Show the current list
            </Button>
          </p>
        ) : null}
        <PagedListBody
          list={list}
          loadingLabel="Loading responses..."
          empty="No responses found"
          pagerLabel="Response pages"
        >
          {(answers, dimmed) => (
            <>
              <div
                aria-hidden="true"
                className="hidden grid-cols-[12rem_4rem_1fr_12rem_4.5rem] gap-3 border-b border-slate-200 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
              >
                <span>User</span>
                <span>Time</span>
                <span>Question</span>
                <span>Answer</span>
                <span />
              </div>
              <ul
                className={`relative max-h-96 divide-y divide-slate-100 overflow-y-auto pr-1 ${dimmed ? 'opacity-60' : ''}`}
                aria-label="Response list"
              >
                {answers.map((answer) => (
                  <li
                    key={answer.id}
                    className="grid grid-cols-[1fr_auto] items-center gap-3 py-2.5 sm:grid-cols-[12rem_4rem_1fr_12rem_4.5rem]"
                  >
                    <span
                      className="min-w-0 text-sm font-medium break-all text-slate-800"
                      title={answer.username ? `${answer.username} (${answer.userId})` : answer.userId}
                    >
                      {answer.username ?? (
                        <span className="font-mono text-xs text-slate-600">
                          {answer.userId.slice(0, USER_ID_SHORT)}
                        </span>
                      )}
                    </span>
                    <span className="text-xs text-slate-600 tabular-nums sm:text-sm">
                      {formatTime(answer.answeredAt)}
                    </span>
                    <span
                      className="col-span-2 min-w-0 text-sm break-words text-slate-900 sm:col-span-1"
                      title={answer.questionText}
                    >
                      {cut(answer.questionText, RESPONSE_LIST_TEXT_MAX)}
                    </span>
                    <span
                      className="text-brand-800 min-w-0 text-sm font-medium break-words"
                      title={answer.answerText}
                    >
                      {answer.late && (
                        <span className="bg-tea-100 text-tea-900 mr-1.5 rounded px-1 text-xs font-semibold">
                          late
                        </span>
                      )}
                      {answer.answerText}
                    </span>
                    <DeleteButton label={`Delete response ${answer.id}`} onClick={() => remove.ask(answer)} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </PagedListBody>
      </Card>
      {remove.dialog(() => DELETE_RESPONSE_PROMPT)}
    </>
  );
}
