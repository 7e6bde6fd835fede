import { useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../api-client/client';
import type { AdminQuestion, AuditEntry, Day, SaveDayResult, Topic } from '../../../contracts/admin';
import { addDays, formatDisplayDate } from '../../../domain/game-day';
import {
  EMPTY_DAY_TEXT,
  copyOfDay,
  dayChanges,
  draftFromServer,
  dropInactiveTopics,
  lintDraft,
  reapplyEdits,
  removedQuestions,
  saveDayInput,
  validateDayDraft,
  type DayDraft,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { toast } from '../../toaster';
import { formatTime } from '../format';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorText, Spinner } from '../primitives';
import { schedulingKeys } from './scheduling-keys';
import type { DayOverride } from './draft-store';
import { TopicQuestionsCard, type QuestionHistory } from './topic-questions-card';

/**
 * What the operator changed on a day and has not saved (stored in this browser, draft-store.ts). Anything not
 * overridden reads from the server: `topicIds` undefined = the saved schedule, a topic missing from
 * `questions` = its saved questions.
 */
export const NO_OVERRIDE: DayOverride = { questions: {} };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Toasts a failure unless it is a 401, which the host's cache handler turns into a locked console. */
function failureToast(title: string, description: string, error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({ title, description, variant: 'destructive' });
}

/** The whole day in one request: its topics with their questions and the version the editor saves against. */
export function dayQuery(api: ApiClient, date: string) {
  return { queryKey: schedulingKeys.day(date), queryFn: () => api.admin.day(date) };
}

/** Questions a topic already has on the date while it is not scheduled (selecting it shows them again). */
export function topicQuestionsQuery(api: ApiClient, topicId: string, date: string) {
  return {
    queryKey: schedulingKeys.topicQuestions(topicId, date),
    queryFn: async (): Promise<AdminQuestion[]> => {
      try {
        return await api.admin.topicQuestions(topicId, date);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error;
        // product.md#errors: a topic whose questions fail to load shows an empty list (logged only).
        console.warn(`Loading questions of topic ${topicId} for ${date} failed`, error);
        return [];
      }
    },
  };
}

/** Prefix invalidation of every list a day save can touch (INTERFACES query keys). */
function invalidateAfterSave(queryClient: QueryClient) {
  return Promise.all(
    [
      schedulingKeys.dailyTopicsAll,
      schedulingKeys.topics,
      schedulingKeys.questions,
      schedulingKeys.dashboardStats,
      schedulingKeys.responseStatsAll,
      schedulingKeys.answersAll,
      schedulingKeys.auditAll,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

function answersNote(count: number): string {
  if (count === 0) return 'It has no answers yet.';
  return `Its ${count} ${count === 1 ? 'answer is' : 'answers are'} deleted with it when you save.`;
}

/** "name: " for an audit entry that names its actor (staff accounts), else nothing. */
function actorOf(entry: AuditEntry): string {
  const actor = (entry as AuditEntry & { actor?: unknown }).actor;
  return typeof actor === 'string' && actor ? `${actor}: ` : '';
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function savedDescription(date: string, result: SaveDayResult): string {
  const { added, removed, removedAnswers } = result.changes;
  return `${formatDisplayDate(date)}: ${plural(result.topics.length, 'topic')}, ${added} new, ${removed} removed${
    removedAnswers ? ` (${plural(removedAnswers, 'answer')} deleted)` : ''
  }.`;
}

/** One day of the scheduler: topic picker, per-topic question editors, copy and save. */
export function DayEditor(props: {
  api: ApiClient;
  date: string;
  isToday: boolean;
  /** The window's days after this one: where an answered question's linked copy can go. */
  laterDays: string[];
  onAddToDay: (date: string, topicId: string, draft: QuestionDraft) => Promise<string | null>;
  topics: Topic[];
  override: DayOverride;
  setOverride: (update: (current: DayOverride) => DayOverride) => void;
}) {
  const { api, date, override, setOverride } = props;
  const queryClient = useQueryClient();
  const [copying, setCopying] = useState(false);
  const [showMissing, setShowMissing] = useState(false);
  /** After a 409: what changed on the server meanwhile, and the audit entries that say who changed it. */
  const [conflict, setConflict] = useState<{ changes: string[]; by: AuditEntry[] } | null>(null);
  const [reloading, setReloading] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState<{ topicId: string; question: QuestionDraft } | null>(
    null,
  );
  /** A destructive step waiting for "yes": its prompt, button and what it does. */
  const [confirmStep, setConfirmStep] = useState<{ message: string; label: string; run: () => void } | null>(
    null,
  );

  const day = useQuery(dayQuery(api, date));
  const history = useQuery({ queryKey: schedulingKeys.questions, queryFn: () => api.admin.questions() });
  const activeTopics = props.topics.filter((t) => t.isActive);
  const activeIds = new Set(activeTopics.map((t) => t.id));
  const titleOf = (id: string) => props.topics.find((t) => t.id === id)?.title ?? 'Unknown topic';
  const serverTopicIds = day.data?.topics.map((t) => t.topicId) ?? [];
  const serverLists: Record<string, QuestionDraft[]> = Object.fromEntries(
    (day.data?.topics ?? []).map((t) => [t.topicId, t.questions.map(draftFromServer)]),
  );
  // product.md#flows: only active topics can be scheduled; a saved topic deactivated since then drops out.
  const selected = (override.topicIds ?? serverTopicIds).filter((id) => activeIds.has(id));
  const unscheduled = selected.filter((id) => !serverLists[id]);
  const unscheduledQueries = useQueries({
    queries: unscheduled.map((id) => ({ ...topicQuestionsQuery(api, id, date), enabled: day.isSuccess })),
  });
  /** What the server holds for a topic on this date (null while loading). */
  const savedFor = (topicId: string): QuestionDraft[] | null => {
    const own = serverLists[topicId];
    if (own) return own;
    const data = unscheduledQueries[unscheduled.indexOf(topicId)]?.data;
    return data ? data.map(draftFromServer) : null;
  };
  const listFor = (topicId: string): QuestionDraft[] | null =>
    override.questions[topicId] ?? savedFor(topicId);
  const lists = selected.map((id) => ({ topicId: id, list: listFor(id) }));
  const listsLoading = lists.some((l) => l.list === null);
  const draft: DayDraft = {
    topicIds: selected,
    questions: Object.fromEntries(lists.map((l) => [l.topicId, l.list ?? []])),
  };
  const saved: Record<string, QuestionDraft[]> = Object.fromEntries(
    selected.map((id) => [id, savedFor(id) ?? []]),
  );
  const toRemove = removedQuestions(draft, saved);
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
    const drafts = (override.questions[topicId] ?? []).filter((q) => !q.id && q.text.trim() !== '');
    if (selected.includes(topicId) && drafts.length > 0) {
      setConfirmStep({
        message: `Untick "${titleOf(topicId)}"? Its ${plural(drafts.length, 'unsaved question')} on ${formatDisplayDate(date)} will be discarded. Saved questions are not touched until you save.`,
        label: 'Untick and discard',
        run: () => applyToggle(topicId),
      });
      return;
    }
    applyToggle(topicId);
  };

  const applyToggle = (topicId: string) => {
    setShowMissing(false);
    setOverride((o) => {
      const current = (o.topicIds ?? serverTopicIds).filter((id) => activeIds.has(id));
      const topicIds = current.includes(topicId)
        ? current.filter((id) => id !== topicId)
        : [...current, topicId];
      // product.md#flows: unselecting drops the topic's unsaved list; selecting (again) loads its saved questions.
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
    mutationFn: ({ day: d, version }: { day: DayDraft; version: number }) =>
      api.admin.saveDay(date, saveDayInput(dropInactiveTopics(d, activeIds), version)),
    onSuccess: async (result) => {
      toast({ title: 'Schedule saved!', description: savedDescription(date, result), variant: 'success' });
      const { changes: _changes, ...stored } = result;
      queryClient.setQueryData<Day>(schedulingKeys.day(date), stored);
      // The stored day now is the draft; dropping the override shows it with real ids.
      setOverride(() => NO_OVERRIDE);
      setShowMissing(false);
      setConflict(null);
      await invalidateAfterSave(queryClient);
    },
    onError: (error) => {
      // All or nothing: a failed save changed nothing on the server, so the edits stay as they are.
      if (error instanceof ApiError && error.status === 409) {
        void reapplyAfterConflict();
        failureToast(
          'Failed to save schedule',
          'This day changed meanwhile. Your drafts are kept: see what changed, then save again.',
          error,
        );
        return;
      }
      failureToast('Failed to save schedule', errorMessage(error), error);
    },
  });

  /**
   * After a 409: load the day as it is now, lay this editor's edits onto it (reapplyEdits: drafts kept, the
   * other editor's additions kept) and say what changed and who changed it (the audit log). Saving again
   * applies the drafts over their changes.
   */
  async function reapplyAfterConflict() {
    const before = day.data;
    if (!before) return;
    setReloading(true);
    try {
      const after = await queryClient.fetchQuery({ ...dayQuery(api, date), staleTime: 0 });
      await queryClient.invalidateQueries({ queryKey: schedulingKeys.topics });
      setOverride((o) => reapplyEdits(o, before, after));
      const touched = new Set<string>([date]);
      for (const d of [before, after])
        for (const t of d.topics) for (const q of t.questions) touched.add(q.id);
      let by: AuditEntry[] = [];
      try {
        const audit = await api.admin.audit({ limit: 50 });
        by = audit.items.filter((e) => e.targetId !== null && touched.has(e.targetId)).slice(0, 5);
      } catch {
        // The notice still lists the changes; who made them is a bonus.
      }
      setConflict({ changes: dayChanges(before, after, titleOf), by });
      setShowMissing(false);
    } catch (error) {
      failureToast('Failed to reload the day', errorMessage(error), error);
    } finally {
      setReloading(false);
    }
  }

  /** Copy from Previous Day: the previous day's topics and questions replace this day's (linked copies). */
  async function copyPreviousDay() {
    setCopying(true);
    const fromDate = addDays(date, -1);
    try {
      const previous = await queryClient.fetchQuery({ ...dayQuery(api, fromDate), staleTime: 0 });
      const outcome = copyOfDay(previous, activeIds);
      if (outcome.kind === 'empty') {
        toast({
          title: 'No data to copy',
          description: `No topics or questions were scheduled for ${fromDate}`,
        });
        return;
      }
      const apply = () => {
        setShowMissing(false);
        setOverride(() => ({ topicIds: outcome.topicIds, questions: outcome.questions }));
        toast({
          title: 'Copied from previous day',
          description: `${plural(outcome.topicIds.length, 'topic')} and ${plural(outcome.questionCount, 'question')} from ${formatDisplayDate(outcome.fromDate)} now make up this day as unsaved drafts, linked to their originals${
            outcome.skippedTopics ? ` (${plural(outcome.skippedTopics, 'inactive topic')} left out)` : ''
          }. Review them, then save.`,
          variant: 'success',
        });
      };
      if (dirty || questionCount > 0) {
        setConfirmStep({
          message: `Replace ${formatDisplayDate(date)} with ${formatDisplayDate(outcome.fromDate)}? This day's ${plural(selected.length, 'topic')} and ${plural(questionCount, 'question')}${unsavedCount ? ` (${unsavedCount} unsaved)` : ''} give way to ${plural(outcome.topicIds.length, 'topic')} and ${plural(outcome.questionCount, 'question')}. Unsaved drafts are discarded now; saved questions are removed only when you save.`,
          label: 'Replace day',
          run: apply,
        });
        return;
      }
      apply();
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
    if (day.data) save.mutate({ day: draft, version: day.data.version });
  }

  const missing = new Set(
    showMissing
      ? draft.topicIds.filter((id) => !(draft.questions[id] ?? []).some((q) => q.text.trim() !== ''))
      : [],
  );
  const busy = save.isPending || copying || reloading;
  const withText = (list: QuestionDraft[] | null) => (list ?? []).filter((q) => q.text.trim() !== '');
  const lintContext = { date, history: historyOf(history.data) };
  const warningCount = lists.reduce(
    (n, l) => n + withText(l.list).reduce((m, q) => m + lintDraft(q, lintContext).length, 0),
    0,
  );

  if (day.isPending) return <Spinner label="Loading schedule..." />;
  if (day.isError) return <ErrorText error={day.error} />;

  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            {props.isToday ? 'Today' : 'Schedule'} · {formatDisplayDate(date)}
            {dirty ? <Badge tone="tea">Unsaved changes</Badge> : <Badge tone="success">Saved</Badge>}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="day-progress">
            {plural(selected.length, 'topic')} · {plural(questionCount, 'question')}
            {selected.length > 1 ? ` (${lists.map((l) => withText(l.list).length).join(' + ')})` : ''}
            {unsavedCount > 0 ? ` · ${unsavedCount} unsaved` : ''}
            {toRemove.length > 0 ? ` · ${toRemove.length} to remove` : ''}
            {warningCount > 0 ? ` · ${plural(warningCount, 'linter warning')}` : ''}
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
        {conflict ? (
          <div
            role="alert"
            className="grid w-full gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <p>
              <span className="font-semibold">Not saved: this day changed while you were editing.</span> Your
              drafts are kept and laid onto the day as it is now. Review, then save again.
            </p>
            {conflict.changes.length > 0 ? (
              <ul aria-label="What changed" className="list-disc pl-5">
                {conflict.changes.map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            ) : null}
            {conflict.by.length > 0 ? (
              <ul aria-label="Who changed it" className="grid gap-0.5 text-xs text-amber-900">
                {conflict.by.map((entry) => (
                  <li key={entry.id} className="break-words">
                    {formatTime(entry.at)} · {actorOf(entry)}
                    {entry.summary}
                  </li>
                ))}
              </ul>
            ) : null}
            <div>
              <Button size="sm" onClick={() => setConflict(null)}>
                Dismiss
              </Button>
            </div>
          </div>
        ) : null}
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
                onImported={(imported) => changeList(topicId, (list) => [...list, imported])}
                onRemoveSaved={(question) => setConfirmRemove({ topicId, question })}
                onEdited={(updated) =>
                  setOverride((o) => {
                    const list = o.questions[topicId];
                    if (!list) return o;
                    const next = list.map((q) => (q.id === updated.id ? draftFromServer(updated) : q));
                    return { ...o, questions: { ...o.questions, [topicId]: next } };
                  })
                }
                history={historyOf(history.data)}
                laterDays={props.laterDays}
                onAddToDay={(target, copy) => props.onAddToDay(target, topicId, copy)}
                disabled={busy}
              />
            );
          })}
        </div>
      )}

      <ConfirmDialog
        open={confirmStep !== null}
        message={confirmStep?.message ?? ''}
        confirmLabel={confirmStep?.label}
        onCancel={() => setConfirmStep(null)}
        onConfirm={() => {
          const step = confirmStep;
          setConfirmStep(null);
          step?.run();
        }}
      />
      <ConfirmDialog
        open={confirmRemove !== null}
        message={
          confirmRemove
            ? `Remove "${confirmRemove.question.text}" from ${formatDisplayDate(date)}? ${answersNote(confirmRemove.question.answerCount ?? 0)} This cannot be undone once saved.`
            : ''
        }
        busy={false}
        onCancel={() => setConfirmRemove(null)}
        onConfirm={() => {
          const target = confirmRemove;
          setConfirmRemove(null);
          if (target?.question.id)
            changeList(target.topicId, (list) => list.filter((q) => q.id !== target.question.id));
        }}
      />
    </div>
  );
}

/** Every question asked so far, for the linter's "asked in the last 30 days" rule. */
function historyOf(questions: AdminQuestion[] | undefined): QuestionHistory {
  return (questions ?? []).map((q) => ({ id: q.id, text: q.text, date: q.date, topicTitle: q.topic.title }));
}
