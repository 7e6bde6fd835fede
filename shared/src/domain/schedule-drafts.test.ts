import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client/api-error';
import type { AdminQuestion, CreateQuestionInput, DailySchedule } from '../contracts/admin';
import {
  DUPLICATE_IMPORT_MESSAGE,
  copyFromPreviousDay,
  createInputFromDraft,
  draftFromServer,
  dropInactiveTopics,
  emptyDraft,
  importInput,
  importQuestion,
  isDuplicateQuestion,
  mergeCopiedDay,
  saveSchedule,
  validateDayDraft,
  type DayDraft,
  type QuestionDraft,
  type ScheduleApi,
} from './schedule-drafts';

let seq = 0;
function question(partial: Partial<AdminQuestion> & { topicId: string; date: string }): AdminQuestion {
  seq += 1;
  return {
    id: `q-${seq}`,
    text: `Question ${seq}`,
    type: 'multiple_choice',
    options: [
      { id: 'opt-1', text: 'Yes', isCorrect: false },
      { id: 'opt-2', text: 'No', isCorrect: false },
    ],
    numericUnit: null,
    minValue: null,
    maxValue: null,
    imageUrl: null,
    linkedQuestionId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    answerCount: 0,
    topic: { title: 'Topic' },
    ...partial,
  };
}

type Call = [string, ...unknown[]];

/** An in-memory admin API that records every call in order. */
function fakeApi(
  init: {
    schedules?: Record<string, string[]>;
    questions?: AdminQuestion[];
    fail?: (call: Call) => Error | null;
  } = {},
) {
  const calls: Call[] = [];
  const schedules = new Map(Object.entries(init.schedules ?? {}));
  let questions = [...(init.questions ?? [])];
  const record = (call: Call) => {
    calls.push(call);
    const error = init.fail?.(call);
    if (error) throw error;
  };
  const api: ScheduleApi = {
    admin: {
      async schedule(date: string): Promise<DailySchedule> {
        record(['GET schedule', date]);
        const topicIds = schedules.get(date);
        if (!topicIds) throw new ApiError(404, 'Not found');
        return { date, topicIds };
      },
      async saveSchedule(date: string, topicIds: string[]): Promise<DailySchedule> {
        record(['PUT schedule', date, topicIds]);
        schedules.set(date, topicIds);
        return { date, topicIds };
      },
      async topicQuestions(topicId: string, date: string) {
        record(['GET questions', topicId, date]);
        return questions.filter((q) => q.topicId === topicId && q.date === date);
      },
      async createQuestion(input: CreateQuestionInput) {
        record(['POST question', input]);
        const created = question({
          topicId: input.topicId,
          date: input.date,
          text: input.text,
          type: input.type ?? 'multiple_choice',
          options: input.options ?? [],
          numericUnit: input.numericUnit ?? null,
          minValue: input.minValue ?? null,
          maxValue: input.maxValue ?? null,
          linkedQuestionId: input.linkedQuestionId ?? null,
        });
        questions.push(created);
        return created;
      },
      async deleteQuestion(id: string) {
        record(['DELETE question', id]);
        questions = questions.filter((q) => q.id !== id);
        return { ok: true as const };
      },
    },
  };
  return { api, calls, questions: () => questions, schedules };
}

const titles: Record<string, string> = { t1: 'Food', t2: 'Money', t3: 'Travel' };
const titleOf = (id: string) => titles[id] ?? id;

function mc(text: string, options: string[] = ['A', 'B']): QuestionDraft {
  const d = emptyDraft('multiple_choice');
  return { ...d, text, options: options.map((o) => ({ text: o })) };
}

