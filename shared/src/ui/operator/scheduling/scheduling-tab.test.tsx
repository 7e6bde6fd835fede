// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../api-client/client';
import type { AdminQuestion, Topic } from '../../../contracts/admin';
import { dismissToast, toastStore } from '../../toaster';
import { SchedulingTab } from './scheduling-tab';

const TODAY = '2026-11-22';

beforeAll(() => {
  // Headless UI measures elements; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  dismissToast();
});

type Call = { method: string; path: string; body?: unknown };

/** An in-memory admin server behind the real API client; records every request in order. */
function fakeServer(opts: { failDelete?: boolean } = {}) {
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
    if ((m = p.match(/^\/api\/admin\/daily-topics\/([\d-]+)$/))) {
      const date = m[1]!;
      if (method === 'PUT') schedules[date] = (body as { topicIds: string[] }).topicIds;
      return json({ date, topicIds: schedules[date] ?? [] });
    }
    if ((m = p.match(/^\/api\/admin\/topics\/(\w+)\/questions$/)))
      return json(questions.filter((q) => q.topicId === m![1] && q.date === url.searchParams.get('date')));
    if (p === '/api/admin/questions' && method === 'POST') return json(add(body as AdminQuestion), 201);
    if ((m = p.match(/^\/api\/admin\/questions\/(\w+)$/)) && method === 'DELETE') {
      if (opts.failDelete) return json({ message: 'Something went wrong' }, 500);
      questions.splice(
        questions.findIndex((q) => q.id === m![1]),
        1,
      );
      return json({ ok: true });
    }
    return json({ message: 'Not found' }, 404);
  };
  const api = createApiClient({ fetch: fetchImpl as typeof fetch });
  return { api, calls, schedules, questions };
}

function renderTab(server: ReturnType<typeof fakeServer>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SchedulingTab api={server.api} />
    </QueryClientProvider>,
  );
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

  it('refuses to save a topic without questions, then saves a new draft in the SPEC §7 order', async () => {
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
    const writes = server.calls
      .slice(start)
      .filter((c) => !(c.method === 'GET' && !c.path.includes('/questions')));
    expect(writes.slice(0, 3).map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/admin/daily-topics/2026-11-23',
      'GET /api/admin/topics/t2/questions?date=2026-11-23',
      'POST /api/admin/questions',
    ]);
    expect(writes[2]?.body).toMatchObject({
      topicId: 't2',
      date: '2026-11-23',
      type: 'numeric',
      options: [],
      numericUnit: 'rand',
      minValue: 0,
      maxValue: 900,
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
    expect((screen.getByRole('checkbox', { name: /Food/ }) as HTMLInputElement).checked).toBe(true);
    expect(server.calls.some((c) => c.method !== 'GET')).toBe(false);

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

  it('deletes a saved question after confirming, and keeps it when the delete fails', async () => {
    const failing = fakeServer({ failDelete: true });
    renderTab(failing);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete question "Tea or coffee?"' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to delete question',
        description: 'There was an error deleting the question. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('listitem', { name: 'Tea or coffee?' })).toBeTruthy();
    cleanup();

    const server = fakeServer();
    renderTab(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete question "Tea or coffee?"' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Question deleted',
        description: 'Question and any associated user answers have been removed.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Tea or coffee?' })).toBeNull());
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/questions/q1',
    ]);
    expect(server.questions).toHaveLength(0);
  });
});
