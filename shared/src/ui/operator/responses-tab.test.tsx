// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api-client/client';
import type { AdminAnswer, AdminQuestion } from '../../contracts/admin';
import { toast, toastStore } from '../toaster';
import type { AdminMutationMeta } from './admin-keys';
import { browserDownloadTarget, type ExportTarget } from '../export-target';
import { ResponsesTab } from './responses-tab';
import { installDomTestHooks } from '../dom.test-kit';

installDomTestHooks(() => vi.unstubAllGlobals());

const question = (
  id: string,
  date: string,
  text: string,
  answerCount = 0,
  topic = { id: 't1', title: 'Morning Rituals' },
): AdminQuestion => ({
  id,
  topicId: topic.id,
  date,
  text,
  type: 'multiple_choice',
  options: [],
  numericUnit: null,
  minValue: null,
  maxValue: null,
  imageUrl: null,
  linkedQuestionId: null,
  createdAt: '',
  answerCount,
  topic: { title: topic.title },
});

const LONG = 'How many cups of tea do you drink on an average working day, including the cold ones?';

function setup(
  questions: AdminQuestion[],
  answers: AdminAnswer[],
  opts: { failDelete?: boolean; exportTarget?: ExportTarget } = {},
) {
  const calls: { method: string; url: URL }[] = [];
  let list = [...answers];
  let extra = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (url.pathname === '/api/admin/questions') return json(questions);
    if (url.pathname === '/api/admin/clock')
      return json({
        ok: true,
        time: '2026-11-23T10:00:00Z',
        today: '2026-11-23',
        timeZone: 'UTC',
        dayStartHour: 0,
      });
    if (url.pathname === '/api/admin/answers/export/ticket' && method === 'POST') {
      const q = JSON.parse(String(init?.body)) as { date: string; format: string };
      return json({
        url: `/api/admin/answers/export/download?ticket=t-${q.format}`,
        fileName: `responses-${q.date}.${q.format}`,
        expiresAt: '2026-11-23T10:01:00.000Z',
      });
    }
    if (url.pathname === '/api/admin/stats/responses')
      return json({
        date: url.searchParams.get('date'),
        totalResponses: list.length + extra,
        questionsAnswered: 1,
        totalQuestions: 2,
        responseRate: 50,
      });
    if (url.pathname === '/api/admin/stats/responses/questions')
      return json({
        questions: questions
          .filter((q) => q.date === url.searchParams.get('date'))
          .filter((q) => !url.searchParams.get('questionId') || q.id === url.searchParams.get('questionId'))
          .map((q) => ({
            id: q.id,
            text: q.text,
            type: 'multiple_choice',
            topicTitle: q.topic.title,
            numericUnit: null,
            total: 3,
            options: [
              { id: 'opt-1', text: 'Two', count: 2 },
              { id: 'opt-2', text: 'Three', count: 1 },
            ],
            numeric: null,
          })),
      });
    if (url.pathname === '/api/admin/stats/responses/demographics')
      return json({
        total: 3,
        question: url.searchParams.get('questionId')
          ? {
              id: url.searchParams.get('questionId'),
              type: 'multiple_choice',
              numericUnit: null,
              options: [
                { id: 'opt-1', text: 'Two', count: 2 },
                { id: 'opt-2', text: 'Three', count: 1 },
              ],
            }
          : null,
        dimensions: [
          {
            key: 'gender',
            label: 'Gender',
            groups: [
              {
                key: 'female',
                label: 'Female',
                count: 2,
                optionCounts: { 'opt-1': 2, 'opt-2': 0 },
                average: null,
              },
              {
                key: 'male',
                label: 'Male',
                count: 1,
                optionCounts: { 'opt-1': 0, 'opt-2': 1 },
                average: null,
              },
            ],
          },
        ],
      });
    if (url.pathname === '/api/admin/answers') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return json({ items: list.slice(offset, offset + limit), total: list.length, limit, offset });
    }
    if (url.pathname.startsWith('/api/admin/answers/') && method === 'DELETE') {
      if (opts.failDelete) return json({ message: 'Answer not found' }, 404);
      list = list.filter((a) => a.id !== url.pathname.split('/').pop());
      return json({ ok: true });
    }
    return json({ message: 'Not found' }, 404);
  });
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => {
        const meta = mutation.meta as AdminMutationMeta | undefined;
        if (meta?.errorTitle)
          toast({ title: meta.errorTitle, description: error.message, variant: 'destructive' });
      },
    }),
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const api = createApiClient({ fetch: fetchFn });
  render(
    <QueryClientProvider client={queryClient}>
      <ResponsesTab api={api} exportTarget={opts.exportTarget ?? browserDownloadTarget} />
    </QueryClientProvider>,
  );
  return {
    calls,
    queryClient,
    /** Players answer elsewhere: the server's counts grow. */
    moreAnswers: (n: number) => {
      extra += n;
    },
  };
}