describe('saveSchedule (SPEC §7 sequence)', () => {
  it('PUTs the day, then per topic GETs, DELETEs removed server questions and POSTs new drafts, in that order', async () => {
    const keep = question({ topicId: 't1', date: '2026-11-23', text: 'Keep me' });
    const gone = question({ topicId: 't1', date: '2026-11-23', text: 'Remove me' });
    const other = question({ topicId: 't2', date: '2026-11-23', text: 'Other topic' });
    const { api, calls, questions } = fakeApi({ questions: [keep, gone, other] });
    const draft: DayDraft = {
      topicIds: ['t1', 't2'],
      questions: {
        t1: [draftFromServer(keep), mc('  New one  ', ['  Red ', '', 'Blue'])],
        t2: [
          draftFromServer(other),
          { ...emptyDraft('numeric'), text: 'How many?', numericUnit: ' cups ', minValue: 0, maxValue: 20 },
        ],
      },
    };

    const result = await saveSchedule(api, '2026-11-23', draft);

    expect(calls.map((c) => c[0])).toEqual([
      'PUT schedule',
      'GET questions',
      'DELETE question',
      'POST question',
      'GET questions',
      'POST question',
    ]);
    expect(calls[0]).toEqual(['PUT schedule', '2026-11-23', ['t1', 't2']]);
    expect(calls[1]).toEqual(['GET questions', 't1', '2026-11-23']);
    expect(calls[2]).toEqual(['DELETE question', gone.id]);
    expect(calls[3]?.[1]).toMatchObject({
      topicId: 't1',
      date: '2026-11-23',
      text: 'New one',
      type: 'multiple_choice',
      options: [
        { id: 'opt-1', text: 'Red', isCorrect: false },
        { id: 'opt-2', text: 'Blue', isCorrect: false },
      ],
      numericUnit: null,
    });
    expect(calls[5]?.[1]).toMatchObject({
      topicId: 't2',
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    expect(result.deletedIds).toEqual([gone.id]);
    expect(result.created.map((q) => q.text)).toEqual(['New one', 'How many?']);
    expect(
      questions()
        .map((q) => q.text)
        .sort(),
    ).toEqual(['How many?', 'Keep me', 'New one', 'Other topic']);
  });

  it('skips blank drafts, drops inactive topics and stops at the first failure', async () => {
    const { api, calls } = fakeApi({
      fail: (call) => (call[0] === 'POST question' ? new ApiError(400, 'Question text is required') : null),
    });
    const draft: DayDraft = {
      topicIds: ['t1', 't3'],
      questions: { t1: [mc('   '), mc('Real')], t3: [mc('Never')] },
    };
    await expect(saveSchedule(api, '2026-11-23', draft, { activeTopicIds: ['t1'] })).rejects.toThrow(
      'Question text is required',
    );
    expect(calls).toEqual([
      ['PUT schedule', '2026-11-23', ['t1']],
      ['GET questions', 't1', '2026-11-23'],
      ['POST question', expect.objectContaining({ text: 'Real' })],
    ]);
  });

  it('saving an unchanged day only reads', async () => {
    const q = question({ topicId: 't1', date: '2026-11-24' });
    const { api, calls } = fakeApi({ questions: [q] });
    const result = await saveSchedule(api, '2026-11-24', {
      topicIds: ['t1'],
      questions: { t1: [draftFromServer(q)] },
    });
    expect(calls.map((c) => c[0])).toEqual(['PUT schedule', 'GET questions']);
    expect(result).toEqual({ date: '2026-11-24', topicIds: ['t1'], deletedIds: [], created: [] });
  });
});

describe('validateDayDraft (SPEC §5)', () => {
  it('lists every selected topic without a non-blank question, joined with commas', () => {
    const draft: DayDraft = { topicIds: ['t1', 't2', 't3'], questions: { t1: [mc('  ')], t2: [mc('Fine')] } };
    expect(validateDayDraft(draft, titleOf)).toEqual({
      ok: false,
      emptyTopicIds: ['t1', 't3'],
      message: '"Food" has no questions, "Travel" has no questions',
    });
  });

  it('accepts a day where each topic has a question', () => {
    const draft: DayDraft = { topicIds: ['t1'], questions: { t1: [mc('Fine'), mc('')] } };
    expect(validateDayDraft(draft, titleOf)).toEqual({ ok: true });
  });

  it('refuses drafts the server would reject', () => {
    const numeric = { ...emptyDraft('numeric'), text: 'Cups?', minValue: 5, maxValue: 1 };
    const draft: DayDraft = {
      topicIds: ['t1', 't2'],
      questions: { t1: [mc('One option', ['A', ' '])], t2: [numeric] },
    };
    const result = validateDayDraft(draft, titleOf);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.emptyTopicIds).toEqual([]);
      expect(result.message).toBe(
        '"Food": "One option" needs at least 2 options, "Money": "Cups?" min must not be above max',
      );
    }
  });

  it('drops topics that are no longer active', () => {
    const draft: DayDraft = { topicIds: ['t1', 't2'], questions: { t1: [mc('A')], t2: [mc('B')] } };
    expect(dropInactiveTopics(draft, ['t2'])).toEqual({
      topicIds: ['t2'],
      questions: { t2: draft.questions.t2 },
    });
  });
});

