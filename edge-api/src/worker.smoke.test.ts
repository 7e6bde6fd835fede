// @databases: embedded — runs `wrangler deploy --dry-run` and `wrangler dev` as child processes (Node); once is enough, D1 itself is covered by the edge-api:d1 run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '@daily-tea/shared/domain/push-endpoints';
import { DropReminderPayloadSchema } from '@daily-tea/shared/contracts/push';
import { newBrowserSubscription, startLocalPushService, verifyVapidAuthorization } from './test/push-service';
import { expectedSecurityHeaders, securityHeadersOf } from './test/security-header-sets';

/**
 * The Workers entry on real wrangler/workerd, offline: the bundle builds, and `wrangler dev` with a
 * local D1 (migrated from drizzle/migrations) answers the API — health, guest sign-in, the seeded
 * daily topics, a selection and an answer (D1 batches), registration and the cron handler; and a whole day
 * played with a guess, its verdict on the results and the recap.
 * A throwaway web build stands in for player-web/dist so this test does not depend on it.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' };

function wrangler(args: string[], timeoutMs: number) {
  return spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
}

/** Starts `wrangler dev` on a random port with extra args; resolves once /api/health answers. */
async function startWranglerDev(persist: string, dist: string, extra: string[]) {
  const port = 20000 + Math.floor(Math.random() * 12000);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persist,
      '--assets',
      dist,
      '--test-scheduled',
      ...extra,
    ],
    { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const out = { log: '' };
  child.stdout?.on('data', (d: Buffer) => (out.log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out.log += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`wrangler dev did not start:\n${out.log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  };
  return { base, out, stop };
}

/** fetch with a fresh connection and a retry: wrangler dev may close an idle keep-alive socket under us. */
async function fetchFresh(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Connection: 'close' },
      });
    } catch (err) {
      if (attempt >= 2) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

describe('Workers entry (wrangler)', () => {
  let dir: string;
  let dist: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-wrangler-'));
    dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Daily Tea</title><div id="root"></div>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('bundles with wrangler deploy --dry-run', () => {
    const out = join(dir, 'bundle');
    const res = wrangler(['deploy', '--dry-run', '--outdir', out, '--assets', dist], 120_000);
    expect(res.status, res.stderr + res.stdout).toBe(0);
    expect(existsSync(join(out, 'worker.js'))).toBe(true);
    expect(statSync(join(out, 'worker.js')).size).toBeGreaterThan(10_000);
    expect(res.stdout).toContain('env.DB');
  }, 150_000);

  describe('wrangler dev on local D1', () => {
    let child: ChildProcess | undefined;
    let base = '';
    let log = '';
    beforeAll(async () => {
      const persist = join(dir, 'state');
      const migrated = wrangler(
        ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
        90_000,
      );
      expect(migrated.status, migrated.stderr + migrated.stdout).toBe(0);
      const port = 20000 + Math.floor(Math.random() * 12000);
      base = `http://127.0.0.1:${port}`;
      child = spawn(
        process.execPath,
        [
          WRANGLER,
          'dev',
          '--port',
          String(port),
          '--ip',
          '127.0.0.1',
          '--persist-to',
          persist,
          '--assets',
          dist,
          '--test-scheduled',
        ],
        { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) break;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`wrangler dev did not start:\n${log}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }, 180_000);
    afterAll(() => {
      // wrangler runs workerd as a child: end the whole process group this test started.
      if (child?.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          child.kill('SIGTERM');
        }
      }
    });

    it('sends the security headers with the static web app and the API (every request runs the Worker)', async () => {
      for (const path of ['/', '/auth', '/api/health']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
        expect(securityHeadersOf(res.headers), path).toEqual(
          expectedSecurityHeaders(path.startsWith('/api/') ? 'api' : 'page', false),
        );
        if (path.startsWith('/api/')) expect(res.headers.get('cache-control')).toBe('no-store');
        else expect(await res.text()).toContain('<div id="root">');
      }
    });

    it('throttles sign-ins on D1: the sixth wrong attempt is refused before any check', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: base, 'CF-Connecting-IP': '198.51.100.77' },
          body: JSON.stringify({ username: 'nobody_on_d1', password: 'wrong-password' }),
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('answers health, a guest daily flow, registration and the cron trigger', async () => {
      const health = (await (await fetch(`${base}/api/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ ok: true, timeZone: 'Africa/Johannesburg', dayStartHour: 9 });

      const json = { 'Content-Type': 'application/json', Origin: base };
      const guest = await fetch(`${base}/api/guest-login`, { method: 'POST', headers: { Origin: base } });
      expect(guest.status).toBe(201);
      const cookie = guest.headers.get('set-cookie')!.split(';')[0]!;

      const daily = (await (
        await fetch(`${base}/api/daily-topics`, { headers: { Cookie: cookie } })
      ).json()) as {
        topics: Array<{
          id: string;
          questions: Array<{ id: string; type: string; minValue: number | null }>;
        }>;
      };
      expect(daily.topics.length).toBeGreaterThan(0); // the demo seed ran on the empty D1 database
      const topic = daily.topics[0]!;
      const select = await fetch(`${base}/api/select-topic`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify({ topicId: topic.id }),
      });
      expect(select.status).toBe(200);
      const q = topic.questions[0]!;
      const answer = await fetch(`${base}/api/answers`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify(
          q.type === 'numeric'
            ? { questionId: q.id, numericValue: q.minValue ?? 0 }
            : { questionId: q.id, selectedOptionId: 'opt-1' },
        ),
      });
      expect([200, 201], log).toContain(answer.status);
      const again = await fetch(`${base}/api/answers`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify(
          q.type === 'numeric'
            ? { questionId: q.id, numericValue: q.minValue ?? 0 }
            : { questionId: q.id, selectedOptionId: 'opt-1' },
        ),
      });
      expect(again.status).toBe(409);
      const results = await fetch(`${base}/api/questions/${q.id}/results`, { headers: { Cookie: cookie } });
      expect(results.status).toBe(200);
      expect(((await results.json()) as { totalAnswers: number }).totalAnswers).toBeGreaterThan(0);

      const reg = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: JSON.stringify({ username: `smoke_${Date.now()}`, password: 'password123' }),
      });
      expect(reg.status).toBe(201);
      expect(((await reg.json()) as { isGuest: boolean }).isGuest).toBe(false);

      const spa = await fetch(`${base}/profile-setup`, {
        headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
      });
      expect(await spa.text()).toContain('<title>Daily Tea</title>');
      const missing = await fetch(`${base}/api/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ message: 'Not found' });

      const cron = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}`);
      expect(cron.status, log).toBe(200);
      for (let i = 0; i < 20 && !log.includes('[cleanup] guests='); i++)
        await new Promise((r) => setTimeout(r, 250));
      expect(log).toMatch(/\[cleanup\] guests=\d+ sessions=\d+ throttles=\d+/);
    }, 60_000);

    it('plays a whole day with a guess, shows the verdict and the recap (guess and reveal batches on D1)', async () => {
      const headers = { 'Content-Type': 'application/json', Origin: base };
      const guest = await fetch(`${base}/api/guest-login`, { method: 'POST', headers: { Origin: base } });
      expect(guest.status).toBe(201);
      const cookie = guest.headers.get('set-cookie')!.split(';')[0]!;
      const call = (path: string, body?: unknown) =>
        fetch(`${base}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { ...headers, Cookie: cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      type Q = { id: string; type: string; minValue: number | null };
      const daily = (await (await call('/api/daily-topics')).json()) as {
        topics: Array<{ id: string; questions: Q[] }>;
      };
      const topics = daily.topics.filter((t) => t.questions.length > 0).slice(0, 3);
      expect(topics).toHaveLength(3);
      expect((await call('/api/recap')).status).toBe(409);
      let guessed: Q | undefined;
      for (const topic of topics) {
        expect((await call('/api/select-topic', { topicId: topic.id })).status).toBe(200);
        for (const q of topic.questions) {
          const answer = await call(
            '/api/answers',
            q.type === 'numeric'
              ? { questionId: q.id, numericValue: q.minValue ?? 0 }
              : { questionId: q.id, selectedOptionId: 'opt-1' },
          );
          expect(answer.status, await answer.clone().text()).toBe(201);
          if (!guessed && q.type === 'multiple_choice') {
            guessed = q;
            const g = await call('/api/guesses', { questionId: q.id, optionId: 'opt-2' });
            expect(g.status, await g.clone().text()).toBe(201);
            expect((await call('/api/guesses', { questionId: q.id, optionId: 'opt-1' })).status).toBe(409);
          }
        }
      }
      expect(guessed).toBeDefined();
      const results = (await (await call(`/api/questions/${guessed!.id}/results`)).json()) as {
        optionCounts: Record<string, number>;
        crowdVerdict: { guessOptionId: string; guessRight: boolean; mostPickedOptionIds: string[] };
      };
      const top = Math.max(...Object.values(results.optionCounts));
      expect(results.crowdVerdict.guessOptionId).toBe('opt-2');
      expect(results.crowdVerdict.guessRight).toBe(results.optionCounts['opt-2'] === top);
      const recapRes = await call('/api/recap');
      expect(recapRes.status, await recapRes.clone().text()).toBe(200);
      const recap = (await recapRes.json()) as {
        sidedWithMajority: { of: number };
        guesses: { made: number };
        rarestAnswer: { sharePercent: number } | null;
        streak: { current: number };
        crowdSense: { total: { made: number } };
      };
      expect(recap.sidedWithMajority.of).toBeGreaterThan(0);
      expect(recap.guesses.made).toBe(1);
      expect(recap.crowdSense.total.made).toBe(1);
      expect(recap.rarestAnswer?.sharePercent).toBeGreaterThan(0);
      expect(recap.streak.current).toBe(1);
      const sense = (await (await call('/api/crowd-sense')).json()) as { recent: { made: number } };
      expect(sense.recent.made).toBe(1);
      const user = (await (await call('/api/user')).json()) as { streakFreezes: number };
      expect(user.streakFreezes).toBe(0);
    }, 60_000);
  });

  describe('the reminder at the drop from the cron trigger (workerd)', () => {
    let server: Awaited<ReturnType<typeof startWranglerDev>> | undefined;
    let persist = '';
    const vapid = webpush.generateVAPIDKeys();
    beforeAll(async () => {
      persist = join(dir, 'push-state');
      const migrated = wrangler(
        ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist],
        90_000,
      );
      expect(migrated.status, migrated.stderr + migrated.stdout).toBe(0);
      // UTC with the drop at the current hour: the cron finds today's reminders due.
      server = await startWranglerDev(persist, dist, [
        '--var',
        'APP_TIMEZONE:UTC',
        '--var',
        `DAY_START_HOUR:${new Date().getUTCHours()}`,
        '--var',
        'SEED_DEMO:false',
        '--var',
        `VAPID_PUBLIC_KEY:${vapid.publicKey}`,
        '--var',
        `VAPID_PRIVATE_KEY:${vapid.privateKey}`,
        // The local push service listens on 127.0.0.1: the list of push services extended for this test only.
        '--var',
        `PUSH_ENDPOINT_HOSTS:${[...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1'].join(',')}`,
      ]);
    }, 180_000);
    afterAll(() => server?.stop());

    it('sends an encrypted reminder that the subscriber’s key decrypts, and deletes a 410 subscription', async () => {
      const { base, out } = server!;
      const push = await startLocalPushService();
      try {
        const subscribe = async (path: string) => {
          const guest = await fetchFresh(`${base}/api/guest-login`, {
            method: 'POST',
            headers: { Origin: base },
          });
          expect(guest.status).toBe(201);
          const cookie = guest.headers.get('set-cookie')!.split(';')[0]!;
          const browser = newBrowserSubscription(`${push.origin}${path}`);
          const res = await fetchFresh(`${base}/api/push/subscriptions`, {
            method: 'POST',
            headers: { Origin: base, Cookie: cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify(browser.json),
          });
          expect(res.status, await res.clone().text()).toBe(201);
          return browser;
        };
        const browser = await subscribe('/push/worker');
        await subscribe('/push/gone');
        push.respond('/push/gone', 410);
        // Subscribed after today's drop, so the first reminder would be tomorrow's: make them older.
        const aged = wrangler(
          [
            'd1',
            'execute',
            'DB',
            '--local',
            '--persist-to',
            persist,
            '--command',
            "UPDATE push_subscriptions SET last_sent_day = ''",
          ],
          60_000,
        );
        expect(aged.status, aged.stderr + aged.stdout).toBe(0);

        const cron = await fetchFresh(
          `${base}/__scheduled?cron=${encodeURIComponent('5,10,20,25,35,40,50,55 * * * *')}`,
        );
        expect(cron.status, out.log).toBe(200);
        for (let i = 0; i < 40 && !/\[reminders\]/.test(out.log); i++)
          await new Promise((r) => setTimeout(r, 250));
        expect(out.log).toMatch(/\[reminders\] \d{4}-\d{2}-\d{2}: sent=1 skipped=0 removed=1 failed=0/);
        const request = push.received.find((r) => r.path === '/push/worker')!;
        const payload = DropReminderPayloadSchema.parse(JSON.parse(browser.decrypt(request.body)));
        expect(payload.kind).toBe('daily-drop');
        expect(verifyVapidAuthorization(request.headers.authorization, vapid.publicKey).aud).toBe(
          push.origin,
        );
        // A reminders-only cron does not run the guest cleanup.
        expect(out.log).not.toMatch(/\[cleanup\]/);
      } finally {
        await push.close();
      }
    }, 120_000);
  });
});
