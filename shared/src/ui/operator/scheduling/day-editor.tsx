import { useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../api-client/client';
import type { AdminQuestion, DailySchedule, Topic } from '../../../contracts/admin';
import { formatDisplayDate } from '../../../domain/game-day';
import {
  EMPTY_DAY_TEXT,
  copyFromPreviousDay,
  draftFromServer,
  mergeCopiedDay,
  saveSchedule,
  validateDayDraft,
  type DayDraft,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { toast } from '../../toaster';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorText, Spinner } from '../primitives';
import { schedulingKeys } from './scheduling-keys';
import { TopicQuestionsCard } from './topic-questions-card';

/**
 * What the operator changed on a day and has not saved. Anything not overridden reads from the server:
 * `topicIds` undefined = the saved schedule, a topic missing from `questions` = its saved questions.
 */
export type DayOverride = { topicIds?: string[]; questions: Record<string, QuestionDraft[]> };
export const NO_OVERRIDE: DayOverride = { questions: {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Toasts a failure unless it is a 401, which the host's cache handler turns into a locked console. */
function failureToast(title: string, description: string, error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({ title, description, variant: 'destructive' });
}

/** Cached under the API's own shape, so any screen sharing the key reads the same data. */
async function loadSchedule(api: ApiClient, date: string): Promise<DailySchedule> {
  try {
    return await api.admin.schedule(date);
  } catch (error) {
    // A day nobody scheduled yet is an empty day, whichever way the server says so.
    if (error instanceof ApiError && error.status === 404) return { date, topicIds: [] };
    throw error;
  }
}

function topicQuestionsQuery(api: ApiClient, topicId: string, date: string) {
  return {
    queryKey: schedulingKeys.topicQuestions(topicId, date),
    queryFn: async (): Promise<AdminQuestion[]> => {
      try {
        return await api.admin.topicQuestions(topicId, date);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        // SPEC §8: a topic whose questions fail to load shows an empty list (logged only).
        console.warn(`Loading questions of topic ${topicId} for ${date} failed`, error);
        return [];
      }
    },
  };
}

/** Prefix invalidation of every list a schedule change can touch (INTERFACES query keys). */
function invalidateAfterSave(queryClient: QueryClient) {
  return Promise.all(
    [
      schedulingKeys.dailyTopicsAll,
      schedulingKeys.topics,
      schedulingKeys.questions,
      schedulingKeys.dashboardStats,
      schedulingKeys.responseStatsAll,
      schedulingKeys.auditAll,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

function answersNote(count: number): string {
  if (count === 0) return 'It has no answers yet.';
  return `Its ${count} ${count === 1 ? 'answer is' : 'answers are'} removed too.`;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** One day of the scheduler: topic picker, per-topic question editors, copy and save. */
export function DayEditor(props: {
  api: ApiClient;
  date: string;
  isToday: boolean;
  topics: Topic[];
  override: DayOverride;
  setOverride: (update: (current: DayOverride) => DayOverride) => void;
}) {
  const { api, date, override, setOverride } = props;
  const queryClient = useQueryClient();
  const [copying, setCopying] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<{ topicId: string; question: QuestionDraft } | null>(
    null,
  );

  const schedule = useQuery({
    queryKey: schedulingKeys.dailyTopics(date),
    queryFn: () => loadSchedule(api, date),
  });
  const activeTopics = props.topics.filter((t) => t.isActive);
  const activeIds = new Set(activeTopics.map((t) => t.id));
  const titleOf = (id: string) => props.topics.find((t) => t.id === id)?.title ?? 'Unknown topic';
  const serverTopicIds = schedule.data?.topicIds ?? [];
  // SPEC §4: only active topics can be scheduled; a saved topic deactivated since then drops out.
  const selected = (override.topicIds ?? serverTopicIds).filter((id) => activeIds.has(id));

  const topicQueries = useQueries({ queries: selected.map((id) => topicQuestionsQuery(api, id, date)) });
  const listFor = (topicId: string): QuestionDraft[] | null => {
    const own = override.questions[topicId];
    if (own) return own;
    const index = selected.indexOf(topicId);
    const data = index >= 0 ? topicQueries[index]?.data : undefined;
    return data ? data.map(draftFromServer) : null;
  };
  const lists = selected.map((id) => ({ topicId: id, list: listFor(id) }));
  const listsLoading = lists.some((l) => l.list === null);
  const draft: DayDraft = {
    topicIds: selected,
    questions: Object.fromEntries(lists.map((l) => [l.topicId, l.list ?? []])),
  };
  const questionCount = lists.reduce((n, l) => n + (l.list?.length ?? 0), 0);
  const unsavedCount = lists.reduce((n, l) => n + (l.list?.filter((q) => !q.id).length ?? 0), 0);
  const dirty =
    (override.topicIds !== undefined &&
      !sameIds(
        override.topicIds.filter((id) => activeIds.has(id)),
        serverTopicIds.filter((id) => activeIds.has(id)),
      )) ||
    Object.keys(override.questions).length > 0;

  const toggleTopic = (topicId: string) => {
    setShowMissing(false);
    setOverride((o) => {
      const current = (o.topicIds ?? serverTopicIds).filter((id) => activeIds.has(id));
      const topicIds = current.includes(topicId)
        ? current.filter((id) => id !== topicId)
        : [...current, topicId];
      // SPEC §4: unselecting drops the topic's unsaved list; selecting (again) loads its saved questions.
      const { [topicId]: _dropped, ...questions } = o.questions;
      return { topicIds, questions };
    });
  };

  const changeList = (topicId: string, update: (list: QuestionDraft[]) => QuestionDraft[]) => {
    const base = listFor(topicId) ?? [];
    setOverride((o) => ({
      ...o,
      questions: { ...o.questions, [topicId]: update(o.questions[topicId] ?? base) },
    }));
  };

  const save = useMutation({
    mutationFn: (day: DayDraft) => saveSchedule(api, date, day, { activeTopicIds: activeIds }),
    onSuccess: async (result) => {
      toast({
        title: 'Schedule saved!',
        description: `${formatDisplayDate(date)}: ${result.topicIds.length} ${result.topicIds.length === 1 ? 'topic' : 'topics'}, ${result.created.length} new, ${result.deletedIds.length} removed.`,
        variant: 'success',
      });
      await invalidateAfterSave(queryClient);
      // The refetched server state now is the draft; dropping the override shows it with real ids.
      setOverride(() => NO_OVERRIDE);
      setShowMissing(false);
    },
    onError: async (error) => {
      failureToast('Failed to save schedule', errorMessage(error), error);
      // Part of the sequence may have reached the server; show what is there now.
      await invalidateAfterSave(queryClient);
    },
  });

  const deleteQuestion = useMutation({
    mutationFn: (input: { topicId: string; question: QuestionDraft & { id: string } }) =>
      api.admin.deleteQuestion(input.question.id),
    onSuccess: async (_result, input) => {
      setConfirmDelete(null);
      toast({
        title: 'Question deleted',
        description: 'Question and any associated user answers have been removed.',
        variant: 'success',
      });
      setOverride((o) => {
        const own = o.questions[input.topicId];
        return own
          ? {
              ...o,
              questions: { ...o.questions, [input.topicId]: own.filter((q) => q.id !== input.question.id) },
            }
          : o;
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulingKeys.topicQuestions(input.topicId, date) }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.topics }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.questions }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.dashboardStats }),
      ]);
    },
    onError: (error) => {
      setConfirmDelete(null);
      // SPEC §8: fixed text, and the question stays in the list.
      failureToast(
        'Failed to delete question',
        'There was an error deleting the question. Please try again.',
        error,
      );
    },
  });

  async function copyPreviousDay() {
    setCopying(true);
    try {
      const outcome = await copyFromPreviousDay(api, date, { activeTopicIds: activeIds });
      if (outcome.kind === 'failed') {
        failureToast('Failed to copy', 'Could not load data from the previous day', outcome.error);
        return;
      }
      if (outcome.kind === 'empty') {
        toast({
          title: 'No data to copy',
          description: `No topics or questions were scheduled for ${outcome.fromDate}`,
        });
        return;
      }
      // Merge against what the day already holds, so copying never duplicates or drops a saved question.
      const current: DayDraft = { topicIds: selected, questions: {} };
      for (const topicId of new Set([...selected, ...outcome.topicIds])) {
        const known = selected.includes(topicId) ? listFor(topicId) : null;
        current.questions[topicId] =
          known ??
          (await queryClient.fetchQuery(topicQuestionsQuery(api, topicId, date))).map(draftFromServer);
      }
      const merged = mergeCopiedDay(current, outcome);
      setShowMissing(false);
      setOverride(() => ({ topicIds: merged.topicIds, questions: merged.questions }));
      toast({
        title: 'Copied from previous day',
        description: `${outcome.topicIds.length} ${outcome.topicIds.length === 1 ? 'topic' : 'topics'} and ${outcome.questionCount} ${
          outcome.questionCount === 1 ? 'question' : 'questions'
        } from ${outcome.fromDate} loaded as unsaved drafts. Review them, then save.`,
        variant: 'success',
      });
    } catch (error) {
      failureToast('Failed to copy', 'Could not load data from the previous day', error);
    } finally {
      setCopying(false);
    }
  }

  function trySave() {
    const check = validateDayDraft(draft, titleOf);
    if (!check.ok) {
      setShowMissing(true);
      toast({ title: 'Validation Error', description: check.message, variant: 'destructive' });
      return;
    }
    save.mutate(draft);
  }

  const missing = new Set(
    showMissing
      ? draft.topicIds.filter((id) => !(draft.questions[id] ?? []).some((q) => q.text.trim() !== ''))
      : [],
  );
  const busy = save.isPending || copying;

  if (schedule.isPending) return <Spinner label="Loading schedule..." />;
  if (schedule.isError) return <ErrorText error={schedule.error} />;

  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {props.isToday ? 'Today' : 'Schedule'} · {formatDisplayDate(date)}
            {dirty ? <Badge tone="tea">Unsaved changes</Badge> : <Badge tone="success">Saved</Badge>}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {selected.length} {selected.length === 1 ? 'topic' : 'topics'} · {questionCount}{' '}
            {questionCount === 1 ? 'question' : 'questions'}
            {unsavedCount > 0 ? ` · ${unsavedCount} unsaved` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copyPreviousDay()} disabled={busy}>
            {copying ? 'Copying...' : 'Copy from Previous Day'}
          </Button>
          <Button
            variant="primary"
            onClick={trySave}
            disabled={selected.length === 0 || busy || listsLoading}
          >
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </div>
      </div>

      <section
        aria-labelledby={`topics-${date}`}
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-3.5">
          <h4 id={`topics-${date}`} className="font-semibold text-slate-900">
            Topics for this day
          </h4>
          <p className="text-xs text-slate-600">Only active topics can be scheduled.</p>
        </header>
        <div className="p-4">
          {activeTopics.length === 0 ? (
            <EmptyState>No active topics. Create or restore a topic in the Topics tab.</EmptyState>
          ) : (
            <ul className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
              {activeTopics.map((topic) => {
                const checked = selected.includes(topic.id);
                return (
                  <li key={topic.id}>
                    <label
                      className={`has-[:focus-visible]:outline-brand-600 flex h-full cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${
                        checked
                          ? 'border-brand-500 bg-brand-50'
                          : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50'
                      } ${busy ? 'cursor-not-allowed opacity-70' : ''}`}
                    >
                      <input
                        type="checkbox"
                        className="accent-brand-700 mt-0.5 size-4 shrink-0 focus-visible:outline-none"
                        checked={checked}
                        disabled={busy}
                        onChange={() => toggleTopic(topic.id)}
                      />
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium text-slate-900">
                          {topic.title}
                        </span>
                        <span className="mt-0.5 block text-xs text-slate-600">
                          {topic.category} · {topic.questionCount}{' '}
                          {topic.questionCount === 1 ? 'question' : 'questions'}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      {selected.length === 0 ? (
        <EmptyState>{EMPTY_DAY_TEXT}</EmptyState>
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-2">
          {/* Editors follow the picker's order; the saved topic order is the order of selection. */}
          {activeTopics.flatMap((topic) => {
            const entry = lists.find((l) => l.topicId === topic.id);
            if (!entry) return [];
            const { topicId, list } = entry;
            return (
              <TopicQuestionsCard
                key={topicId}
                api={api}
                topic={topic}
                date={date}
                questions={list}
                missing={missing.has(topicId)}
                onChange={(update) => changeList(topicId, update)}
                onImported={(question) =>
                  setOverride((o) => {
                    const own = o.questions[topicId];
                    return own
                      ? {
                          ...o,
                          questions: { ...o.questions, [topicId]: [...own, draftFromServer(question)] },
                        }
                      : o;
                  })
                }
                onDeleteSaved={(question) => setConfirmDelete({ topicId, question })}
                disabled={busy}
                deletingId={deleteQuestion.isPending ? (deleteQuestion.variables?.question.id ?? null) : null}
              />
            );
          })}
        </div>
      )}

      <ConfirmDialog
        open={confirmDelete !== null}
        message={
          confirmDelete
            ? `Delete "${confirmDelete.question.text}" from ${formatDisplayDate(date)}? ${answersNote(confirmDelete.question.answerCount ?? 0)} This action cannot be undone.`
            : ''
        }
        busy={deleteQuestion.isPending}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const target = confirmDelete;
          if (target?.question.id)
            deleteQuestion.mutate({
              topicId: target.topicId,
              question: { ...target.question, id: target.question.id },
            });
        }}
      />
    </div>
  );
}