describe('copyFromPreviousDay', () => {
  it('loads the previous day as drafts without ids', async () => {
    const a = question({
      topicId: 't1',
      date: '2026-11-22',
      text: 'Tea or coffee?',
      linkedQuestionId: 'root',
      answerCount: 9,
    });
    const b = question({
      topicId: 't2',
      date: '2026-11-22',
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 9,
    });
    const { api, calls } = fakeApi({ schedules: { '2026-11-22': ['t1', 't2', 't3'] }, questions: [a, b] });
    const outcome = await copyFromPreviousDay(api, '2026-11-23', { activeTopicIds: ['t1', 't2'] });
    expect(calls).toEqual([
      ['GET schedule', '2026-11-22'],
      ['GET questions', 't1', '2026-11-22'],
      ['GET questions', 't2', '2026-11-22'],
    ]);
    expect(outcome.kind).toBe('copied');
    if (outcome.kind !== 'copied') return;
    expect(outcome.fromDate).toBe('2026-11-22');
    expect(outcome.topicIds).toEqual(['t1', 't2']);
    expect(outcome.questionCount).toBe(2);
    const copied = [...(outcome.questions.t1 ?? []), ...(outcome.questions.t2 ?? [])];
    for (const d of copied) {
      expect(d.id).toBeUndefined();
      expect(d.answerCount).toBeUndefined();
      expect(d.key).not.toBe(a.id);
    }
    expect(copied[0]).toMatchObject({
      text: 'Tea or coffee?',
      options: [{ text: 'Yes' }, { text: 'No' }],
      linkedQuestionId: 'root',
    });
    expect(copied[1]).toMatchObject({
      type: 'numeric',
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 9,
      linkedQuestionId: null,
    });
  });

  it('reports an empty previous day (no schedule or only inactive topics)', async () => {
    expect(await copyFromPreviousDay(fakeApi().api, '2026-11-23')).toEqual({
      kind: 'empty',
      fromDate: '2026-11-22',
    });
    const { api } = fakeApi({ schedules: { '2026-11-22': ['t3'] } });
    expect(await copyFromPreviousDay(api, '2026-11-23', { activeTopicIds: ['t1'] })).toEqual({
      kind: 'empty',
      fromDate: '2026-11-22',
    });
  });

  it('reports a failed load', async () => {
    const boom = new ApiError(500, 'Something went wrong');
    const { api } = fakeApi({
      schedules: { '2026-11-22': ['t1'] },
      fail: (c) => (c[0] === 'GET questions' ? boom : null),
    });
    expect(await copyFromPreviousDay(api, '2026-11-23')).toEqual({
      kind: 'failed',
      fromDate: '2026-11-22',
      error: boom,
    });
  });

  it('merges a copy into the day without duplicates or dropping selected topics', () => {
    const existing = draftFromServer(question({ topicId: 't1', date: '2026-11-23', text: 'Tea or coffee?' }));
    const current: DayDraft = { topicIds: ['t3', 't1'], questions: { t3: [mc('Beach?')], t1: [existing] } };
    const copy = {
      topicIds: ['t1', 't2'],
      questions: { t1: [mc(' TEA or coffee? '), mc('Milk first?')], t2: [mc('Budget?')] },
    };
    const merged = mergeCopiedDay(current, copy);
    expect(merged.topicIds).toEqual(['t3', 't1', 't2']);
    expect(merged.questions.t1?.map((q) => q.text)).toEqual(['Tea or coffee?', 'Milk first?']);
    expect(merged.questions.t2?.map((q) => q.text)).toEqual(['Budget?']);
    expect(merged.questions.t3?.map((q) => q.text)).toEqual(['Beach?']);
  });
});

