// @databases: embedded — spawns production `npm start` processes (node:cluster) on one SQLite file; Node only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { serverProcessCount } from './node/settings';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One request on a connection of its own, so the cluster's round-robin spreads them over the processes. */
function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            json: text ? JSON.parse(text) : null,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The server processes forked by `pid` (node children only: tsx may also run an esbuild service child). */
function childPids(pid: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const ps = spawn('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)]);
    ps.on('error', (err) => reject(new Error(`the cluster test needs \`ps\` (procps): ${err.message}`)));
    let out = '';
    ps.stdout.on('data', (d: Buffer) => (out += d.toString()));
    ps.on('close', () =>
      resolve(
        out
          .split('\n')
          .map((line) => line.trim().split(/\s+/))
          .filter(([, comm]) => comm === 'node')
          .map(([id]) => Number(id)),
      ),
    );
  });
}

describe('server process count', () => {
  it('is WEB_CONCURRENCY when set, one per core in production, one in development and for in-memory databases', () => {
    expect(serverProcessCount(parseEnv({ WEB_CONCURRENCY: '3' }), 8)).toBe(3);
    expect(serverProcessCount(parseEnv({ NODE_ENV: 'production' }), 8)).toBe(8);
    expect(serverProcessCount(parseEnv({}), 8)).toBe(1);
    expect(serverProcessCount(parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'file::memory:' }), 8)).toBe(
      1,
    );
    expect(() => serverProcessCount(parseEnv({ WEB_CONCURRENCY: '0' }), 8)).toThrow();
  });
});

