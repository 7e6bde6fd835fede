/**
 * Question scheduling drafts (SPEC §2 "Question Scheduling", §4 schedule editing, §5, §7 save sequence, §8).
 * A day's draft is the list of selected topics plus, per topic, the questions the operator wants on that
 * day: questions already on the server carry their `id`, unsaved drafts have none. Saving applies the
 * difference to the server in the SPEC §7 order. No React here: the scheduler tab and the tests share it.
 */
import type { ApiClient } from '../api-client/client';
import { ApiError } from '../api-client/api-error';
import type { AdminQuestion, CreateQuestionInput } from '../contracts/admin';
import type { QuestionOption, QuestionType } from '../contracts/daily';
import { addDays } from './game-day';

export type DraftOption = { text: string; icon?: string };

export type QuestionDraft = {
  /** Stable client key for lists and edits; the server id for saved questions. */
  key: string;
  /** Present only for questions that exist on the server. */
  id?: string;
  text: string;
  type: QuestionType;
  options: DraftOption[];
  numericUnit: string;
  minValue: number | null;
  maxValue: number | null;
  imageUrl: string | null;
  linkedQuestionId: string | null;
  /** Answers the saved question already has (deleting it removes them). */
  answerCount?: number;
};

export type DayDraft = {
  topicIds: string[];
  /** Per selected topic, its question list for the day. */
  questions: Record<string, QuestionDraft[]>;
};

/** The API calls the scheduler needs; `ApiClient` satisfies it, tests pass a recording fake. */
export type ScheduleApi = {
  admin: Pick<
    ApiClient['admin'],
    'schedule' | 'saveSchedule' | 'topicQuestions' | 'createQuestion' | 'deleteQuestion'
  >;
};

export const DUPLICATE_IMPORT_MESSAGE = 'This question has already been imported for this topic and date.';
export const EMPTY_DAY_TEXT = 'Select topics above to start adding questions for this day.';

let keyCounter = 0;
/** A fresh client key for an unsaved draft. */
export function newDraftKey(): string {
  keyCounter += 1;
  return `draft-${keyCounter}`;
}

function optionFromServer(option: QuestionOption): DraftOption {
  if (typeof option === 'string') return { text: option };
  return option.icon ? { text: option.text, icon: option.icon } : { text: option.text };
}

/** A saved server question as a draft (keeps its id). */
export function draftFromServer(q: AdminQuestion): QuestionDraft {
  return {
    key: q.id,
    id: q.id,
    text: q.text,
    type: q.type,
    options: q.options.map(optionFromServer),
    numericUnit: q.numericUnit ?? '',
    minValue: q.minValue,
    maxValue: q.maxValue,
    imageUrl: q.imageUrl,
    linkedQuestionId: q.linkedQuestionId,
    answerCount: q.answerCount,
  };
}

/**
 * A server question turned into a new unsaved draft (no id, no answers): Copy from Previous Day.
 * Its link is kept: a copy of an imported question stays in that link group and keeps sharing results,
 * while a copy of an unlinked question starts results of its own.
 */
export function draftCopyOf(q: AdminQuestion): QuestionDraft {
  const { id: _id, answerCount: _answers, ...rest } = draftFromServer(q);
  return { ...rest, key: newDraftKey() };
}

/** An empty unsaved draft; multiple choice starts with two empty options (SPEC §9). */
export function emptyDraft(type: QuestionType = 'multiple_choice', optionCount = 2): QuestionDraft {
  return {
    key: newDraftKey(),
    text: '',
    type,
    options: type === 'multiple_choice' ? Array.from({ length: optionCount }, () => ({ text: '' })) : [],
    numericUnit: '',
    minValue: null,
    maxValue: null,
    imageUrl: null,
    linkedQuestionId: null,
  };
}

export function normalizeQuestionText(text: string): string {
  return text.trim().toLowerCase();
}

/** SPEC §5: same text for the topic and date, ignoring case and surrounding spaces. */
export function isDuplicateQuestion(text: string, existing: Iterable<{ text: string }>): boolean {
  const wanted = normalizeQuestionText(text);
  for (const q of existing) if (normalizeQuestionText(q.text) === wanted) return true;
  return false;
}

/**
 * Why a draft cannot be saved as it stands, or null. Blank text is not an error here: blank drafts are
 * skipped on save and the per-topic "has no questions" rule covers a topic left with none.
 */
