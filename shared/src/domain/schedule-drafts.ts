/**
 * Question scheduling drafts (product.md#screens "Question Scheduling", #flows schedule editing, #validation): pure rules, no
 * network. A day's draft is the list of selected topics plus, per topic, the questions the operator wants
 * on that day: questions already on the server carry their `id`, unsaved drafts have none. Saving sends the
 * whole draft as one PUT /api/admin/days/{date} (`saveDayInput`), which the server applies atomically.
 */
import {
  MAX_TOPICS_PER_SCHEDULE,
  NewDayQuestionSchema,
  QUESTION_MESSAGES,
  SCHEDULE_MESSAGES,
  type AdminQuestion,
  type Day,
  type NewDayQuestion,
  type SaveDayInput,
} from '../contracts/admin';
import type { QuestionOption, QuestionType } from '../contracts/daily';
import { lintQuestion, type LintContext, type LintWarning } from './question-lint';

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
  /** Answers the saved question already has (removing it from the day deletes them on save). */
  answerCount?: number;
};

export type DayDraft = {
  topicIds: string[];
  /** Per selected topic, its question list for the day. */
  questions: Record<string, QuestionDraft[]>;
};

export const DUPLICATE_IMPORT_MESSAGE = QUESTION_MESSAGES.duplicateImport;
export const EMPTY_DAY_TEXT = 'Select topics above to start adding questions for this day.';