const answer = (i: number): AdminAnswer => ({
  id: `a${i}`,
  userId: `user${i}-abcdefgh`,
  username: `u${i}`,
  questionId: 'q1',
  questionText: LONG,
  topicTitle: 'Morning Rituals',
  selectedOptionId: 'opt-1',
  answerText: 'Two',
  numericValue: null,
  answeredAt: '2026-11-22T08:05:00Z',
  late: false,
});

describe('ResponsesTab', () => {
  it('says "No questions scheduled" when no date has questions', async () => {
    setup([], []);
    expect(await screen.findByText('No questions scheduled')).toBeTruthy();
  });

  it('offers dates newest first with their responses marked, opens on the newest answered date, and cuts question texts', async () => {
    const { calls } = setup(
      [
        question('q1', '2026-11-22', LONG, 1),
        question('q4', '2026-11-24', 'Next week?'),
        question('q2', '2026-11-23', 'Tea or coffee?'),
        question('q3', '2026-11-21', 'Old one', 1200),
      ],
      [answer(1)],
    );
    const date = (await screen.findByLabelText('Date')) as HTMLSelectElement;
    expect([...date.options].map((o) => o.value)).toEqual([
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
    expect([...date.options].map((o) => o.textContent)).toEqual([
      expect.not.stringContaining('response'),
      expect.stringMatching(/^Today, .*2026$/),
      expect.stringMatching(/ · 1 response$/),
      expect.stringMatching(/ · 1,200 responses$/),
    ]);
    // Today (2026-11-23) has no responses: the newest date that has some.
    expect(date.value).toBe('2026-11-22');
    const filter = screen.getByLabelText('Question') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'All Questions for This Date',
      `${LONG.slice(0, 60)}... (Morning Rituals)`,
    ]);
    const list = await screen.findByRole('list', { name: 'Response list' });
    const row = within(list).getAllByRole('listitem')[0]!;
    // The player by username, never an id fragment (two players can share one).
    expect(row.textContent).toContain('u1');
    expect(row.textContent).not.toContain('user1-ab');
    expect(row.textContent).toContain(`${LONG.slice(0, 50)}...`);
    expect(row.textContent).toContain('Two');
    const stats = screen.getByRole('list', { name: 'Response statistics' });
    expect(stats.textContent).toContain('Response Rate50%');
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/api/admin/stats/responses' && c.url.searchParams.get('date') === '2026-11-22',
      ),
    ).toBe(true);
  });

  it('deletes a response after the spec confirmation and reports failures with the server message', async () => {
    setup([question('q1', '2026-11-22', LONG)], [answer(1), answer(2)]);
    const list = await screen.findByRole('list', { name: 'Response list' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete response a1' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this response? This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe('Response deleted!'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete response a1' })).toBeNull());
  });

  it('shows the server message when a delete fails', async () => {
    setup([question('q1', '2026-11-22', LONG)], [answer(1)], { failDelete: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete response a1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Failed to delete response',
        description: 'Answer not found',
        variant: 'destructive',
      }),
    );
  });

  it('says "No responses found" for a date without answers', async () => {
    setup([question('q1', '2026-11-22', LONG)], []);
    expect(await screen.findByText('No responses found')).toBeTruthy();
  });

  it('asks for a download link and lets the browser download it natively (nothing held in the page)', async () => {
    const clicks: { href: string; download: string }[] = [];
    const origClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    };
    try {
      const { calls } = setup(
        [question('q1', '2026-11-22', LONG, 450)],
        Array.from({ length: 450 }, (_, i) => answer(i)),
      );
      const button = (await screen.findByRole('button', { name: 'Download CSV' })) as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
      await waitFor(() =>
        expect(clicks).toEqual([
          { href: '/api/admin/answers/export/download?ticket=t-csv', download: 'responses-2026-11-22.csv' },
        ]),
      );
      const tickets = calls.filter((c) => c.url.pathname === '/api/admin/answers/export/ticket');
      expect(tickets.map((c) => c.method)).toEqual(['POST']);
      expect(calls.some((c) => c.url.pathname === '/api/admin/answers/export/download')).toBe(false);
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Export started',
        description: 'responses-2026-11-22.csv is being saved to your downloads.',
      });
      fireEvent.click(screen.getByRole('button', { name: 'JSON Lines' }));
      await waitFor(() =>
        expect(clicks.map((c) => c.download)).toEqual([
          'responses-2026-11-22.csv',
          'responses-2026-11-22.jsonl',
        ]),
      );
    } finally {
      HTMLAnchorElement.prototype.click = origClick;
    }
  });

  it('with a disk target (the desktop app) says where the file was saved and offers "Show in folder"', async () => {
    const reveal = vi.fn(async () => undefined);
    const target: ExportTarget = {
      kind: 'disk',
      save: vi.fn(),
      download: vi.fn(async (fileName: string) => ({
        message: `Saved to /exports/${fileName}`,
        savedTo: `/exports/${fileName}`,
      })),
      reveal,
    };
    setup([question('q1', '2026-11-22', LONG, 3)], [answer(1)], { exportTarget: target });
    const button = (await screen.findByRole('button', { name: 'Download CSV' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe('Export saved'));
    expect(target.download).toHaveBeenCalledWith(
      'responses-2026-11-22.csv',
      '/api/admin/answers/export/download?ticket=t-csv',
    );
    expect(toastStore.getSnapshot()[0]?.description).toBe('Saved to /exports/responses-2026-11-22.csv');
    toastStore.getSnapshot()[0]?.action?.onClick();
    expect(reveal).toHaveBeenCalledWith('/exports/responses-2026-11-22.csv');
  });

  it('narrows every panel by topic, question and group, and clears the filter in one click', async () => {
    const { calls } = setup(
      [
        question('q1', '2026-11-22', 'Tea or coffee?', 3),
        question('q2', '2026-11-22', 'Lunch?', 1, { id: 't2', title: 'Food' }),
      ],
      [answer(1)],
    );
    const charts = await screen.findByRole('list', { name: 'Question charts' });
    await waitFor(() => expect(within(charts).getAllByRole('heading').length).toBe(2));
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 't2' } });
    const questionFilter = screen.getByLabelText('Question') as HTMLSelectElement;
    expect([...questionFilter.options].map((o) => o.value)).toEqual(['', 'q2']);
    fireEvent.change(questionFilter, { target: { value: 'q2' } });
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'female' } });
    const wanted = { date: '2026-11-22', topicId: 't2', questionId: 'q2', gender: 'female' };
    for (const path of ['', '/questions', '/demographics'])
      await waitFor(() =>
        expect(
          calls.some(
            (c) =>
              c.url.pathname === `/api/admin/stats/responses${path}` &&
              JSON.stringify(Object.fromEntries(c.url.searchParams)) === JSON.stringify(wanted),
          ),
          path,
        ).toBe(true),
      );
    // One question chosen: each group shows how it answered, in words as well as colour.
    const split = await screen.findByRole('list', { name: 'Gender: answers by group' });
    expect(split.textContent).toContain('Two 100% · Three 0%');
    expect(screen.getByText(/topic and group filters apply to the charts/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Clear filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when new responses came in since the list was read, and shows them on request', async () => {
    const { moreAnswers, queryClient } = setup(
      [question('q1', '2026-11-22', LONG, 2)],
      [answer(1), answer(2)],
    );
    await screen.findByRole('list', { name: 'Response list' });
    moreAnswers(3);
    await queryClient.invalidateQueries({ queryKey: ['/api/admin/stats/responses'] });
    const notice = await screen.findByText('3 new responses since this list was read.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Show the current list' }));
    await waitFor(() => expect(screen.queryByText(/new responses since/)).toBeNull());
  });

  it('re-reads the charts and the split only when the day moved (a quiet day is read once)', async () => {
    const { calls, moreAnswers, queryClient } = setup([question('q1', '2026-11-22', LONG, 2)], [answer(1)]);
    await screen.findByRole('list', { name: 'Question charts' });
    const heavy = () =>
      calls.filter((c) => /\/stats\/responses\/(questions|demographics)$/.test(c.url.pathname)).length;
    await waitFor(() => expect(heavy()).toBe(2));
    // The 30-second re-read of the day's stat figures, with nothing new: the charts are not read again.
    const poll = () =>
      queryClient.invalidateQueries({
        queryKey: ['/api/admin/stats/responses', { date: '2026-11-22' }],
        exact: true,
      });
    await poll();
    await new Promise((r) => setTimeout(r, 50));
    expect(heavy()).toBe(2);
    moreAnswers(1);
    await poll();
    await waitFor(() => expect(heavy()).toBe(4));
  });
});