export function questionDraftProblem(d: QuestionDraft): string | null {
  if (d.id || d.text.trim() === '') return null;
  if (d.type === 'multiple_choice') {
    if (d.options.filter((o) => o.text.trim() !== '').length < 2) return 'needs at least 2 options';
    return null;
  }
  for (const v of [d.minValue, d.maxValue])
    if (v !== null && !Number.isInteger(v)) return 'min and max must be whole numbers';
  if (d.minValue !== null && d.maxValue !== null && d.minValue > d.maxValue)
    return 'min must not be above max';
  return null;
}

export type ValidationResult = { ok: true } | { ok: false; emptyTopicIds: string[]; message: string };

/**
 * SPEC §5 schedule save rule: every selected topic needs at least one question with non-blank text;
 * the message lists '"{title}" has no questions' per topic, joined with commas. Drafts the server would
 * refuse are listed after it, so nothing is half-saved.
 */
export function validateDayDraft(draft: DayDraft, titleOf: (topicId: string) => string): ValidationResult {
  const emptyTopicIds: string[] = [];
  const problems: string[] = [];
  for (const topicId of draft.topicIds) {
    const list = draft.questions[topicId] ?? [];
    if (!list.some((q) => q.text.trim() !== '')) emptyTopicIds.push(topicId);
    for (const q of list) {
      const problem = questionDraftProblem(q);
      if (problem) problems.push(`"${titleOf(topicId)}": "${q.text.trim()}" ${problem}`);
    }
  }
  if (emptyTopicIds.length === 0 && problems.length === 0) return { ok: true };
  const message = [...emptyTopicIds.map((id) => `"${titleOf(id)}" has no questions`), ...problems].join(', ');
  return { ok: false, emptyTopicIds, message };
}

/** SPEC §4: on saving, selected topics that are no longer active are dropped. */
export function dropInactiveTopics(draft: DayDraft, activeTopicIds: Iterable<string>): DayDraft {
  const active = new Set(activeTopicIds);
  const topicIds = draft.topicIds.filter((id) => active.has(id));
  const questions: Record<string, QuestionDraft[]> = {};
  for (const id of topicIds) questions[id] = draft.questions[id] ?? [];
  return { topicIds, questions };
}

/** The POST body for an unsaved draft (SPEC §5): blank options dropped, numeric sends no options, MC no unit. */
export function createInputFromDraft(topicId: string, date: string, d: QuestionDraft): CreateQuestionInput {
  const base = {
    topicId,
    date,
    text: d.text.trim(),
    imageUrl: d.imageUrl,
    linkedQuestionId: d.linkedQuestionId,
  };
  if (d.type === 'numeric') {
    return {
      ...base,
      type: 'numeric',
      options: [],
      numericUnit: d.numericUnit.trim() || null,
      minValue: d.minValue,
      maxValue: d.maxValue,
    };
  }
  const kept = d.options.map((o) => ({ ...o, text: o.text.trim() })).filter((o) => o.text !== '');
  return {
    ...base,
    type: 'multiple_choice',
    options: kept.map((o, i) => ({
      id: `opt-${i + 1}`,
      text: o.text,
      ...(o.icon ? { icon: o.icon } : {}),
      isCorrect: false,
    })),
    numericUnit: null,
    minValue: null,
    maxValue: null,
  };
}

export type SaveResult = {
  date: string;
  topicIds: string[];
  deletedIds: string[];
  created: AdminQuestion[];
};

/**
 * SPEC §7 save sequence: PUT the day's topics; then per topic GET its questions for the date, DELETE the
 * server questions no longer in the draft, POST each new draft (blank-text drafts are skipped). Steps
 * run one after another so a failure stops at a known point; the caller invalidates its caches either way.
 */
export async function saveSchedule(
  api: ScheduleApi,
  date: string,
  draft: DayDraft,
  options: { activeTopicIds?: Iterable<string> } = {},
): Promise<SaveResult> {
  const day = options.activeTopicIds ? dropInactiveTopics(draft, options.activeTopicIds) : draft;
  await api.admin.saveSchedule(date, day.topicIds);
  const deletedIds: string[] = [];
  const created: AdminQuestion[] = [];
  for (const topicId of day.topicIds) {
    const list = day.questions[topicId] ?? [];
    const server = await api.admin.topicQuestions(topicId, date);
    const kept = new Set(list.flatMap((q) => (q.id ? [q.id] : [])));
    for (const q of server) {
      if (kept.has(q.id)) continue;
      await api.admin.deleteQuestion(q.id);
      deletedIds.push(q.id);
    }
    for (const q of list) {
      if (q.id || q.text.trim() === '') continue;
      created.push(await api.admin.createQuestion(createInputFromDraft(topicId, date, q)));
    }
  }
  return { date, topicIds: day.topicIds, deletedIds, created };
}

