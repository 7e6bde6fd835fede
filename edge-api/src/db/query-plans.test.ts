/**
 * Every statement the API runs on its hot paths, checked with EXPLAIN QUERY PLAN: none may read the whole
 * users, answers or questions table. The statements are not listed by hand — the test records what the real
 * routes send to the database while a player, an operator and the cleanup do their work, so a new query that
 * forgets its index fails here. Planner statistics are removed first, so plans are those SQLite picks for a
 * large table it knows nothing about (as on a fresh production database), not for this tiny fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cleanupExpired } from '../services/cleanup';
import { seedDemo } from '../seed/demo-seed';
import { createTestApp, TEST_DATABASE, type TestApp } from '../test/harness';
import { gameDay } from '@daily-tea/shared/domain/game-day';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '@daily-tea/shared/domain/push-endpoints';
import webpush from 'web-push';
import { sendDropReminders } from '../services/push/drop-reminders';
import type { LocalPushService } from '../test/push-service';

/** The first instant after `from` at which the game day (UTC, drop at 0h in tests) changes, plus a second. */
function dropInstantAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCHours(24, 0, 1, 0);
  return next;
}

type Recorded = { sql: string; args: unknown[] };
type Stmt = string | { sql: string; args?: unknown[] | Record<string, unknown> };
type LibsqlLike = {
  execute(stmt: Stmt, args?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  batch(stmts: Stmt[], mode?: string): Promise<unknown>;
};

/** Tables that grow with the community (and, for rate_limits and operator_revocations, with attackers). */
const GUARDED_TABLES = [
  'users',
  'answers',
  'questions',
  'push_subscriptions',
  'result_counters',
  'rate_limits',
  'operator_revocations',
];

/**
 * Deliberate exceptions, each with its reason. The unfiltered admin answer list takes its total from the
 * questions' maintained answer_count: that reads the questions table (≈20 rows a day, thousands in years),
 * which is what keeps it from counting millions of answers.
 */
const ALLOWED: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /^select coalesce\(sum\("answer_count"\), 0\) from "questions"$/i,
    reason: 'total of all answers from per-question counters (questions grow by ~20 a day)',
  },
];
const NOT_ALIASES = new Set([
  'where',
  'inner',
  'left',
  'join',
  'on',
  'group',
  'order',
  'limit',
  'set',
  'as',
  'union',
  'cross',
  'using',
  'values',
]);

/** The guarded tables and the aliases a statement gives them (`answers a` → `a`). */
export function guardedNames(statement: string): Set<string> {
  const names = new Set<string>();
  const re = new RegExp(
    `\\b(?:from|join|update|into)\\s+"?(${GUARDED_TABLES.join('|')})"?(?:\\s+(?:as\\s+)?"?([a-z_][a-z0-9_]*)"?)?`,
    'gi',
  );
  for (const m of statement.matchAll(re)) {
    names.add(m[1]!.toLowerCase());
    const alias = m[2]?.toLowerCase();
    if (alias && !NOT_ALIASES.has(alias)) names.add(alias);
  }
  return names;
}

/** Plan lines that read a guarded table from end to end without an index. */
export function fullScans(planDetails: string[], statement: string): string[] {
  const names = guardedNames(statement);
  return planDetails.filter((detail) => {
    const m = /^SCAN (?:TABLE )?"?([a-z_][a-z0-9_]*)"?(.*)$/i.exec(detail.trim());
    if (!m) return false;
    const target = m[1]!.toLowerCase();
    return names.has(target) && !/USING (?:COVERING )?INDEX|USING INTEGER PRIMARY KEY/i.test(m[2] ?? '');
  });
}

describe('fullScans', () => {
  it('flags scans of guarded tables and their aliases only', () => {
    expect(fullScans(['SCAN answers'], 'SELECT * FROM answers')).toEqual(['SCAN answers']);
    expect(fullScans(['SCAN a'], 'SELECT * FROM answers a WHERE 1')).toEqual(['SCAN a']);
    expect(
      fullScans(['SCAN a USING INDEX answers_question_answered_idx'], 'SELECT * FROM answers a'),
    ).toEqual([]);
    expect(
      fullScans(['SEARCH users USING INDEX users_username_lower_uq (<expr>=?)'], 'SELECT * FROM users'),
    ).toEqual([]);
    expect(fullScans(['SCAN topics'], 'SELECT * FROM topics')).toEqual([]);
    expect(fullScans(['SCAN k'], 'SELECT 1 FROM answers a CROSS JOIN (SELECT 0) k')).toEqual([]);
  });
});

