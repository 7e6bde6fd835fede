import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDropFloor, type DropRecording } from './drop';

const ROOT = resolve(import.meta.dirname, '..');
const json = (body: unknown, extra: [string, string][] = []) => ({
  status: 200,
  headers: [['content-type', 'application/json'], ['cache-control', 'no-store'], ...extra] as [
    string,
    string,
  ][],
  body: JSON.stringify(body),
});
const question = (id: string) => ({
  id,
  type: 'multiple_choice',
  minValue: null,
  maxValue: null,
  options: [{ id: 'opt-1' }, { id: 'opt-2' }],
});
const topics = ['t1', 't2', 't3', 't4'].map((id) => ({
  id,
  showResults: true,
  questions: [1, 2, 3, 4].map((n) => question(`${id}-q${n}`)),
}));

/** A player-day's replies as recordPlayerDay keeps them (one per call). */
const RECORDING: DropRecording = {
  'POST /api/guest-login': {
    ...json({ id: 'guest-1' }, [['set-cookie', 'session=abc; Path=/; HttpOnly']]),
    status: 201,
  },
  'GET /api/user': json({ id: 'guest-1' }),
  'PUT /api/profile': json({ ok: true }),
  'GET /api/daily-topics': json({ topics }),
  'POST /api/select-topic': json({ selectedTopicIds: ['t1'] }),
  'POST /api/answers': { ...json({ ok: true }), status: 201 },
  'GET /api/questions/:id/results': json({ totalAnswers: 9 }),
  'GET /api/user/badges': json({ badges: [] }),
};

let server: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'drop-floor-')), 'recording.json');
  writeFileSync(file, JSON.stringify(RECORDING));
  server = spawn(process.execPath, ['--import', 'tsx', 'bench/drop-floor-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', WEB_CONCURRENCY: '1', DROP_RECORDING: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  baseUrl = await new Promise<string>((ok, fail) => {
    let out = '';
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) ok(url);
    });
    server.once('exit', (code) => fail(new Error(`floor server exited with ${code}`)));
  });
});

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('the drop floor server', () => {
  it('answers each call with its recorded status, headers and body', async () => {
    const guest = await fetch(`${baseUrl}/api/guest-login`, { method: 'POST' });
    expect(guest.status).toBe(201);
    expect(guest.headers.get('set-cookie')).toBe('session=abc; Path=/; HttpOnly');
    expect(guest.headers.get('cache-control')).toBe('no-store');
    expect(await guest.json()).toEqual({ id: 'guest-1' });
    const results = await fetch(`${baseUrl}/api/questions/any-id/results`);
    expect(await results.json()).toEqual({ totalAnswers: 9 });
    const answer = await fetch(`${baseUrl}/api/answers`, {
      method: 'POST',
      body: JSON.stringify({ questionId: 'q' }),
    });
    expect(answer.status).toBe(201);
    expect((await fetch(`${baseUrl}/api/not-a-call`)).status).toBe(404);
  });

  it('carries whole player-days of the drop generator with no errors, and reports its CPU', async () => {
    const report = await runDropFloor({
      baseUrl,
      players: 6,
      concurrency: 2,
      warmupPlayers: 2,
      serverPid: server.pid!,
      cores: 2,
    });
    expect(report.errors).toBe(0);
    expect(report.players).toBe(6);
    // 44 calls per player-day: guest, user, profile, daily topics, 3 selections, 12 × (answer + refetch), 12 results, badges.
    expect(report.requests).toBe(6 * 44);
    expect(report.cpu).not.toBeNull();
    expect(report.playerDaysPerSecond).toBeGreaterThan(0);
  });
});