export type CopyOutcome =
  | {
      kind: 'copied';
      fromDate: string;
      topicIds: string[];
      questions: Record<string, QuestionDraft[]>;
      questionCount: number;
    }
  | { kind: 'empty'; fromDate: string }
  | { kind: 'failed'; fromDate: string; error: unknown };

/**
 * Copy from Previous Day (SPEC §4): the previous day's topic ids (active ones, when known) and their
 * questions as new unsaved drafts (no ids) for review. A day with no schedule reads as empty (a 404 too).
 */
export async function copyFromPreviousDay(
  api: ScheduleApi,
  date: string,
  options: { activeTopicIds?: Iterable<string> } = {},
): Promise<CopyOutcome> {
  const fromDate = addDays(date, -1);
  try {
    let topicIds: string[];
    try {
      topicIds = (await api.admin.schedule(fromDate)).topicIds;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) topicIds = [];
      else throw err;
    }
    if (options.activeTopicIds) {
      const active = new Set(options.activeTopicIds);
      topicIds = topicIds.filter((id) => active.has(id));
    }
    const questions: Record<string, QuestionDraft[]> = {};
    let questionCount = 0;
    for (const topicId of topicIds) {
      const list = (await api.admin.topicQuestions(topicId, fromDate)).map(draftCopyOf);
      questions[topicId] = list;
      questionCount += list.length;
    }
    if (topicIds.length === 0) return { kind: 'empty', fromDate };
    return { kind: 'copied', fromDate, topicIds, questions, questionCount };
  } catch (error) {
    return { kind: 'failed', fromDate, error };
  }
}

/**
 * Lays a copy over the day being edited: topics are added to the selection (none is removed) and each
 * copied draft is appended unless that topic already has a question with the same text, so copying
 * twice or onto a day that was already filled does not create duplicates.
 */
export function mergeCopiedDay(
  current: DayDraft,
  copy: { topicIds: string[]; questions: Record<string, QuestionDraft[]> },
): DayDraft {
  const topicIds = [...current.topicIds];
  for (const id of copy.topicIds) if (!topicIds.includes(id)) topicIds.push(id);
  const questions: Record<string, QuestionDraft[]> = {};
  for (const id of topicIds) {
    const list = [...(current.questions[id] ?? [])];
    for (const q of copy.questions[id] ?? []) if (!isDuplicateQuestion(q.text, list)) list.push(q);
    questions[id] = list;
  }
  return { topicIds, questions };
}

/** SPEC §7 import body: the source's content, linked to the source's link group for result aggregation. */
export function importInput(source: AdminQuestion, topicId: string, date: string): CreateQuestionInput {
  return {
    topicId,
    date,
    text: source.text,
    type: source.type,
    options: source.options,
    numericUnit: source.numericUnit,
    minValue: source.minValue,
    maxValue: source.maxValue,
    imageUrl: source.imageUrl,
    linkedQuestionId: source.linkedQuestionId ?? source.id,
  };
}

export type ImportOutcome =
  | { kind: 'imported'; question: AdminQuestion }
  | { kind: 'duplicate' }
  | { kind: 'check_failed'; error: unknown }
  | { kind: 'failed'; error: unknown };

/**
 * Import Previous (SPEC §2/§5/§7): load the topic's questions for the date ("Checking..."), refuse a
 * duplicate of those or of the operator's unsaved drafts, then POST the linked copy ("Importing...").
 * A 409 from the server (a duplicate created meanwhile) is reported as a duplicate too.
 */
export async function importQuestion(
  api: ScheduleApi,
  input: {
    source: AdminQuestion;
    topicId: string;
    date: string;
    unsavedDrafts?: readonly { text: string }[];
  },
  onPhase?: (phase: 'checking' | 'importing') => void,
): Promise<ImportOutcome> {
  onPhase?.('checking');
  let existing: AdminQuestion[];
  try {
    existing = await api.admin.topicQuestions(input.topicId, input.date);
  } catch (error) {
    return { kind: 'check_failed', error };
  }
  if (isDuplicateQuestion(input.source.text, [...existing, ...(input.unsavedDrafts ?? [])]))
    return { kind: 'duplicate' };
  onPhase?.('importing');
  try {
    const question = await api.admin.createQuestion(importInput(input.source, input.topicId, input.date));
    return { kind: 'imported', question };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'duplicate' };
    return { kind: 'failed', error };
  }
}
