import { describe, expect, it } from 'vitest';
import { SaveDayInputSchema, type AdminQuestion, type Day } from '../contracts/admin';
import {
  DUPLICATE_IMPORT_MESSAGE,
  copyOfDay,
  draftFromServer,
  dropInactiveTopics,
  emptyDraft,
  importedDraft,
  isDuplicateQuestion,
  linkedCopyOf,
  withAddedDraft,
  reapplyEdits,
  dayChanges,
  questionContentOf,
  removedQuestions,
  saveDayInput,
  validateDayDraft,
  type DayDraft,
  type QuestionDraft,
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

const titles: Record<string, string> = { t1: 'Food', t2: 'Money', t3: 'Travel' };
const titleOf = (id: string) => titles[id] ?? id;

function mc(text: string, options: string[] = ['A', 'B']): QuestionDraft {
  const d = emptyDraft('multiple_choice');
  return { ...d, text, options: options.map((o) => ({ text: o })) };
}

describe('saveDayInput (PUT /api/admin/days body)', () => {
  it('sends every topic in order, saved questions by id, new drafts by content, blank drafts skipped', () => {
    const saved = draftFromServer(question({ topicId: 't1', date: '2026-11-23', text: 'Kept?' }));
    const numeric = {
      ...emptyDraft('numeric'),
      text: ' Cups? ',
      numericUnit: ' cups ',
      minValue: 0,
      maxValue: 9,
    };
    const draft: DayDraft = {
      topicIds: ['t2', 't1'],
      questions: { t1: [saved, mc('New?', ['Tea', ' ', 'Coffee']), mc('   ')], t2: [numeric] },
    };
    const body = saveDayInput(draft, 7);
    expect(body).toEqual({
      version: 7,
      topics: [
        {
          topicId: 't2',
          questions: [
            {
              text: 'Cups?',
              imageUrl: null,
              linkedQuestionId: null,
              type: 'numeric',
              options: [],
              numericUnit: 'cups',
              minValue: 0,
              maxValue: 9,
            },
          ],
        },
        {
          topicId: 't1',
          questions: [
            { id: saved.id },
            {
              text: 'New?',
              imageUrl: null,
              linkedQuestionId: null,
              type: 'multiple_choice',
              options: [
                { id: 'opt-1', text: 'Tea', isCorrect: false },
                { id: 'opt-2', text: 'Coffee', isCorrect: false },
              ],
              numericUnit: null,
              minValue: null,
              maxValue: null,
            },
          ],
        },
      ],
    });
    // What the client sends is what the contract accepts.
    expect(SaveDayInputSchema.safeParse(body).success).toBe(true);
  });

  it('keeps option icons and renumbers ids by position', () => {
    const d: QuestionDraft = {
      ...mc('Pick'),
      options: [{ text: '' }, { text: 'Cat', icon: '🐱' }, { text: 'Dog' }],
    };
    expect(questionContentOf(d).options).toEqual([
      { id: 'opt-1', text: 'Cat', icon: '🐱', isCorrect: false },
      { id: 'opt-2', text: 'Dog', isCorrect: false },
    ]);
  });

  it('lists the saved questions a save would delete', () => {
    const a = draftFromServer(question({ topicId: 't1', date: 'd', answerCount: 4 }));
    const b = draftFromServer(question({ topicId: 't1', date: 'd' }));
    const draft: DayDraft = { topicIds: ['t1'], questions: { t1: [b, mc('New')] } };
    expect(removedQuestions(draft, { t1: [a, b] })).toEqual([a]);
  });
});

describe('validateDayDraft (product.md#validation)', () => {
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

  it('refuses drafts the server would reject, with the contract messages', () => {
    const numeric = { ...emptyDraft('numeric'), text: 'Cups?', minValue: 5, maxValue: 1 };
    const draft: DayDraft = {
      topicIds: ['t1', 't2'],
      questions: { t1: [mc('One option', ['A', ' '])], t2: [numeric] },
    };
    const result = validateDayDraft(draft, titleOf);
    expect(result).toEqual({
      ok: false,
      emptyTopicIds: [],
      message:
        '"Food": "One option": A multiple choice question needs at least 2 options, "Money": "Cups?": Minimum must not be above maximum',
    });
  });

  it('says a day holds at most 20 topics before saving (product.md#play-rules)', () => {
    const ids = Array.from({ length: 21 }, (_, i) => `x${i}`);
    const draft: DayDraft = {
      topicIds: ids,
      questions: Object.fromEntries(ids.map((id) => [id, [mc('Q')]])),
    };
    const result = validateDayDraft(draft, titleOf);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('A day holds at most 20 topics');
  });

  it('drops topics that are no longer active', () => {
    const draft: DayDraft = { topicIds: ['t1', 't2'], questions: { t1: [mc('A')], t2: [mc('B')] } };
    expect(dropInactiveTopics(draft, ['t2'])).toEqual({
      topicIds: ['t2'],
      questions: { t2: draft.questions.t2 },
    });
  });
});

describe('copyOfDay (Copy from Previous Day)', () => {
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
  const previous: Day = {
    date: '2026-11-22',
    version: 3,
    topics: [
      { topicId: 't1', title: 'Food', questions: [a] },
      { topicId: 't2', title: 'Money', questions: [b] },
      { topicId: 't3', title: 'Travel', questions: [] },
    ],
  };

  it('turns the previous day into drafts without ids, linked to their originals, active topics only', () => {
    const outcome = copyOfDay(previous, ['t1', 't2']);
    expect(outcome.kind).toBe('copied');
    if (outcome.kind !== 'copied') return;
    expect(outcome).toMatchObject({
      fromDate: '2026-11-22',
      topicIds: ['t1', 't2'],
      questionCount: 2,
      skippedTopics: 1,
    });
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
      linkedQuestionId: b.id,
    });
  });

  it('reports an empty previous day (no schedule or only inactive topics)', () => {
    expect(copyOfDay({ date: '2026-11-22', version: 0, topics: [] }, ['t1'])).toEqual({
      kind: 'empty',
      fromDate: '2026-11-22',
    });
    expect(copyOfDay(previous, ['t9'])).toEqual({ kind: 'empty', fromDate: '2026-11-22' });
  });

  it('lays the edits onto the day as the server now holds it (409 re-apply)', () => {
    const kept = question({ topicId: 't1', date: '2026-11-23', text: 'Kept?' });
    const gone = question({ topicId: 't1', date: '2026-11-23', text: 'Deleted elsewhere?' });
    const removedHere = question({ topicId: 't1', date: '2026-11-23', text: 'Removed by me?' });
    const before: Day = {
      date: '2026-11-23',
      version: 1,
      topics: [{ topicId: 't1', title: 'Food', questions: [kept, gone, removedHere] }],
    };
    const theirs = question({ topicId: 't1', date: '2026-11-23', text: 'Added by them?' });
    const after: Day = {
      date: '2026-11-23',
      version: 2,
      topics: [
        {
          topicId: 't1',
          title: 'Food',
          questions: [{ ...kept, text: 'Kept, edited?' }, removedHere, theirs],
        },
      ],
    };
    const mine = mc('My new draft?');
    const edits = {
      topicIds: ['t1', 't2'],
      questions: { t1: [draftFromServer(kept), draftFromServer(gone), mine] },
    };
    const again = reapplyEdits(edits, before, after);
    expect(again.topicIds).toEqual(['t1', 't2']);
    expect(again.questions.t1?.map((q) => q.text)).toEqual([
      'Kept, edited?',
      'My new draft?',
      'Added by them?',
    ]);

    const titleOf = (id: string) => ({ t1: 'Food', t2: 'Money' })[id] ?? id;
    expect(dayChanges(before, after, titleOf)).toEqual([
      'Question "Kept?" edited to "Kept, edited?"',
      'Question "Added by them?" added to "Food"',
      'Question "Deleted elsewhere?" removed from "Food"',
    ]);
  });
});

