import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema } from '@daily-tea/shared/contracts/health';
import { createTestApp, TEST_NOW, TEST_TODAY, type TestApp } from '../test/harness';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness, the server time and the current game day', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    const body = HealthSchema.parse(await res.json());
    expect(body).toEqual({
      ok: true,
      time: TEST_NOW.toISOString(),
      today: TEST_TODAY,
      timeZone: 'UTC',
      dayStartHour: 0,
    });
  });

  it('uses the configured zone and the 9 AM drop', async () => {
    const sa = await createTestApp({
      now: () => new Date('2026-05-20T06:30:00Z'), // 08:30 in Johannesburg: still the previous game day
      config: { timeZone: 'Africa/Johannesburg', dayStartHour: 9 },
    });
    try {
      const body = HealthSchema.parse(await (await sa.request('/api/health')).json());
      expect(body.today).toBe('2026-05-19');
      expect(body.timeZone).toBe('Africa/Johannesburg');
      expect(body.dayStartHour).toBe(9);
    } finally {
      sa.close();
    }
  });
});

describe('unknown routes and bad bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.request(path, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not found' });
    }
  });

  it('refuses malformed JSON with 400 JSON', async () => {
    const res = await t.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": "a",',
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as { message: string }).toHaveProperty('message');
  });

  it('refuses oversize bodies with 413 JSON', async () => {
    const res = await t.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'a', password: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'Request body too large' });
  });

  it('refuses wrong types with 400 and a message', async () => {
    const res = await t.request('/api/login', { method: 'POST', json: { username: 42, password: ['x'] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(0);
  });
});