describe('import', () => {
  it('compares trimmed text ignoring case', () => {
    expect(isDuplicateQuestion('  Tea Or COFFEE?  ', [{ text: 'tea or coffee?' }])).toBe(true);
    expect(isDuplicateQuestion('Tea or coffee', [{ text: 'tea or coffee?' }])).toBe(false);
    expect(isDuplicateQuestion('Anything', [])).toBe(false);
  });

  it('links to the source, or to the source’s own link root', () => {
    const root = question({ topicId: 't1', date: '2026-11-01' });
    const child = question({ topicId: 't1', date: '2026-11-10', linkedQuestionId: root.id });
    expect(importInput(root, 't1', '2026-11-23').linkedQuestionId).toBe(root.id);
    expect(importInput(child, 't1', '2026-11-23')).toMatchObject({
      topicId: 't1',
      date: '2026-11-23',
      text: child.text,
      options: child.options,
      linkedQuestionId: root.id,
    });
  });

  it('checks the existing questions, then posts the linked copy', async () => {
    const source = question({ topicId: 't1', date: '2026-11-01', text: 'Tea or coffee?' });
    const { api, calls } = fakeApi({ questions: [source] });
    const phases: string[] = [];
    const outcome = await importQuestion(api, { source, topicId: 't1', date: '2026-11-23' }, (p) =>
      phases.push(p),
    );
    expect(phases).toEqual(['checking', 'importing']);
    expect(calls.map((c) => c[0])).toEqual(['GET questions', 'POST question']);
    expect(outcome.kind).toBe('imported');
    if (outcome.kind === 'imported')
      expect(outcome.question).toMatchObject({ date: '2026-11-23', linkedQuestionId: source.id });

    const again = await importQuestion(api, { source, topicId: 't1', date: '2026-11-23' });
    expect(again).toEqual({ kind: 'duplicate' });
    expect(calls.map((c) => c[0])).toEqual(['GET questions', 'POST question', 'GET questions']);
    expect(DUPLICATE_IMPORT_MESSAGE).toBe('This question has already been imported for this topic and date.');
  });

  it('refuses a duplicate of an unsaved draft and maps a server 409 to a duplicate', async () => {
    const source = question({ topicId: 't1', date: '2026-11-01', text: 'Tea or coffee?' });
    const { api, calls } = fakeApi();
    expect(
      await importQuestion(api, {
        source,
        topicId: 't1',
        date: '2026-11-23',
        unsavedDrafts: [{ text: 'tea OR coffee?' }],
      }),
    ).toEqual({
      kind: 'duplicate',
    });
    expect(calls.map((c) => c[0])).toEqual(['GET questions']);

    const conflict = fakeApi({
      fail: (c) => (c[0] === 'POST question' ? new ApiError(409, DUPLICATE_IMPORT_MESSAGE) : null),
    });
    expect(await importQuestion(conflict.api, { source, topicId: 't1', date: '2026-11-23' })).toEqual({
      kind: 'duplicate',
    });
  });

  it('tells a failed check from a failed import', async () => {
    const source = question({ topicId: 't1', date: '2026-11-01' });
    const down = new ApiError(500, 'Down');
    const check = fakeApi({ fail: (c) => (c[0] === 'GET questions' ? down : null) });
    expect(await importQuestion(check.api, { source, topicId: 't1', date: '2026-11-23' })).toEqual({
      kind: 'check_failed',
      error: down,
    });
    const post = fakeApi({ fail: (c) => (c[0] === 'POST question' ? down : null) });
    expect(await importQuestion(post.api, { source, topicId: 't1', date: '2026-11-23' })).toEqual({
      kind: 'failed',
      error: down,
    });
  });
});

describe('createInputFromDraft', () => {
  it('keeps option icons and renumbers ids by position', () => {
    const d: QuestionDraft = {
      ...mc('Pick'),
      options: [{ text: '' }, { text: 'Cat', icon: '🐱' }, { text: 'Dog' }],
    };
    expect(createInputFromDraft('t1', '2026-11-23', d).options).toEqual([
      { id: 'opt-1', text: 'Cat', icon: '🐱', isCorrect: false },
      { id: 'opt-2', text: 'Dog', isCorrect: false },
    ]);
  });
});