describe('import', () => {
  it('compares trimmed text ignoring case', () => {
    expect(isDuplicateQuestion('  Tea Or COFFEE?  ', [{ text: 'tea or coffee?' }])).toBe(true);
    expect(isDuplicateQuestion('Tea or coffee', [{ text: 'tea or coffee?' }])).toBe(false);
    expect(isDuplicateQuestion('Anything', [])).toBe(false);
    expect(DUPLICATE_IMPORT_MESSAGE).toBe('This question has already been imported for this topic and date.');
  });

  it('makes an unsaved draft linked to the source, or to the source’s own link root', () => {
    const root = question({ topicId: 't1', date: '2026-11-01' });
    const child = question({ topicId: 't1', date: '2026-11-10', linkedQuestionId: root.id });
    expect(importedDraft(root).id).toBeUndefined();
    expect(importedDraft(root)).toMatchObject({ linkedQuestionId: root.id, text: root.text });
    expect(importedDraft(child)).toMatchObject({
      linkedQuestionId: root.id,
      options: [{ text: 'Yes' }, { text: 'No' }],
    });
  });
});

describe('linked copy of an answered question', () => {
  it('takes the edited content, drops id and answers, and links to the original’s group', () => {
    const original = draftFromServer(question({ topicId: 't1', date: '2026-11-20', answerCount: 12 }));
    const edited = { ...original, text: 'Fixed typo?' };
    const copy = linkedCopyOf(original, edited);
    expect(copy).toMatchObject({ text: 'Fixed typo?', linkedQuestionId: original.id });
    expect(copy.id).toBeUndefined();
    expect(copy.answerCount).toBeUndefined();
    expect(copy.key).not.toBe(original.key);

    const imported = { ...original, linkedQuestionId: 'q-root' };
    expect(linkedCopyOf(imported, imported).linkedQuestionId).toBe('q-root');
  });

  it('adds the copy to another day: selects the topic after the saved ones and appends to its list', () => {
    const saved = draftFromServer(question({ topicId: 't2', date: '2026-11-21', text: 'Saved one' }));
    const copy = linkedCopyOf(saved, { ...saved, text: 'New one' });
    const added = withAddedDraft({ questions: {} }, ['t1'], 't2', [saved], copy);
    expect(added).toEqual({ ok: true, edits: { topicIds: ['t1', 't2'], questions: { t2: [saved, copy] } } });

    // Existing edits of that day are kept, and a topic already selected is not added twice.
    const edits = { topicIds: ['t2'], questions: { t2: [copy] } };
    const again = withAddedDraft(edits, ['t1'], 't2', [saved], { ...copy, key: 'k2', text: 'Third' });
    expect(again.ok && again.edits.topicIds).toEqual(['t2']);
    expect(again.ok && again.edits.questions.t2?.map((q) => q.text)).toEqual(['New one', 'Third']);

    expect(withAddedDraft(edits, ['t1'], 't2', [saved], { ...copy, text: ' new ONE ' })).toEqual({
      ok: false,
      message: DUPLICATE_IMPORT_MESSAGE,
    });
  });
});