describe.skipIf(process.platform === 'win32')('Node entry with two server processes', () => {
  let dir: string;
  let server: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-cluster-'));
    const port = 20000 + Math.floor(Math.random() * 12000);
    base = `http://127.0.0.1:${port}`;
    // No SESSION_SECRET: the primary's random one must be the one every process verifies tokens with.
    const { SESSION_SECRET: _unused, ...inherited } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', join('edge-api', 'src', 'node.ts')], {
      cwd: ROOT,
      env: {
        ...inherited,
        NODE_ENV: 'development',
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        DATABASE_URL: `file:${join(dir, 'app.db')}`,
        SEED_DEMO: 'true',
        WEB_DIST: join(dir, 'no-web'),
        ACCOUNT_LIMIT_PER_HOUR: '0', // the contention test signs in hundreds of guests from one address
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const until = Date.now() + 60_000;
    while (!output.includes('Daily Tea is running at')) {
      if (server.exitCode !== null || Date.now() > until)
        throw new Error(`cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 70_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('announces its processes once, after migrating and seeding once', async () => {
    expect(output).toContain(`Daily Tea is running at ${base} (2 server processes)`);
    expect(output.match(/Daily Tea is running/g)).toHaveLength(1);
    expect(await childPids(server.pid!)).toHaveLength(2);
    const health = await call(`${base}/api/health`);
    expect(health.status).toBe(200);
  });

  it('shares sessions, operator tokens and an exact catalogue between the processes', async () => {
    const reg = await call(`${base}/api/register`, {
      method: 'POST',
      headers: { origin: base },
      body: { username: 'cluster_player', password: 'password123' },
    });
    expect(reg.status).toBe(201);
    const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
    const unlock = await call(`${base}/api/admin/unlock`, {
      method: 'POST',
      headers: { origin: base },
      body: { password: 'admin-dev' },
    });
    expect(unlock.status).toBe(200);
    const bearer = { authorization: `Bearer ${unlock.json.token as string}` };

    // Round-robin: six fresh connections reach both processes, warming both catalogue caches.
    const before = await Promise.all(
      Array.from({ length: 6 }, () => call(`${base}/api/daily-topics`, { headers: { cookie } })),
    );
    expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const topic = before[0]!.json.topics[0] as {
      id: string;
      title: string;
      description: string | null;
      category: string;
    };

    const edited = await call(`${base}/api/admin/topics/${topic.id}`, {
      method: 'PUT',
      headers: bearer,
      body: { title: 'Edited in one process', description: topic.description, category: topic.category },
    });
    expect(edited.status).toBe(200);
    // Every later read, whichever process serves it, sees the edit at once (no TTL, no stale window).
    for (let i = 0; i < 6; i++) {
      const after = await call(`${base}/api/daily-topics`, { headers: { cookie } });
      expect(after.json.topics.find((t: { id: string }) => t.id === topic.id).title).toBe(
        'Edited in one process',
      );
      expect((await call(`${base}/api/admin/stats/dashboard`, { headers: bearer })).status).toBe(200);
    }
  });

  it('survives both processes writing hard at once: no process dies, no 5xx but 503, every acknowledged answer stored', async () => {
    // Both processes contend for SQLite's write lock (guest sign-ins, registrations, logins,
    // topic selections, answers), each request on a fresh connection so the round-robin mixes the processes.
    const pidsBefore = (await childPids(server.pid!)).sort();
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const acknowledged: { userId: string; questionId: string }[] = [];
    const send: typeof call = async (url, init) => {
      const res = await call(url, init);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500 && (res.status !== 503 || res.headers['retry-after'] !== '2')) {
        serverErrors.push(`${init?.method ?? 'GET'} ${url} → ${res.status} ${JSON.stringify(res.json)}`);
      }
      return res;
    };
    const post = (path: string, body: unknown, cookie?: string) =>
      send(`${base}${path}`, {
        method: 'POST',
        headers: { origin: base, ...(cookie ? { cookie } : {}) },
        body,
      });
    const until = Date.now() + 6_000;
    let registered = 0;
    const lane = async (laneNo: number) => {
      for (let round = 0; Date.now() < until; round++) {
        if (round % 3 === 2) {
          const username = `contend_${laneNo}_${registered++}`;
          await post('/api/register', { username, password: 'password123' });
          await post('/api/login', { username, password: 'password123' });
          continue;
        }
        const guest = await post('/api/guest-login', {});
        if (guest.status !== 201) continue;
        const cookie = String(guest.headers['set-cookie']).split(';')[0]!;
        const daily = await send(`${base}/api/daily-topics`, { headers: { cookie } });
        if (daily.status !== 200) continue;
        const topics = daily.json.topics as {
          id: string;
          questions: { id: string; type: string; minValue: number | null }[];
        }[];
        const picks = [0, 1, 2].map((k) => topics[(laneNo + round + k) % topics.length]!);
        for (const topic of picks) await post('/api/select-topic', { topicId: topic.id }, cookie);
        for (const q of picks.flatMap((t) => t.questions)) {
          if (Date.now() > until) break;
          const body =
            q.type === 'numeric'
              ? { questionId: q.id, numericValue: q.minValue ?? 0 }
              : { questionId: q.id, selectedOptionId: 'opt-1' };
          const answered = await post('/api/answers', body, cookie);
          if (answered.status === 201)
            acknowledged.push({ userId: guest.json.id as string, questionId: q.id });
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => lane(i)));

    expect(serverErrors).toEqual([]);
    expect(output).not.toMatch(/died|SqliteError|uncaught|unhandled/i);
    expect((await childPids(server.pid!)).sort()).toEqual(pidsBefore);
    expect(acknowledged.length).toBeGreaterThan(50);
    // Almost everything succeeds; a 503 is the only failure allowed, and it must stay rare.
    expect(statuses.get(503) ?? 0).toBeLessThan(acknowledged.length / 20);
    const db = new Libsql(join(dir, 'app.db'), { readonly: true });
    const stored = new Set(
      (
        db.prepare("SELECT user_id || ':' || question_id AS k FROM answers").raw(true).all() as [string][]
      ).map(([k]) => k),
    );
    db.close();
    expect(acknowledged.filter((a) => !stored.has(`${a.userId}:${a.questionId}`))).toEqual([]);
  }, 60_000);

  it('replaces a process that dies and keeps serving', async () => {
    const [victim] = await childPids(server.pid!);
    process.kill(victim!, 'SIGKILL');
    const until = Date.now() + 30_000;
    let pids: number[] = [];
    do {
      await new Promise((r) => setTimeout(r, 200));
      pids = await childPids(server.pid!);
    } while ((pids.length !== 2 || pids.includes(victim!)) && Date.now() < until);
    expect(pids).toHaveLength(2);
    expect(output).toMatch(/server process \d died \(SIGKILL\): starting a new one/);
    for (let i = 0; i < 4; i++) expect((await call(`${base}/api/health`)).status).toBe(200);
  }, 40_000);

  it('stops every process on SIGTERM and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const pids = await childPids(server.pid!);
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 20_000);
});
