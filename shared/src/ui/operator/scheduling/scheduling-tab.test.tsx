// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../api-client/client';
import type { AdminQuestion, Topic } from '../../../contracts/admin';
import { toastStore } from '../../toaster';
import { SchedulingTab } from './scheduling-tab';
import { installDomTestHooks } from '../../dom.test-kit';

const TODAY = '2026-11-22';

installDomTestHooks();
// Unsaved edits are stored in this browser (draft-store.ts): every test starts without any.
beforeEach(() => localStorage.clear());

type Call = { method: string; path: string; body?: unknown };

/** An in-memory admin server behind the real API client; records every request in order. */
function fakeServer() {
  const calls: Call[] = [];
  const topics: Topic[] = [
    {
      id: 't1',
      title: 'Food',
      description: null,
      category: 'Life',
      isActive: true,
      createdAt: '',
      questionCount: 1,
    },
    {
      id: 't2',
      title: 'Money',
      description: null,
      category: 'Finance',
      isActive: true,
      createdAt: '',
      questionCount: 0,
    },
    {
      id: 't3',
      title: 'Retired',
      description: null,
      category: 'Old',
      isActive: false,
      createdAt: '',
      questionCount: 0,
    },
  ];
  const schedules: Record<string, string[]> = { [TODAY]: ['t1'] };
  let seq = 0;
  const questions: AdminQuestion[] = [];
  const add = (q: Partial<AdminQuestion> & Pick<AdminQuestion, 'topicId' | 'date' | 'text'>) => {
    seq += 1;
    const created: AdminQuestion = {
      id: `q${seq}`,
      type: 'multiple_choice',
      options: [],
      numericUnit: null,
      minValue: null,
      maxValue: null,
      imageUrl: null,
      linkedQuestionId: null,
      createdAt: '',
      answerCount: 0,
      topic: { title: topics.find((t) => t.id === q.topicId)?.title ?? '' },
      ...q,
    };
    questions.push(created);
    return created;
  };
  add({
    topicId: 't1',
    date: TODAY,
    text: 'Tea or coffee?',
    options: [
      { id: 'opt-1', text: 'Tea' },
      { id: 'opt-2', text: 'Coffee' },
    ],
  });

  const versions: Record<string, number> = { [TODAY]: 1 };
  const dayOf = (date: string) => ({
    date,
    version: versions[date] ?? 0,
    topics: (schedules[date] ?? []).map((topicId) => ({
      topicId,
      title: topics.find((t) => t.id === topicId)?.title ?? '',
      questions: questions.filter((q) => q.topicId === topicId && q.date === date),
    })),
  });

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const p = url.pathname;
    let m: RegExpMatchArray | null;
    if (p === '/api/admin/clock')
      return json({ ok: true, time: '', today: TODAY, timeZone: 'UTC', dayStartHour: 9 });
    if (p === '/api/admin/topics') return json(topics);
    if (p === '/api/admin/questions' && method === 'GET') return json(questions);
    if ((m = p.match(/^\/api\/admin\/days\/([\d-]+)$/))) {
      const date = m[1]!;
      if (method === 'PUT') {
        const input = body as {
          version: number;
          topics: { topicId: string; questions: ({ id: string } | AdminQuestion)[] }[];
        };
        if (input.version !== (versions[date] ?? 0))
          return json({ message: 'This day was changed by someone else since you opened it.' }, 409);
        schedules[date] = input.topics.map((t) => t.topicId);
        for (const t of input.topics) {
          const keep = new Set(t.questions.flatMap((q) => ('id' in q ? [q.id] : [])));
          for (let i = questions.length - 1; i >= 0; i -= 1)
            if (
              questions[i]!.topicId === t.topicId &&
              questions[i]!.date === date &&
              !keep.has(questions[i]!.id)
            )
              questions.splice(i, 1);
          for (const q of t.questions)
            if (!('id' in q)) add({ ...(q as AdminQuestion), topicId: t.topicId, date });
        }
        versions[date] = (versions[date] ?? 0) + 1;
        return json({ ...dayOf(date), changes: { added: 0, removed: 0, kept: 0, removedAnswers: 0 } });
      }
      return json(dayOf(date));
    }
    if ((m = p.match(/^\/api\/admin\/questions\/(\w+)$/)) && method === 'PATCH') {
      const q = questions.find((x) => x.id === m![1]);
      if (!q) return json({ message: 'Question not found', code: 'not_found' }, 404);
      if (q.answerCount > 0)
        return json({ message: 'This question already has answers.', code: 'question_has_answers' }, 409);
      Object.assign(q, body);
      return json(q);
    }
    if ((m = p.match(/^\/api\/admin\/topics\/(\w+)\/questions$/)))
      return json(questions.filter((q) => q.topicId === m![1] && q.date === url.searchParams.get('date')));
    return json({ message: 'Not found' }, 404);
  };
  const api = createApiClient({ fetch: fetchImpl as typeof fetch });
  return { api, calls, schedules, questions, versions };
}

