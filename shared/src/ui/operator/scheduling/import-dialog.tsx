import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useDeferredValue, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../../api-client/client';
import type { AdminQuestion } from '../../../contracts/admin';
import { formatDisplayDate } from '../../../domain/game-day';
import {
  DUPLICATE_IMPORT_MESSAGE,
  draftCopyOf,
  importedDraft,
  isDuplicateQuestion,
  type QuestionDraft,
} from '../../../domain/schedule-drafts';
import { toast } from '../../toaster';
import { Badge, Button, inputClass, labelClass } from '../primitives';
import { schedulingKeys } from './scheduling-keys';

function failureToast(title: string, error: unknown) {
  // A 401 locks the console in the host's cache handler; a toast on top would only repeat it.
  if (error instanceof ApiError && error.status === 401) return;
  toast({
    title,
    description: error instanceof Error ? error.message : String(error),
    variant: 'destructive',
  });
}

/**
 * Import Previous Question (product.md#screens, #validation, #errors), grown into the question bank: earlier questions of this topic
 * or of every topic, searched by any words (GET /api/admin/questions/search), each with Import (the copy
 * linked to the source for result aggregation) and Duplicate (an unlinked copy to reword); a duplicate of
 * the day's list is refused; closes on success. The copy joins the day as an unsaved draft and is created
 * with the rest of the day by "Save Schedule" (one atomic save per day).
 */
export function ImportDialog(props: {
  api: ApiClient;
  open: boolean;
  onClose: () => void;
  topicId: string;
  topicTitle: string;
  date: string;
  /** The topic's questions for the day as edited (saved and unsaved): importing one of them again is a duplicate. */
  current: readonly { text: string }[];
  onImported: (draft: QuestionDraft) => void;
}) {
  const { api, topicId, date } = props;
  const [duplicateId, setDuplicateId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [allTopics, setAllTopics] = useState(false);
  const term = useDeferredValue(search.trim());
  const ids = { search: useId(), scope: useId() };

  const importable = useQuery({
    queryKey: [...schedulingKeys.importable(allTopics ? '*' : topicId, date), term],
    queryFn: async () => {
      try {
        return await api.admin.searchQuestions({
          q: term,
          before: date,
          limit: 50,
          ...(allTopics ? {} : { topicId }),
        });
      } catch (error) {
        failureToast('Failed to fetch importable questions', error);
        throw error;
      }
    },
    enabled: props.open,
    placeholderData: keepPreviousData,
  });

  function runImport(source: AdminQuestion, linked: boolean) {
    setDuplicateId(null);
    if (isDuplicateQuestion(source.text, props.current)) {
      setDuplicateId(source.id);
      toast({ title: 'Already imported', description: DUPLICATE_IMPORT_MESSAGE, variant: 'destructive' });
      return;
    }
    toast(
      linked
        ? {
            title: 'Question imported!',
            description: 'The question has been imported and linked for result aggregation.',
            variant: 'success',
          }
        : {
            title: 'Question duplicated',
            description: 'An unlinked copy was added as a draft: edit it, then save the day.',
            variant: 'success',
          },
    );
    props.onImported(linked ? importedDraft(source) : { ...draftCopyOf(source), linkedQuestionId: null });
    props.onClose();
  }

  const close = () => {
    setDuplicateId(null);
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          data-testid="import-dialog-panel"
          className="flex max-h-[80vh] w-full max-w-2xl flex-col overflow-hidden rounded-xl bg-white shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold text-slate-900">
                Import Previous Question
              </DialogTitle>
              <p className="mt-1 text-sm text-slate-600">
                {props.topicTitle} · for {formatDisplayDate(date)}. Imported questions share community results
                with the original.
              </p>
            </div>
            <Button variant="ghost" size="sm" onClick={close}>
              Close
            </Button>
          </div>
          <div className="grid gap-3 border-b border-slate-100 px-6 py-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <div>
              <label htmlFor={ids.search} className={labelClass}>
                Search earlier questions
              </label>
              <input
                id={ids.search}
                type="search"
                className={inputClass}
                value={search}
                placeholder="Any words, e.g. breakfast"
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <label htmlFor={ids.scope} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                id={ids.scope}
                type="checkbox"
                className="accent-brand-700 size-4"
                checked={allTopics}
                onChange={(e) => setAllTopics(e.target.checked)}
              />
              All topics
            </label>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
            {importable.isPending ? (
              <p role="status" className="py-8 text-center text-sm text-slate-600">
                Loading previous questions...
              </p>
            ) : importable.isError ? (
              <p role="alert" className="py-8 text-center text-sm text-red-700">
                Failed to fetch importable questions
              </p>
            ) : importable.data.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-600">
                {term
                  ? `No earlier questions match "${term}"${allTopics ? '' : ' in this topic'}.`
                  : allTopics
                    ? 'No previous questions found.'
                    : 'No previous questions found for this topic.'}
              </p>
            ) : (
              <ul className="grid gap-3" aria-label="Previous questions">
                {importable.data.map((q) => {
                  return (
                    <li key={q.id} aria-label={q.text} className="rounded-lg border border-slate-200 p-4">
                      <div className="flex items-start justify-between gap-4">
                        <div className="min-w-0">
                          <p className="font-medium break-words text-slate-900">{q.text}</p>
                          <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                            <span>{formatDisplayDate(q.date)}</span>
                            {q.topicId !== topicId ? <Badge>{q.topic.title}</Badge> : null}
                            <Badge tone="brand">{q.type === 'numeric' ? 'Numeric' : 'Multiple choice'}</Badge>
                            {q.type === 'numeric' && q.numericUnit ? <Badge>{q.numericUnit}</Badge> : null}
                            {q.linkedQuestionId ? <Badge tone="tea">Linked</Badge> : null}
                            <span>
                              {q.answerCount} {q.answerCount === 1 ? 'answer' : 'answers'}
                            </span>
                          </p>
                          {q.type === 'multiple_choice' && q.options.length > 0 ? (
                            <p className="mt-1.5 truncate text-xs text-slate-600">
                              {q.options.map((o) => (typeof o === 'string' ? o : o.text)).join(' · ')}
                            </p>
                          ) : null}
                        </div>
                        <span className="flex shrink-0 flex-col gap-1.5 sm:flex-row">
                          <Button
                            size="sm"
                            variant="primary"
                            onClick={() => runImport(q, true)}
                            aria-label={`Import "${q.text}"`}
                          >
                            Import
                          </Button>
                          <Button
                            size="sm"
                            onClick={() => runImport(q, false)}
                            aria-label={`Duplicate "${q.text}"`}
                          >
                            Duplicate
                          </Button>
                        </span>
                      </div>
                      {duplicateId === q.id ? (
                        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                          {DUPLICATE_IMPORT_MESSAGE}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
