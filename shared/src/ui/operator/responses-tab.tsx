import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import type { ExportTarget } from '../export-target';
import type { AdminAnswer } from '../../contracts/admin';
import { QUESTION_FILTER_MAX, RESPONSE_LIST_TEXT_MAX, USER_ID_SHORT } from '../../domain/constants';
import { defaultResponseDate, responseDates } from '../../domain/response-dates';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { cut, formatIsoDate, formatTime } from './format';
import { DeleteButton, PagedListBody, useConfirmedDelete, usePagedList } from './paged-list';
import { Button, Card, ErrorText, Spinner, inputClass, labelClass } from './primitives';
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
 * Response Analytics (product.md#screens): per-date stats from the server, a paged response list, delete, and the
 * server-streamed export (CSV or JSON Lines). Opens on today's game day, or the newest date with responses.
 */
export function ResponsesTab({ api, exportTarget }: { api: ApiClient; exportTarget: ExportTarget }) {
  const questions = useQuery({ queryKey: adminKeys.questions, queryFn: () => api.admin.questions() });
  const clock = useQuery({ queryKey: adminKeys.clock, queryFn: () => api.admin.clock() });
  const today = clock.data?.today ?? '';
  const dates = useMemo(() => responseDates(questions.data ?? [], today), [questions.data, today]);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date =
    chosenDate && dates.some((d) => d.date === chosenDate) ? chosenDate : defaultResponseDate(dates, today);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const ids = { date: useId(), question: useId() };

  const dateQuestions = useMemo(
    () => (questions.data ?? []).filter((q) => q.date === date),
    [questions.data, date],
  );
  const activeQuestionId = questionId && dateQuestions.some((q) => q.id === questionId) ? questionId : null;

  const header = (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Response Analytics</h2>
      <p className="text-sm text-slate-600">
        Responses per game day, with a streamed export of every answer (CSV or JSON Lines).
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
    <div className="grid grid-cols-1 gap-6">
      {header}
      <div className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[24rem_1fr]">
        <div>
          <label htmlFor={ids.date} className={labelClass}>
            Date
          </label>
          {date === null ? (
            <p id={ids.date} className="py-2 text-sm text-slate-600">
              No questions scheduled
            </p>
          ) : (
            <select
              id={ids.date}
              className={inputClass}
              value={date}
              onChange={(e) => {
                setChosenDate(e.target.value);
                setQuestionId(null);
              }}
            >
              {dates.map((d) => (
                <option key={d.date} value={d.date}>
                  {dateLabel(d)}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.question} className={labelClass}>
            Question
          </label>
          <select
            id={ids.question}
            className={inputClass}
            value={activeQuestionId ?? ''}
            disabled={date === null}
            onChange={(e) => setQuestionId(e.target.value || null)}
          >
            <option value="">All Questions for This Date</option>
            {dateQuestions.map((q) => (
              <option key={q.id} value={q.id}>
                {cut(q.text, QUESTION_FILTER_MAX)} ({q.topic.title})
              </option>
            ))}
          </select>
        </div>
      </div>
      {date ? (
        <DateResponses
          key={`${date}|${activeQuestionId ?? ''}`}
          api={api}
          exportTarget={exportTarget}
          date={date}
          questionId={activeQuestionId}
        />
      ) : null}
    </div>
  );
}

function DateResponses({
  api,
  exportTarget,
  date,
  questionId,
}: {
  api: ApiClient;
  exportTarget: ExportTarget;
  date: string;
  questionId: string | null;
}) {
  const [downloading, setDownloading] = useState<'csv' | 'jsonl' | null>(null);

  const stats = useQuery({
    queryKey: adminKeys.responseStats(date),
    queryFn: () => api.admin.responseStats(date),
  });
  const list = usePagedList({
    queryKey: (bounds) => adminKeys.answers({ date, questionId, ...bounds }),
    fetchPage: (bounds) => api.admin.answers({ date, questionId: questionId ?? undefined, ...bounds }),
  });
  const remove = useConfirmedDelete({
    remove: (answer: AdminAnswer) => api.admin.deleteAnswer(answer.id),
    successTitle: 'Response deleted!',
    errorTitle: 'Failed to delete response',
    invalidates: [
      adminKeys.answersAll,
      adminKeys.responseStatsAll,
      adminKeys.questions,
      adminKeys.userAnalytics,
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

  const cards = [
    { label: 'Total Responses', value: stats.data?.totalResponses.toLocaleString('en-US') },
    { label: 'Questions Answered', value: stats.data?.questionsAnswered.toLocaleString('en-US') },
    { label: 'Total Questions', value: stats.data?.totalQuestions.toLocaleString('en-US') },
    { label: 'Response Rate', value: stats.data ? `${stats.data.responseRate}%` : undefined },
  ];
  const data = list.page.data;

  return (
    <>
      {stats.error ? <ErrorText error={stats.error} /> : null}
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Response statistics">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-sm font-medium text-slate-600">{card.label}</p>
            <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
              {card.value ?? <span className="text-slate-300">—</span>}
            </p>
          </li>
        ))}
      </ul>
      <Card
        title="Responses"
        description={data ? `${data.total.toLocaleString('en-US')} for ${formatIsoDate(date)}` : undefined}
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
                className="hidden grid-cols-[6rem_4rem_1fr_12rem_4.5rem] gap-3 border-b border-slate-200 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
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
                    className="grid grid-cols-[1fr_auto] items-center gap-3 py-2.5 sm:grid-cols-[6rem_4rem_1fr_12rem_4.5rem]"
                  >
                    <span className="font-mono text-xs text-slate-700" title={answer.userId}>
                      {answer.userId.slice(0, USER_ID_SHORT)}
                    </span>
                    <span className="text-xs text-slate-600 tabular-nums sm:text-sm">
                      {formatTime(answer.answeredAt)}
                    </span>
                    <span
                      className="col-span-2 truncate text-sm text-slate-900 sm:col-span-1"
                      title={answer.questionText}
                    >
                      {cut(answer.questionText, RESPONSE_LIST_TEXT_MAX)}
                    </span>
                    <span className="text-brand-800 truncate text-sm font-medium" title={answer.answerText}>
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