function renderTab(server: ReturnType<typeof fakeServer>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SchedulingTab api={server.api} />
    </QueryClientProvider>,
  );
}

async function addDraft(topic: string, text: string, options = ['Yes', 'No']) {
  fireEvent.click(await screen.findByRole('button', { name: `Add Question to ${topic}` }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: text } });
  for (const [i, option] of options.entries())
    fireEvent.change(within(dialog).getByLabelText(`Option ${i + 1}`), { target: { value: option } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add Question' }));
  await screen.findByRole('listitem', { name: text });
}

const lastToast = () => toastStore.getSnapshot()[0];

describe('SchedulingTab', () => {
  it('shows 7 day tabs from the server today and the saved schedule of today', async () => {
    renderTab(fakeServer());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(7);
    expect(tabs[0]?.textContent).toMatch(/^Today/);
    expect(tabs[1]?.textContent).toContain('Mon 23 Nov');
    expect(await screen.findByRole('listitem', { name: 'Tea or coffee?' })).toBeTruthy();
    // Only active topics are offered.
    expect(screen.queryByRole('checkbox', { name: /Retired/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: /Food/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('refuses to save a topic without questions, then saves the whole day in one PUT', async () => {
    const server = fakeServer();
    renderTab(server);
    fireEvent.click((await screen.findAllByRole('tab'))[1]!);
    await screen.findByText('Select topics above to start adding questions for this day.');
    const save = screen.getByRole('button', { name: 'Save Schedule' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: /Money/ }));
    await screen.findByText('No questions yet. Add one or import a previous question.');
    await waitFor(() => expect(save.disabled).toBe(false));
    const before = server.calls.length;
    fireEvent.click(save);
    expect(lastToast()).toMatchObject({
      title: 'Validation Error',
      description: '"Money" has no questions',
      variant: 'destructive',
    });
    expect(server.calls.length).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Add Question to Money' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'How much do you save?' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Numeric' }));
    fireEvent.change(within(dialog).getByLabelText('Unit'), { target: { value: 'rand' } });
    fireEvent.change(within(dialog).getByLabelText('Min value'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Max value'), { target: { value: '900' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    await screen.findByRole('listitem', { name: 'How much do you save?' });

    const start = server.calls.length;
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(lastToast()?.title).toBe('Schedule saved!'));
    const writes = server.calls.slice(start).filter((c) => c.method !== 'GET');
    // One request saves the whole day.
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/admin/days/2026-11-23']);
    expect(writes[0]?.body).toEqual({
      version: 0,
      topics: [
        {
          topicId: 't2',
          questions: [
            {
              text: 'How much do you save?',
              imageUrl: null,
              linkedQuestionId: null,
              type: 'numeric',
              options: [],
              numericUnit: 'rand',
              minValue: 0,
              maxValue: 900,
            },
          ],
        },
      ],
    });
    expect(server.schedules['2026-11-23']).toEqual(['t2']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'How much do you save?' })).getByText('Saved'),
      ).toBeTruthy(),
    );
  });

  it('copies the previous day as unsaved drafts', async () => {
    const server = fakeServer();
    renderTab(server);
    fireEvent.click((await screen.findAllByRole('tab'))[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy from Previous Day' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Copied from previous day'));
    const item = await screen.findByRole('listitem', { name: 'Tea or coffee?' });
    expect(item.textContent).toContain('Unsaved');
    expect(item.textContent).toContain('Linked');
    expect(lastToast()?.description).toContain('1 topic and 1 question from 22 Nov');
    expect((screen.getByRole('checkbox', { name: /Food/ }) as HTMLInputElement).checked).toBe(true);
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);
    expect(server.calls.filter((c) => c.path.startsWith('/api/admin/days/2026-11-22'))).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('tab')[3]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy from Previous Day' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'No data to copy',
        description: 'No topics or questions were scheduled for 2026-11-24',
      }),
    );
    // The unsaved copy of the other day survives switching tabs.
    fireEvent.click(screen.getAllByRole('tab')[1]!);
    expect((await screen.findByRole('listitem', { name: 'Tea or coffee?' })).textContent).toContain(
      'Unsaved',
    );
  });

  it('removes a saved question on save only, after confirming', async () => {
    const server = fakeServer();
    renderTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete question "Tea or coffee?"' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('It has no answers yet.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Tea or coffee?' })).toBeNull());
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);
    expect(screen.getByText(/1 to remove/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Question to Food' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: 'Milk first?' } });
    fireEvent.change(within(dialog).getByLabelText('Option 1'), { target: { value: 'Yes' } });
    fireEvent.change(within(dialog).getByLabelText('Option 2'), { target: { value: 'No' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    await screen.findByRole('listitem', { name: 'Milk first?' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    });
    await waitFor(() => expect(lastToast()?.title).toBe('Schedule saved!'));
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      version: 1,
      topics: [{ topicId: 't1', questions: [{ text: 'Milk first?' }] }],
    });
    expect(server.questions.map((q) => q.text)).toEqual(['Milk first?']);
  });

  it('keeps the drafts on a stale save (409), lays them onto the day as it is now and says what changed', async () => {
    const server = fakeServer();
    renderTab(server);
    await addDraft('Food', 'Mine?');
    // Another operator edits the same day meanwhile.
    server.questions[0]!.text = 'Theirs?';
    server.versions[TODAY] = 2;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: this day changed while you were editing.');
    await waitFor(() =>
      expect(within(alert).getByRole('list', { name: 'What changed' }).textContent).toContain(
        'Question "Tea or coffee?" edited to "Theirs?"',
      ),
    );
    expect(lastToast()).toMatchObject({ title: 'Failed to save schedule', variant: 'destructive' });
    // Both the other operator's change and this operator's draft are on screen; saving again works.
    await screen.findByRole('listitem', { name: 'Theirs?' });
    expect(screen.getByRole('listitem', { name: 'Mine?' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    });
    await waitFor(() => expect(lastToast()?.title).toBe('Schedule saved!'));
    expect(server.questions.map((q) => q.text)).toEqual(['Theirs?', 'Mine?']);
  });

  it('keeps unsaved drafts across an unmount (tab switch, Settings, Exit, reload) in this browser', async () => {
    const server = fakeServer();
    const first = renderTab(server);
    fireEvent.click((await screen.findAllByRole('tab'))[2]!);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Money/ }));
    await addDraft('Money', 'Cash or card?');
    first.unmount();

    renderTab(server);
    // The same day opens again, with its draft and the unsaved marker.
    const item = await screen.findByRole('listitem', { name: 'Cash or card?' });
    expect(item.textContent).toContain('Unsaved');
    expect(screen.getAllByRole('tab')[2]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab')[2]!.textContent).toContain('(unsaved changes)');
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('asks before unticking a topic with unsaved questions', async () => {
    renderTab(fakeServer());
    await addDraft('Food', 'Milk first?');
    fireEvent.click(screen.getByRole('checkbox', { name: /Food/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Untick "Food"? Its 1 unsaved question');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Milk first?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Food/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Untick and discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Milk first?' })).toBeNull());
  });

  it('shows the linter as the operator types, without blocking the save', async () => {
    renderTab(fakeServer());
    fireEvent.click(await screen.findByRole('button', { name: 'Add Question to Food' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: "Don't you think tea is amazing?" },
    });
    const suggestions = within(dialog).getAllByRole('list', { name: 'Suggestions' });
    expect(suggestions[0]!.textContent).toContain('Leading wording');
    expect(suggestions[0]!.textContent).toContain('Loaded word');
    fireEvent.change(within(dialog).getByLabelText('Option 1'), { target: { value: 'Yes' } });
    fireEvent.change(within(dialog).getByLabelText('Option 2'), { target: { value: 'No' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    const item = await screen.findByRole('listitem', { name: "Don't you think tea is amazing?" });
    expect(within(item).getByRole('list', { name: 'Suggestions' }).textContent).toContain('Leading wording');
    expect((screen.getByRole('button', { name: 'Save Schedule' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the contract message for a draft the server would refuse', async () => {
    renderTab(fakeServer());
    fireEvent.click(await screen.findByRole('button', { name: 'Add Question to Food' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: 'One option?' } });
    fireEvent.change(within(dialog).getByLabelText('Option 1'), { target: { value: 'Only' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'A multiple choice question needs at least 2 options',
    );
  });

  it('offers an answered question as an edited linked copy for a later day, in one click', async () => {
    const server = fakeServer();
    server.questions[0]!.answerCount = 3;
    renderTab(server);
    const item = await screen.findByRole('listitem', { name: 'Tea or coffee?' });
    expect(within(item).queryByRole('button', { name: 'Edit question "Tea or coffee?"' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Edit a linked copy of "Tea or coffee?"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit a Linked Copy' });
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'It has 3 answers, so it cannot be edited',
    );
    expect((within(dialog).getByLabelText('Day for the copy') as HTMLSelectElement).value).toBe('2026-11-23');
    fireEvent.change(within(dialog).getByLabelText('Day for the copy'), { target: { value: '2026-11-24' } });
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'Tea or coffee today?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save as linked copy' }));

    // The copy waits on the chosen day, which is now shown; nothing was sent and the original is untouched.
    const copy = await screen.findByRole('listitem', { name: 'Tea or coffee today?' });
    expect(copy.textContent).toContain('Unsaved');
    expect(copy.textContent).toContain('Linked');
    expect(screen.getAllByRole('tab')[2]?.getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('checkbox', { name: /Food/ }) as HTMLInputElement).checked).toBe(true);
    expect(lastToast()?.title).toBe('Linked copy added');
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    });
    await waitFor(() => expect(lastToast()?.title).toBe('Schedule saved!'));
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/admin/days/2026-11-24');
    expect(put?.body).toMatchObject({
      topics: [{ topicId: 't1', questions: [{ text: 'Tea or coffee today?', linkedQuestionId: 'q1' }] }],
    });
    expect(server.questions[0]).toMatchObject({ text: 'Tea or coffee?', date: TODAY });
  });

  it('keeps the edit when the question was answered meanwhile (409) and saves it as a linked copy', async () => {
    const server = fakeServer();
    renderTab(server);
    const item = await screen.findByRole('listitem', { name: 'Tea or coffee?' });
    fireEvent.click(within(item).getByRole('button', { name: 'Edit question "Tea or coffee?"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Question' });
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'Tea, coffee or water?' },
    });
    server.questions[0]!.answerCount = 1; // a player answers while the editor types
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    });
    const again = await screen.findByRole('dialog', { name: 'Edit a Linked Copy' });
    expect(within(again).getByRole('alert').textContent).toBe('This question already has answers.');
    expect((within(again).getByLabelText('Question') as HTMLTextAreaElement).value).toBe(
      'Tea, coffee or water?',
    );
    fireEvent.click(within(again).getByRole('button', { name: 'Save as linked copy' }));
    const copy = await screen.findByRole('listitem', { name: 'Tea, coffee or water?' });
    expect(copy.textContent).toContain('Linked');
    expect(screen.getAllByRole('tab')[1]?.getAttribute('aria-selected')).toBe('true');
    expect(server.questions[0]?.text).toBe('Tea or coffee?');
  });
});
