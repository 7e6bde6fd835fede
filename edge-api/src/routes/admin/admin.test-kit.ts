import type { UserRow } from '../../app-env';
import { issueOperatorToken } from '../../auth/operator-session';
import { users } from '../../db/schema';
import { selectTopic } from '../../services/play/select-topic.service';
import { submitAnswer } from '../../services/play/submit-answer.service';
import { today } from '../../services/play/today';
import { createTestApp } from '../../test/harness';

/**
 * Test kit for the operator routes over the core harness (the real app, a fresh migrated database per kit):
 * bearer-token calls, a settable clock, factories through the admin API, and players written straight to
 * the users table (the profiles and streaks a test needs) who answer through the real play verbs.
 */
export const TEST_CONFIG = {
  adminPassword: 'admin-test-pass',
  marketingPassword: 'marketing-test-pass',
  sessionSecret: 'kit-secret',
};

export type Json = any;
export type CallResult = { status: number; body: Json };

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++seq).toString(36)}`;

export async function createAdminKit(start = '2026-06-10T12:00:00.000Z') {
  let now = new Date(start);
  const t = await createTestApp({ now: () => now, config: TEST_CONFIG });
  const { app, db, deps } = t;
  const tokenFor = async (role: 'admin' | 'marketing') => (await issueOperatorToken(deps, role)).token;
  const adminToken = await tokenFor('admin');
  const marketingToken = await tokenFor('marketing');

  async function call(
    method: string,
    path: string,
    opts: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<CallResult> {
    // By default a fresh admin token for the kit's current clock (tests move the clock by days).
    const token = opts.token === undefined ? await tokenFor('admin') : opts.token;
    const res = await t.request(path, {
      method,
      // Operator clients are cross-origin (desktop console): bearer requests carry no same-site Origin.
      origin: null,
      ...(token ? { token } : {}),
      headers: { ...(opts.raw !== undefined ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
      ...(opts.raw !== undefined ? { body: opts.raw } : { json: opts.body }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  const admin = {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, { body }),
    put: (path: string, body: unknown) => call('PUT', path, { body }),
    patch: (path: string, body: unknown) => call('PATCH', path, { body }),
    del: (path: string) => call('DELETE', path),
  };

  async function topic(
    over: Partial<{ title: string; category: string; isActive: boolean; description: string }> = {},
  ) {
    const res = await admin.post('/api/admin/topics', {
      title: unique('Topic '),
      category: 'Lifestyle',
      ...over,
    });
    if (res.status !== 201) throw new Error(`topic: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; title: string };
  }

  async function question(topicId: string, date: string, over: Record<string, unknown> = {}) {
    const res = await admin.post('/api/admin/questions', {
      topicId,
      date,
      text: unique('Question '),
      type: 'multiple_choice',
      options: ['Tea', 'Coffee', 'Water'],
      ...over,
    });
    if (res.status !== 201) throw new Error(`question: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; text: string; date: string };
  }

  async function player(over: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
    const row = {
      id: crypto.randomUUID(),
      username: unique('player_'),
      passwordHash: 'x',
      createdAt: now,
      ...over,
    };
    await db.insert(users).values(row);
    return (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.id) }))!;
  }

  /** The player selects the question's topic (today's schedule) and answers it through the play verbs. */
  async function answer(
    user: UserRow,
    topicId: string,
    questionId: string,
    value: { selectedOptionId: string } | { numericValue: number },
  ) {
    const fresh = async () => (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))!;
    const day = today(deps);
    const selection = await db.query.userDailySelections.findFirst({
      where: (s, { and, eq }) => and(eq(s.userId, user.id), eq(s.date, day)),
    });
    if (!selection?.selectedTopicIds.includes(topicId)) await selectTopic(deps, await fresh(), { topicId });
    return submitAnswer(deps, await fresh(), { questionId, ...value });
  }

  return {
    app,
    db,
    deps,
    adminToken,
    tokenFor,
    marketingToken,
    call,
    admin,
    topic,
    question,
    player,
    answer,
    setNow: (iso: string) => {
      now = new Date(iso);
    },
    close: t.close,
  };
}
export type AdminKit = Awaited<ReturnType<typeof createAdminKit>>;
