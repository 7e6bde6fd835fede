// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAnswer, AdminUser, Topic } from '../../contracts/admin';
import type { ExportTarget } from '../export-target';
import { toastStore } from '../toaster';
import { AdminPage } from './admin-page';
import { installDomTestHooks } from '../dom.test-kit';

const TOKEN = 'tok-123';
const exportTarget: ExportTarget = {
  kind: 'download',
  save: async () => ({ message: 'saved' }),
  download: async () => ({ message: 'saved' }),
};

installDomTestHooks(() => vi.unstubAllGlobals());

type Call = {
  method: string;
  path: string;
  auth: string | null;
  credentials: RequestCredentials | undefined;
  body?: unknown;
};

/** An in-memory admin API answering the real client's requests; records each call. */
function fakeApi() {
  const calls: Call[] = [];
  const state = {
    topics: [
      {
        id: 't1',
        title: 'Morning Rituals',
        description: 'How days start',
        category: 'Lifestyle',
        isActive: true,
        createdAt: '',
        questionCount: 2,
      },
      {
        id: 't2',
        title: 'Money Talk',
        description: null,
        category: 'Finance',
        isActive: false,
        createdAt: '',
        questionCount: 0,
      },
    ] as Topic[],
    users: [
      {
        id: 'u1',
        username: 'tea_lover',
        isGuest: false,
        gender: null,
        ageBracket: null,
        raceBracket: null,
        area: null,
        country: 'Kenya',
        city: 'Nairobi',
        currentStreak: 8,
        longestStreak: 9,
        lastActivityDate: null,
        createdAt: '',
      },
    ] as AdminUser[],
    answers: [
      {
        id: 'a1',
        userId: 'u1234567890',
        username: 'tea_lover',
        questionId: 'q1',
        questionText: 'Milk first?',
        topicTitle: 'Morning Rituals',
        selectedOptionId: 'opt-1',
        answerText: 'Yes',
        numericValue: null,
        answeredAt: '2026-11-22T08:00:00Z',
      },
    ] as AdminAnswer[],
    failTopicUpdate: false,
    expireToken: false,
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({
      method,
      path: url.pathname,
      auth: headers.Authorization ?? null,
      credentials: init?.credentials,
      body,
    });
    const p = url.pathname;
    if (p === '/api/admin/unlock') {
      return body.password === 'admin-dev'
        ? json({ token: TOKEN, expiresAt: '2026-11-22T18:00:00Z', actor: 'owner', role: 'admin' })
        : json({ message: 'Incorrect password' }, 401);
    }
    if (headers.Authorization !== `Bearer ${TOKEN}` || state.expireToken)
      return json({ message: 'Admin token required' }, 401);
    if (p === '/api/admin/topics' && method === 'GET') return json(state.topics);
    if (p.startsWith('/api/admin/topics/') && method === 'PUT') {
      if (state.failTopicUpdate) return json({ message: 'Title is taken' }, 409);
      const id = p.split('/').pop();
      state.topics = state.topics.map((t) => (t.id === id ? { ...t, ...body } : t));
      return json(state.topics.find((t) => t.id === id));
    }
    if (p === '/api/admin/questions') return json([]);
    if (p === '/api/admin/stats/dashboard')
      return json({ totalTopics: 2, totalQuestions: 17, totalUsers: 1234, activeUsers7d: 56 });
    if (p === '/api/admin/stats/users')
      return json({
        totalUsers: 1,
        gender: [{ key: 'not_specified', label: 'Not specified', count: 1 }],
        age: [{ key: 'not_specified', label: 'Not specified', count: 1 }],
        countries: [{ key: 'Kenya', label: 'Kenya', count: 1 }],
        engagement: { averageCurrentStreak: 8, longestStreak: 9, usersWithStreak: 1, usersWithStreak7: 1 },
      });
    if (p === '/api/admin/users')
      return json({ items: state.users, total: state.users.length, limit: 50, offset: 0 });
    if (p.startsWith('/api/admin/users/') && method === 'DELETE') {
      state.users = state.users.filter((u) => u.id !== p.split('/').pop());
      return json({ ok: true });
    }
    if (p === '/api/admin/audit') return json({ items: [], total: 0, limit: 50, offset: 0 });
    return json({ message: 'Not found' }, 404);
  });
  return { calls, state, fetchFn };
}

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetchFn);
});