let keyCounter = 0;
/** Unique per page load, so drafts restored from storage never share a key with new ones. */
const keyPrefix = `draft-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A fresh client key for an unsaved draft. */
export function newDraftKey(): string {
  keyCounter += 1;
  return `${keyPrefix}-${keyCounter}`;
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

/**
 * Import Previous (product.md#endpoints import body): the source's content as a new unsaved draft linked to the source's
 * link group for result aggregation; it is created with the rest of the day on "Save Schedule".
 */
export function importedDraft(source: AdminQuestion): QuestionDraft {
  return { ...draftCopyOf(source), linkedQuestionId: source.linkedQuestionId ?? source.id };
}

/** An empty unsaved draft; multiple choice starts with two empty options (product.md#limits). */
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

/** product.md#validation: same text for the topic and date, ignoring case and surrounding spaces. */
export function isDuplicateQuestion(text: string, existing: Iterable<{ text: string }>): boolean {
  const wanted = normalizeQuestionText(text);
  for (const q of existing) if (normalizeQuestionText(q.text) === wanted) return true;
  return false;
}

/**
 * What a new draft sends (product.md#validation): blank options dropped and the rest numbered opt-1.. by position, numeric
 * questions send no options, multiple-choice questions send no unit or range.
 */
export function questionContentOf(d: QuestionDraft): NewDayQuestion {
  const base = { text: d.text.trim(), imageUrl: d.imageUrl, linkedQuestionId: d.linkedQuestionId };
  if (d.type === 'numeric')
    return {
      ...base,
      type: 'numeric',
      options: [],
      numericUnit: d.numericUnit.trim() || null,
      minValue: d.minValue,
      maxValue: d.maxValue,
    };
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

/**
 * Why an unsaved draft cannot be saved as it stands, or null: the contract schema's own message (the rule
 * is written once, in shared/src/contracts). Saved questions and blank drafts have none here: blank drafts
 * are skipped on save and the per-topic "has no questions" rule covers a topic left with none.
 */
export function questionDraftProblem(d: QuestionDraft): string | null {
  if (d.id || d.text.trim() === '') return null;
  return questionContentProblem(d);
}

/** The contract schema's first message for the draft's content (blank text included), or null when valid. */
export function questionContentProblem(d: QuestionDraft): string | null {
  const parsed = NewDayQuestionSchema.safeParse(questionContentOf(d));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid question');
}

export type ValidationResult = { ok: true } | { ok: false; emptyTopicIds: string[]; message: string };

/**
 * product.md#validation schedule save rule: every selected topic needs at least one question with non-blank text;
 * the message lists '"{title}" has no questions' per topic, joined with commas. product.md#play-rules's 20-topic cap and
 * drafts the server would refuse are listed too, so the operator hears it before saving.
 */
export function validateDayDraft(draft: DayDraft, titleOf: (topicId: string) => string): ValidationResult {
  const emptyTopicIds: string[] = [];
  const problems: string[] = [];
  if (draft.topicIds.length > MAX_TOPICS_PER_SCHEDULE) problems.push(SCHEDULE_MESSAGES.tooManyTopics);
  for (const topicId of draft.topicIds) {
    const list = draft.questions[topicId] ?? [];
    if (!list.some((q) => q.text.trim() !== '')) emptyTopicIds.push(topicId);
    for (const q of list) {
      const problem = questionDraftProblem(q);
      if (problem) problems.push(`"${titleOf(topicId)}": "${q.text.trim()}": ${problem}`);
    }
  }
  if (emptyTopicIds.length === 0 && problems.length === 0) return { ok: true };
  const message = [...emptyTopicIds.map((id) => `"${titleOf(id)}" has no questions`), ...problems].join(', ');
  return { ok: false, emptyTopicIds, message };
}

/** product.md#flows: on saving, selected topics that are no longer active are dropped. */
export function dropInactiveTopics(draft: DayDraft, activeTopicIds: Iterable<string>): DayDraft {
  const active = new Set(activeTopicIds);
  const topicIds = draft.topicIds.filter((id) => active.has(id));
  const questions: Record<string, QuestionDraft[]> = {};
  for (const id of topicIds) questions[id] = draft.questions[id] ?? [];
  return { topicIds, questions };
}

/**
 * The body of PUT /api/admin/days/{date}: every topic in order, saved questions by id, new drafts by their
 * content (blank drafts skipped), and the version the day was loaded at (a stale one gets 409).
 */
export function saveDayInput(draft: DayDraft, version: number): SaveDayInput {
  return {
    version,
    topics: draft.topicIds.map((topicId) => ({
      topicId,
      questions: (draft.questions[topicId] ?? [])
        .filter((q) => q.id || q.text.trim() !== '')
        .map((q) => (q.id ? { id: q.id } : questionContentOf(q))),
    })),
  };
}

/** Saved questions of the day that the draft no longer lists: deleted, with their answers, on save. */
export function removedQuestions(
  draft: DayDraft,
  saved: Record<string, readonly QuestionDraft[]>,
): QuestionDraft[] {
  const out: QuestionDraft[] = [];
  for (const topicId of draft.topicIds) {
    const kept = new Set((draft.questions[topicId] ?? []).flatMap((q) => (q.id ? [q.id] : [])));
    for (const q of saved[topicId] ?? []) if (q.id && !kept.has(q.id)) out.push(q);
  }
  return out;
}

export type CopyOutcome =
  | {
      kind: 'copied';
      fromDate: string;
      topicIds: string[];
      questions: Record<string, QuestionDraft[]>;
      questionCount: number;
      /** Topics of the previous day left out because they are no longer active. */
      skippedTopics: number;
    }
  | { kind: 'empty'; fromDate: string };

/**
 * Copy from Previous Day (product.md#flows): the previous day's topics (active ones only) and their questions as new
 * unsaved drafts (no ids) for review, each linked to its original's link group (`importedDraft`), so results
 * aggregate across the two days and the linter does not ask to import it instead. It replaces the day's
 * drafts (see DayEditor); the counts are exactly what the day then holds.
 */
export function copyOfDay(previous: Day, activeTopicIds: Iterable<string>): CopyOutcome {
  const active = new Set(activeTopicIds);
  const topics = previous.topics.filter((t) => active.has(t.topicId));
  if (topics.length === 0) return { kind: 'empty', fromDate: previous.date };
  const questions: Record<string, QuestionDraft[]> = {};
  let questionCount = 0;
  for (const t of topics) {
    questions[t.topicId] = t.questions.map(importedDraft);
    questionCount += t.questions.length;
  }
  return {
    kind: 'copied',
    fromDate: previous.date,
    topicIds: topics.map((t) => t.topicId),
    questions,
    questionCount,
    skippedTopics: previous.topics.length - topics.length,
  };
}

/**
 * A saved question that can no longer be edited (it has answers) as an edited, unsaved copy for a later day:
 * `edited`'s content, linked to `original`'s link group like an import, so the two days' results
 * aggregate and the original stays as its players answered it.
 */
export function linkedCopyOf(original: QuestionDraft, edited: QuestionDraft): QuestionDraft {
  const { id: _id, answerCount: _answers, ...content } = edited;
  return {
    ...content,
    key: newDraftKey(),
    linkedQuestionId: original.linkedQuestionId ?? original.id ?? null,
  };
}

/**
 * A new draft added to another day's edits under `topicId`: the topic is selected there (after the day's saved
 * topics) and the draft goes after the topic's current list (`savedList` when the day has no edits for it).
 * A question with the same text for that topic and day is refused with the import rule's message.
 */
export function withAddedDraft(
  edits: DayEdits,
  savedTopicIds: readonly string[],
  topicId: string,
  savedList: readonly QuestionDraft[],
  draft: QuestionDraft,
): { ok: true; edits: DayEdits } | { ok: false; message: string } {
  const list = edits.questions[topicId] ?? savedList;
  if (isDuplicateQuestion(draft.text, list)) return { ok: false, message: DUPLICATE_IMPORT_MESSAGE };
  const topicIds = edits.topicIds ?? [...savedTopicIds];
  return {
    ok: true,
    edits: {
      topicIds: topicIds.includes(topicId) ? topicIds : [...topicIds, topicId],
      questions: { ...edits.questions, [topicId]: [...list, draft] },
    },
  };
}

/** What an editor changed and has not saved: `topicIds` undefined = the saved schedule; missing topic = saved list. */
export type DayEdits = { topicIds?: string[]; questions: Record<string, QuestionDraft[]> };

/**
 * After a 409: the editor's edits laid onto the day as the server now holds it. Unsaved drafts stay as they
 * are; a saved question the editor kept stays only if it still exists (with the server's current content);
 * saved questions someone else added to a topic the editor had changed are kept too, so saving again removes
 * only what this editor removed.
 */
export function reapplyEdits(edits: DayEdits, before: Day, after: Day): DayEdits {
  const beforeIds = new Set(before.topics.flatMap((t) => t.questions.map((q) => q.id)));
  const questions: Record<string, QuestionDraft[]> = {};
  for (const [topicId, list] of Object.entries(edits.questions)) {
    const now = after.topics.find((t) => t.topicId === topicId)?.questions ?? [];
    const current = new Map(now.map((q) => [q.id, q]));
    const kept = list.flatMap((q) => {
      if (!q.id) return [q];
      const stored = current.get(q.id);
      return stored ? [draftFromServer(stored)] : [];
    });
    const listed = new Set(kept.flatMap((q) => (q.id ? [q.id] : [])));
    const added = now.filter((q) => !beforeIds.has(q.id) && !listed.has(q.id)).map(draftFromServer);
    questions[topicId] = [...kept, ...added];
  }
  return edits.topicIds === undefined ? { questions } : { topicIds: edits.topicIds, questions };
}

/** One line per change between two readings of a day, in words an editor reads (the 409 notice). */
export function dayChanges(before: Day, after: Day, titleOf: (topicId: string) => string): string[] {
  const out: string[] = [];
  const beforeTopics = before.topics.map((t) => t.topicId);
  const afterTopics = after.topics.map((t) => t.topicId);
  for (const id of afterTopics) if (!beforeTopics.includes(id)) out.push(`Topic "${titleOf(id)}" added`);
  for (const id of beforeTopics) if (!afterTopics.includes(id)) out.push(`Topic "${titleOf(id)}" removed`);
  const all = (d: Day) => new Map(d.topics.flatMap((t) => t.questions.map((q) => [q.id, q] as const)));
  const was = all(before);
  const is = all(after);
  for (const [id, q] of is) {
    const old = was.get(id);
    if (!old) out.push(`Question "${q.text}" added to "${titleOf(q.topicId)}"`);
    else if (
      old.text !== q.text ||
      JSON.stringify(old.options) !== JSON.stringify(q.options) ||
      old.numericUnit !== q.numericUnit ||
      old.minValue !== q.minValue ||
      old.maxValue !== q.maxValue
    )
      out.push(
        old.text === q.text ? `Question "${q.text}" edited` : `Question "${old.text}" edited to "${q.text}"`,
      );
  }
  for (const [id, q] of was)
    if (!is.has(id)) out.push(`Question "${q.text}" removed from "${titleOf(q.topicId)}"`);
  return out;
}

/** The linter's warnings for a draft (the saved question itself is left out of the "asked before" history). */
export function lintDraft(d: QuestionDraft, ctx: LintContext): LintWarning[] {
  return lintQuestion(
    {
      text: d.text,
      type: d.type,
      options: d.options.map((o) => o.text),
      minValue: d.minValue,
      maxValue: d.maxValue,
      numericUnit: d.numericUnit,
      linkedQuestionId: d.linkedQuestionId,
    },
    { ...ctx, history: ctx.history?.filter((h) => h.id !== d.id) },
  );
}