// Records statements at the libSQL client's interface (execute/batch), which D1's binding does not have; the plans
// are SQLite's own and the same on D1, so the libSQL runs check them.
describe.skipIf(TEST_DATABASE === 'd1')('query plans of the hot paths', () => {
  let t: TestApp;
  let push: LocalPushService;
  const recorded: Recorded[] = [];

  beforeAll(async () => {
    // Imported here: the push service listens with node:http, which the (skipped) D1 run must not load.
    const { newBrowserSubscription, startLocalPushService } = await import('../test/push-service');
    push = await startLocalPushService();
    t = await createTestApp({
      now: () => new Date(),
      config: {
        vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:plans@dailytea.app' },
        // The local push service listens on loopback; allowed for this test only.
        pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1'],
      },
    });
    await seedDemo(t.deps);
    const client = (t.db as unknown as { $client: LibsqlLike }).$client;
    const execute = client.execute.bind(client);
    const batch = client.batch.bind(client);
    const record = (stmt: Stmt, args?: unknown[]) => {
      if (typeof stmt === 'string') recorded.push({ sql: stmt, args: args ?? [] });
      else recorded.push({ sql: stmt.sql, args: Array.isArray(stmt.args) ? stmt.args : [] });
    };
    client.execute = (stmt, args) => {
      record(stmt, args);
      return execute(stmt as never, args as never);
    };
    client.batch = (stmts, mode) => {
      for (const s of stmts) record(s);
      return batch(stmts as never, mode as never);
    };

    const today = gameDay(t.deps.now(), t.deps.config.timeZone, t.deps.config.dayStartHour);
    const ok = async (res: Response | Promise<Response>, what: string) => {
      const r = await res;
      if (!r.ok) throw new Error(`${what}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<any>;
    };

    // A player's day.
    const player = await t.signUp();
    const as = { cookie: player.cookie };
    await ok(t.request('/api/user', as), 'user');
    const daily = await ok(t.request('/api/daily-topics', as), 'daily-topics');
    const topic = daily.topics[0];
    await ok(
      t.request('/api/select-topic', { ...as, method: 'POST', json: { topicId: topic.id } }),
      'select',
    );
    await ok(
      t.request('/api/select-topic', { ...as, method: 'POST', json: { topicId: daily.topics[1].id } }),
      'select 2',
    );
    await ok(
      t.request('/api/select-topic', { ...as, method: 'POST', json: { topicId: daily.topics[1].id } }),
      'unselect 2',
    );
    for (const q of topic.questions) {
      const body =
        q.type === 'numeric'
          ? { questionId: q.id, numericValue: q.minValue ?? 1 }
          : { questionId: q.id, selectedOptionId: 'opt-1' };
      await ok(t.request('/api/answers', { ...as, method: 'POST', json: body }), 'answer');
    }
    await t.request('/api/answers', {
      ...as,
      method: 'POST',
      json: { questionId: topic.questions[0].id, selectedOptionId: 'opt-1' },
    });
    await ok(t.request(`/api/questions/${topic.questions[0].id}/results`, as), 'results');
    // The reminder at the drop: this browser's subscription, on, checked, off and on again.
    const endpoint = `${push.origin}/push/plans`;
    const browser = newBrowserSubscription(endpoint);
    await ok(t.request('/api/push/config', as), 'push config');
    await ok(
      t.request('/api/push/subscriptions', { ...as, method: 'POST', json: browser.json }),
      'subscribe',
    );
    await ok(t.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, as), 'push state');
    await ok(
      t.request('/api/push/subscriptions', { ...as, method: 'DELETE', json: { endpoint } }),
      'unsubscribe',
    );
    await ok(
      t.request('/api/push/subscriptions', { ...as, method: 'POST', json: browser.json }),
      'subscribe again',
    );
    const gone = newBrowserSubscription(`${push.origin}/push/gone`);
    push.respond('/push/gone', 410);
    const other = await t.signUp();
    await ok(
      t.request('/api/push/subscriptions', { cookie: other.cookie, method: 'POST', json: gone.json }),
      'subscribe gone',
    );
    await ok(t.request('/api/user/badges', as), 'badges');
    await ok(
      t.request('/api/profile', {
        ...as,
        method: 'PUT',
        json: {
          gender: 'female',
          ageBracket: '25-34',
          raceBracket: 'black',
          country: 'Kenya',
          city: 'Nairobi',
        },
      }),
      'profile',
    );
    await ok(t.request('/api/logout', { ...as, method: 'POST' }), 'logout');
    await ok(
      t.request('/api/login', { method: 'POST', json: { username: 'demo_7', password: 'demo-password' } }),
      'login',
    );
    await t.request('/api/login', {
      method: 'POST',
      json: { username: 'demo_8', password: 'wrong-password' },
    });
    const guest = await t.guest();
    await ok(t.request('/api/daily-topics', { cookie: guest.cookie }), 'guest daily');

    // An operator's session.
    const unlock = await ok(
      t.request('/api/admin/unlock', { method: 'POST', json: { password: t.deps.config.adminPassword } }),
      'unlock',
    );
    const op = { token: unlock.token as string };
    const admin = (path: string) => ok(t.request(`/api/admin${path}`, op), path);
    await admin('/clock');
    await admin('/stats/dashboard');
    await admin('/stats/users');
    await admin(`/stats/responses?date=${today}`);
    // Response Analytics under each filter it offers.
    for (const filter of [
      '',
      `&topicId=${topic.id}`,
      `&questionId=${topic.questions[0].id}`,
      '&gender=female&ageBracket=25-34&raceBracket=black',
    ]) {
      await admin(`/stats/responses?date=${today}${filter}`);
      await admin(`/stats/responses/questions?date=${today}${filter}`);
      await admin(`/stats/responses/demographics?date=${today}${filter}`);
    }
    await admin('/topics');
    await admin('/questions');
    await admin(`/questions/importable?topicId=${topic.id}&currentDate=${today}`);
    await admin(`/topics/${topic.id}/questions?date=${today}`);
    await admin(`/daily-topics/${today}`);
    await admin('/users?limit=20&offset=100');
    await admin('/users?limit=20&offset=0&search=demo_1');
    const answersPage = await admin(`/answers?limit=20&offset=0&date=${today}`);
    await admin(`/answers?limit=20&offset=0&questionId=${topic.questions[0].id}`);
    await admin('/answers?limit=20&offset=40');
    await admin('/audit?limit=20&offset=0');
    await ok(t.request('/api/marketing/questions', op), 'marketing questions');
    await ok(
      t.request(`/api/admin/answers/${answersPage.items[0].id}`, { ...op, method: 'DELETE' }),
      'delete answer',
    );
    const users = await admin('/users?limit=5&offset=10');
    await ok(t.request(`/api/admin/users/${users.items[0].id}`, { ...op, method: 'DELETE' }), 'delete user');
    await cleanupExpired({ ...t.deps, now: () => new Date(Date.now() + 3 * 86_400_000) });
    // The sender at the next drop: claims, the already-played check, the 410 deletion.
    const nextDrop = dropInstantAfter(t.deps.now());
    const run = await sendDropReminders({ ...t.deps, now: () => nextDrop });
    expect(run).toMatchObject({ sent: 1, removed: 1 });

    // Plans as for a big table with unknown statistics.
    await t.db.run(sql`DROP TABLE IF EXISTS sqlite_stat1`);
    await t.db.run(sql`DROP TABLE IF EXISTS sqlite_stat4`);
  }, 120_000);

  afterAll(async () => {
    t?.close();
    await push?.close();
  });

  it('records the statements of every hot path', () => {
    expect(recorded.length).toBeGreaterThan(60);
  });

  it('never reads users, answers, questions or the rate-limit tables from end to end', async () => {
    const client = (t.db as unknown as { $client: LibsqlLike }).$client;
    const unique = new Map<string, Recorded>();
    for (const r of recorded) {
      if (!/^\s*(select|update|delete|insert\s+into\s+\S+\s*(\([^)]*\)\s*)?select|with)/i.test(r.sql))
        continue;
      if (!GUARDED_TABLES.some((name) => new RegExp(`\\b${name}\\b`, 'i').test(r.sql))) continue;
      if (ALLOWED.some((a) => a.pattern.test(r.sql.trim()))) continue;
      unique.set(r.sql, r);
    }
    expect(unique.size).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const r of unique.values()) {
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${r.sql}`, args: r.args });
      const details = plan.rows.map((row) => String(row.detail));
      const scans = fullScans(details, r.sql);
      if (scans.length > 0) offenders.push(`${scans.join(', ')}\n    in: ${r.sql.slice(0, 400)}`);
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