const lastToast = () => toastStore.getSnapshot()[0];

async function unlock() {
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'admin-dev' } });
  fireEvent.click(screen.getByRole('button', { name: 'Access Admin Dashboard' }));
  await screen.findByRole('tab', { name: 'Dashboard' });
}

describe('AdminPage gate', () => {
  it('keeps the submit disabled while empty, shows a server refusal under the field and toggles visibility', async () => {
    const onExit = vi.fn();
    render(<AdminPage exportTarget={exportTarget} onExit={onExit} />);
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Access Admin Dashboard' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const field = screen.getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field.type).toBe('text');

    fireEvent.change(field, { target: { value: 'wrong' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Incorrect password. Please try again.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByRole('tab')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('unlocks with the server token, sends it as a bearer header without cookies, and shows the server figures', async () => {
    render(<AdminPage exportTarget={exportTarget} />);
    await unlock();
    const tiles = await screen.findAllByTestId('stat-tile');
    await waitFor(() =>
      expect(tiles.map((t) => t.textContent)).toEqual([
        'Total Topics2',
        'Total Questions17',
        'Total Users1,234',
        'Active Users (7d)56',
      ]),
    );
    const adminCalls = api.calls.filter((c) => c.path !== '/api/admin/unlock');
    expect(adminCalls.length).toBeGreaterThan(0);
    for (const call of adminCalls) {
      expect(call.auth).toBe(`Bearer ${TOKEN}`);
      expect(call.credentials).toBe('omit');
    }
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dashboard',
      'User Analytics',
      'Topics',
      'Question Scheduling',
      'Response Analytics',
      'Insights',
      'Audit',
      'Staff',
      'Marketing',
    ]);
  });

  it('locks again when the server stops accepting the token, and on Exit Admin without a host exit', async () => {
    render(<AdminPage exportTarget={exportTarget} exitLabel="Lock" />);
    await unlock();
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();

    await unlock();
    api.state.expireToken = true;
    fireEvent.click(screen.getByRole('tab', { name: 'Audit' }));
    expect(await screen.findByText(/session has expired/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
  });
});

describe('AdminPage topics and users', () => {
  it('deactivates a topic by sending the whole topic, with the spec toasts for success and failure', async () => {
    render(<AdminPage exportTarget={exportTarget} />);
    await unlock();
    fireEvent.click(screen.getByRole('tab', { name: 'Topics' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Morning Rituals' }));
    // Deactivating asks first (the console cannot read the schedule here, so it names no days).
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Deactivate "Morning Rituals"? Players will no longer get it');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Topic deactivated!'));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      path: '/api/admin/topics/t1',
      body: {
        title: 'Morning Rituals',
        description: 'How days start',
        category: 'Lifestyle',
        isActive: false,
      },
    });
    await screen.findByRole('button', { name: 'Restore Morning Rituals' });

    api.state.failTopicUpdate = true;
    fireEvent.click(screen.getByRole('button', { name: 'Restore Money Talk' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to update topic',
        description: 'Title is taken',
        variant: 'destructive',
      }),
    );
  });

  it('shows the empty state when there are no topics', async () => {
    api.state.topics = [];
    render(<AdminPage exportTarget={exportTarget} />);
    await unlock();
    fireEvent.click(screen.getByRole('tab', { name: 'Topics' }));
    expect(await screen.findByText('No topics created yet')).toBeTruthy();
  });

  it('deletes a user only after the spec confirmation', async () => {
    render(<AdminPage exportTarget={exportTarget} />);
    await unlock();
    fireEvent.click(screen.getByRole('tab', { name: 'User Analytics' }));
    const list = await screen.findByRole('list', { name: 'User list' });
    expect(within(list).getByText('Nairobi, Kenya')).toBeTruthy();
    expect(within(list).getByText('TL')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Delete user tea_lover' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete user "tea_lover"? This action cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete user tea_lover' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastToast()?.title).toBe('User deleted!'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/users/u1',
    ]);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });
});
