import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../api-client/client';
import { hasErrorCode } from '../../../api-client/api-error';
import type { AdminQuestion, Topic } from '../../../contracts/admin';
import { formatDisplayDate } from '../../../domain/game-day';
import { rangeHint } from '../../../domain/numeric';
import type { LintContext } from '../../../domain/question-lint';
import {
  linkedCopyOf,
  lintDraft,
  questionContentOf,
  questionDraftProblem,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { toast } from '../../toaster';
import { LintWarnings } from '../lint-warnings';
import { Badge, Button, inputClass, labelClass } from '../primitives';
import { ImportDialog } from './import-dialog';
import { QuestionDraftDialog } from './question-draft-dialog';
import { schedulingKeys } from './scheduling-keys';

/** Questions asked so far (the linter's "asked in the last 30 days" rule). */
export type QuestionHistory = NonNullable<LintContext['history']>;

/** The player's range hint (one wording, one unit rule), or "Any value [unit]" when the range is open. */
function rangeText(q: QuestionDraft): string {
  const unit = q.numericUnit.trim();
  return rangeHint(q) ?? (unit ? `Any value ${unit}` : 'Any value');
}

/**
 * One selected topic's questions for the day: saved questions (with id) and unsaved drafts, with
 * "Import Previous" and "Add Question". Every change is local until "Save Schedule": unsaved drafts are
 * edited or removed, a saved question is removed from the list (after a confirmation, since its answers
 * are deleted with it on save). Unsaved drafts show the linter's warnings.
 */
export function TopicQuestionsCard(props: {
  api: ApiClient;
  topic: Topic;
  date: string;
  questions: QuestionDraft[] | null;
  /** Set after a failed save validation: this topic has no question with text. */
  missing: boolean;
  onChange: (update: (list: QuestionDraft[]) => QuestionDraft[]) => void;
  onImported: (draft: QuestionDraft) => void;
  onRemoveSaved: (question: QuestionDraft) => void;
  /** A saved question was edited on the server (PATCH): the day's lists show its new content. */
  onEdited: (question: AdminQuestion) => void;
  history: QuestionHistory;
  /** The window's days after this one, and how a linked copy of an answered question is added to one. */
  laterDays: string[];
  onAddToDay: (date: string, draft: QuestionDraft) => Promise<string | null>;
  /** While the day is saving or copying, its lists must not change underneath. */
  disabled: boolean;
}) {
  const { topic, questions } = props;
  /**
   * The question dialog. `copyOf`: the question has answers (known, or learned from PATCH's 409), so saving
   * adds an edited linked copy to a later day instead; `why` says so.
   */
  const [editor, setEditor] = useState<{
    open: boolean;
    draft: QuestionDraft | null;
    copyOf?: QuestionDraft;
    why?: string;
  }>({ open: false, draft: null });
  const [copy, setCopy] = useState<{ day: string; error: string | null; busy: boolean }>({
    day: '',
    error: null,
    busy: false,
  });
  const copyAsLinked = (question: QuestionDraft, why: string) => {
    setCopy({ day: props.laterDays[0] ?? '', error: null, busy: false });
    setEditor((e) => ({ ...e, open: true, draft: e.open ? e.draft : question, copyOf: question, why }));
  };
  async function addCopy(edited: QuestionDraft) {
    const original = editor.copyOf;
    if (!original) return;
    if (!copy.day) {
      setCopy((c) => ({ ...c, error: 'There is no later day in the schedule window to copy it to.' }));
      return;
    }
    setCopy((c) => ({ ...c, busy: true, error: null }));
    try {
      const refused = await props.onAddToDay(copy.day, linkedCopyOf(original, edited));
      if (refused) setCopy((c) => ({ ...c, busy: false, error: refused }));
      else {
        setCopy((c) => ({ ...c, busy: false }));
        setEditor({ open: false, draft: null });
      }
    } catch (error) {
      setCopy((c) => ({ ...c, busy: false, error: error instanceof Error ? error.message : String(error) }));
    }
  }
  const [importOpen, setImportOpen] = useState(false);
  const unsaved = (questions ?? []).filter((q) => !q.id);
  const queryClient = useQueryClient();
  /** A saved question without answers is edited in place (PATCH), at once: it is already on the day. */
  const editSaved = useMutation({
    mutationFn: (draft: QuestionDraft) => {
      const content = questionContentOf(draft);
      return props.api.admin.editQuestion(draft.id!, {
        text: content.text,
        type: content.type,
        options: content.options,
        numericUnit: content.numericUnit,
        minValue: content.minValue,
        maxValue: content.maxValue,
      });
    },
    onSuccess: async (updated) => {
      props.onEdited(updated);
      setEditor({ open: false, draft: null });
      toast({ title: 'Question updated', description: updated.text, variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulingKeys.day(props.date) }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.questions }),
      ]);
    },
    onError: (error, draft) => {
      if (error instanceof ApiError && error.status === 401) return;
      // Answered since the day was loaded: the edits stay in the dialog and one click saves them as a linked copy.
      if (hasErrorCode(error, 'question_has_answers')) {
        copyAsLinked({ ...draft, answerCount: Math.max(1, draft.answerCount ?? 0) }, error.message);
        void queryClient.invalidateQueries({ queryKey: schedulingKeys.day(props.date) });
        return;
      }
      toast({
        title: 'Failed to update question',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <section
      aria-label={`${topic.title} questions`}
      className={`flex flex-col rounded-xl border bg-white shadow-sm ${props.missing ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div className="min-w-0">
          <h4 className="truncate font-semibold text-slate-900">{topic.title}</h4>
          <p className="text-xs text-slate-600">
            {questions === null
              ? 'Loading questions...'
              : `${questions.length} ${questions.length === 1 ? 'question' : 'questions'} · ${unsaved.length} unsaved`}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            onClick={() => setImportOpen(true)}
            disabled={props.disabled}
            aria-label={`Import Previous for ${topic.title}`}
          >
            Import Previous
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => setEditor({ open: true, draft: null })}
            disabled={questions === null || props.disabled}
            aria-label={`Add Question to ${topic.title}`}
          >
            + Add Question
          </Button>
        </div>
      </header>
      <div className="flex-1 p-4">
        {questions === null ? (
          <p role="status" className="py-4 text-center text-sm text-slate-600">
            Loading questions...
          </p>
        ) : questions.length === 0 ? (
          <p
            className={`rounded-lg border border-dashed px-4 py-5 text-center text-sm ${props.missing ? 'border-red-300 text-red-700' : 'border-slate-300 text-slate-600'}`}
          >
            No questions yet. Add one or import a previous question.
          </p>
        ) : (
          <ol className="grid gap-2.5">
            {questions.map((q, index) => {
              const problem = questionDraftProblem(q);
              const warnings = problem ? [] : lintDraft(q, { date: props.date, history: props.history });
              const answered = (q.answerCount ?? 0) > 0;
              const blank = q.text.trim() === '';
              return (
                <li
                  key={q.key}
                  aria-label={blank ? `Question ${index + 1} (no text)` : q.text}
                  className={`rounded-lg border px-3.5 py-3 ${q.id ? 'border-slate-200 bg-slate-50/60' : 'border-tea-200 bg-tea-50/40'}`}
                >
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0 flex-1">
                      <p
                        className={`text-sm font-medium break-words ${blank ? 'text-slate-500 italic' : 'text-slate-900'}`}
                      >
                        {blank ? 'No question text (skipped on save)' : q.text}
                      </p>
                      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                        {q.id ? <Badge tone="success">Saved</Badge> : <Badge tone="tea">Unsaved</Badge>}
                        <Badge tone="brand">{q.type === 'numeric' ? 'Numeric' : 'Multiple choice'}</Badge>
                        {q.type === 'numeric' && q.numericUnit.trim() ? (
                          <Badge>{q.numericUnit.trim()}</Badge>
                        ) : null}
                        {q.linkedQuestionId ? <Badge tone="neutral">Linked</Badge> : null}
                        {q.id && q.answerCount !== undefined ? (
                          <span className="text-xs text-slate-600">
                            {q.answerCount} {q.answerCount === 1 ? 'answer' : 'answers'}
                          </span>
                        ) : null}
                      </div>
                      {q.type === 'multiple_choice' ? (
                        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Options">
                          {q.options
                            .filter((o) => o.text.trim() !== '')
                            .map((o, i) => (
                              <li
                                key={i}
                                className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-slate-700"
                              >
                                {o.icon ? `${o.icon} ` : ''}
                                {o.text}
                              </li>
                            ))}
                        </ul>
                      ) : (
                        <p className="mt-2 text-xs text-slate-600">{rangeText(q)}</p>
                      )}
                      {problem ? <p className="mt-2 text-xs font-medium text-red-700">{problem}</p> : null}
                      {q.id && answered ? (
                        <p className="mt-2 text-xs text-slate-600">
                          Answered, so it cannot be edited.{' '}
                          {props.laterDays.length > 0
                            ? 'Edit a linked copy for a later day instead: it shares its results.'
                            : 'No later day in the window to copy it to.'}
                        </p>
                      ) : null}
                      <LintWarnings warnings={warnings} className="mt-2" />
                    </div>
                    <div className="flex shrink-0 gap-1.5">
                      {q.id ? (
                        <>
                          {answered ? (
                            props.laterDays.length > 0 ? (
                              <Button
                                size="sm"
                                onClick={() =>
                                  copyAsLinked(
                                    q,
                                    `It has ${q.answerCount} ${q.answerCount === 1 ? 'answer' : 'answers'}, so it cannot be edited: its answers were given to the wording as it is.`,
                                  )
                                }
                                disabled={props.disabled}
                                aria-label={`Edit a linked copy of "${q.text}"`}
                              >
                                Edit a copy
                              </Button>
                            ) : null
                          ) : (
                            <Button
                              size="sm"
                              onClick={() => setEditor({ open: true, draft: q })}
                              disabled={props.disabled}
                              aria-label={`Edit question "${q.text}"`}
                            >
                              Edit
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={props.disabled}
                            onClick={() => props.onRemoveSaved(q)}
                            aria-label={`Delete question "${q.text}"`}
                          >
                            Delete
                          </Button>
                        </>
                      ) : (
                        <>
                          <Button
                            size="sm"
                            onClick={() => setEditor({ open: true, draft: q })}
                            disabled={props.disabled}
                            aria-label={`Edit question "${q.text}"`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={props.disabled}
                            onClick={() => props.onChange((list) => list.filter((d) => d.key !== q.key))}
                            aria-label={`Remove question "${q.text}"`}
                          >
                            Remove
                          </Button>
                        </>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <QuestionDraftDialog
        open={editor.open}
        topicTitle={topic.title}
        draft={editor.draft}
        date={props.date}
        history={props.history}
        busy={editSaved.isPending || copy.busy}
        title={editor.copyOf ? 'Edit a Linked Copy' : undefined}
        submitLabel={editor.copyOf ? 'Save as linked copy' : undefined}
        description={
          editor.copyOf
            ? `${topic.title}: the copy is added to the day you choose as an unsaved question, linked to this one so their results add up. This day's question stays as it is.`
            : editor.draft?.id
              ? `${topic.title}: already on this day with no answers yet; saved at once.`
              : undefined
        }
        notice={
          editor.copyOf ? (
            <div className="mb-4 grid gap-3">
              <p
                role="alert"
                className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950"
              >
                {editor.why}
              </p>
              <div>
                <label htmlFor={`copy-day-${topic.id}`} className={labelClass}>
                  Day for the copy
                </label>
                <select
                  id={`copy-day-${topic.id}`}
                  className={inputClass}
                  value={copy.day}
                  onChange={(event) => setCopy((c) => ({ ...c, day: event.target.value, error: null }))}
                >
                  {props.laterDays.map((day) => (
                    <option key={day} value={day}>
                      {formatDisplayDate(day)}
                    </option>
                  ))}
                </select>
                {copy.error ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {copy.error}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null
        }
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSubmit={(draft) => {
          if (editor.copyOf) {
            void addCopy(draft);
            return;
          }
          if (draft.id) {
            editSaved.mutate(draft);
            return;
          }
          props.onChange((list) =>
            list.some((d) => d.key === draft.key)
              ? list.map((d) => (d.key === draft.key ? draft : d))
              : [...list, draft],
          );
          setEditor({ open: false, draft: null });
        }}
      />
      <ImportDialog
        api={props.api}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        topicId={topic.id}
        topicTitle={topic.title}
        date={props.date}
        current={questions ?? []}
        onImported={props.onImported}
      />
    </section>
  );
}
