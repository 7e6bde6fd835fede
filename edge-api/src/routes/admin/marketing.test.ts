import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKit, type AdminKit } from './admin.test-kit';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit('2026-06-01T12:00:00.000Z');
});
afterAll(() => kit.close());

describe('GET /api/marketing/questions', () => {
  it('lists the last 14 game days, answered first, with link-group counts per option', async () => {
    const topic = await kit.topic({ title: 'Brews' });
    // Day 1 (2026-06-01): the source question, answered twice.
    await kit.admin.put('/api/admin/daily-topics/2026-06-01', { topicIds: [topic.id] });
    const source = await kit.question(topic.id, '2026-06-01', {
      text: 'Milk first?',
      options: ['Yes', { text: 'No', icon: '🙅' }, 'Never tea'],
    });
    const [a, b, c] = [
      await kit.player({ gender: 'male' }),
      await kit.player({ gender: 'female' }),
      await kit.player(),
    ];
    await kit.answer(a, topic.id, source.id, { selectedOptionId: 'opt-1' });
    await kit.answer(b, topic.id, source.id, { selectedOptionId: 'opt-2' });

    // Day 10: imported (linked) and answered once more; the counts aggregate the group.
    kit.setNow('2026-06-10T12:00:00.000Z');
    await kit.admin.put('/api/admin/daily-topics/2026-06-10', { topicIds: [topic.id] });
    const imported = await kit.admin.post('/api/admin/questions', {
      topicId: topic.id,
      date: '2026-06-10',
      text: 'Milk first?',
      options: ['Yes', 'No', 'Never tea'],
      linkedQuestionId: source.id,
    });
    await kit.answer(c, topic.id, imported.body.id, { selectedOptionId: 'opt-1' });
    const numeric = await kit.question(topic.id, '2026-06-10', {
      text: 'Cups?',
      type: 'numeric',
      options: [],
      minValue: 0,
      maxValue: 9,
    });
    await kit.answer(c, topic.id, numeric.id, { numericValue: 4 });
    const unanswered = await kit.question(topic.id, '2026-06-10', { text: 'Unanswered' });
    await kit.question(topic.id, '2026-06-11', { text: 'Tomorrow' });

    // 2026-06-15: the 14 game days are 06-02 .. 06-15, so the source day has dropped out.
    kit.setNow('2026-06-15T12:00:00.000Z');
    const res = await kit.call('GET', '/api/marketing/questions', { token: await kit.tokenFor('marketing') });
    expect(res.status).toBe(200);
    const texts = res.body.map((q: { text: string }) => q.text);
    expect(texts.slice(0, 2).sort()).toEqual(['Cups?', 'Milk first?']);
    expect(texts.slice(2).sort()).toEqual(['Tomorrow', 'Unanswered']);
    const milk = res.body.find((q: { id: string }) => q.id === imported.body.id);
    expect(milk).toEqual({
      id: imported.body.id,
      text: 'Milk first?',
      type: 'multiple_choice',
      topicTitle: 'Brews',
      date: '2026-06-10',
      options: ['Yes', 'No', 'Never tea'],
      totalAnswers: 3,
      optionCounts: { 'opt-1': 2, 'opt-2': 1, 'opt-3': 0 },
      // Nobody here is a South African with census categories: no weighted split, and why (ADR 0294).
      weighted: null,
      weightedWithheld: {
        reason: 'no_respondents',
        effectiveSampleSize: 0,
        minEffectiveSample: 30,
        respondents: 0,
        excluded: 3,
      },
    });
    expect(res.body.find((q: { id: string }) => q.id === numeric.id)).toMatchObject({
      type: 'numeric',
      options: [],
      totalAnswers: 1,
      optionCounts: {},
    });
    expect(res.body.find((q: { id: string }) => q.id === unanswered.id)).toMatchObject({
      totalAnswers: 0,
      optionCounts: { 'opt-1': 0, 'opt-2': 0, 'opt-3': 0 },
      weighted: null,
      weightedWithheld: { reason: 'no_respondents', respondents: 0, excluded: 0 },
    });
    expect(res.body.some((q: { id: string }) => q.id === source.id)).toBe(false);

    // On 06-14 the source day is the 14th game day back, still inside.
    kit.setNow('2026-06-14T12:00:00.000Z');
    const edge = (
      await kit.call('GET', '/api/marketing/questions', { token: await kit.tokenFor('marketing') })
    ).body;
    expect(edge.some((q: { id: string }) => q.id === source.id)).toBe(true);

    // Back on 06-10 the source day is inside the window, and the future day is not.
    kit.setNow('2026-06-10T12:00:00.000Z');
    const earlier = (
      await kit.call('GET', '/api/marketing/questions', { token: await kit.tokenFor('admin') })
    ).body;
    expect(earlier.find((q: { id: string }) => q.id === source.id)).toMatchObject({
      options: ['Yes', 'No', 'Never tea'],
      totalAnswers: 3,
    });
    expect(earlier.some((q: { text: string }) => q.text === 'Tomorrow')).toBe(false);
  });
});
