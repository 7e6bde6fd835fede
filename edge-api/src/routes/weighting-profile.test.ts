import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserSchema } from '@daily-tea/shared/contracts/auth';
import { MethodologySchema } from '@daily-tea/shared/contracts/weighting';
import { WEIGHTING_SCHEME } from '@daily-tea/shared/domain/weighting-targets';
import { createTestApp, type TestApp } from '../test/harness';

/** Province on the profile (product.md#weighted-results) and GET /api/methodology. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const BASE = { gender: 'female', ageBracket: '25-34', raceBracket: 'black' };
async function putProfile(cookie: string, body: Record<string, unknown>) {
  const res = await t.request('/api/profile', { method: 'PUT', cookie, json: { ...BASE, ...body } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('PUT /api/profile — province', () => {
  it('takes the province of a South African city the list knows, and keeps a given answer', async () => {
    const { cookie } = await t.signUp();
    let res = await putProfile(cookie, { country: 'South Africa', city: 'Durban' });
    expect(res.status).toBe(200);
    expect(UserSchema.parse(res.body).province).toBe('kwazulu_natal');

    res = await putProfile(cookie, { country: 'South Africa', city: 'Soweto', province: 'gauteng' });
    expect(res.body.province).toBe('gauteng');
    // Omitted: the stored answer stays (the city is not on the list).
    res = await putProfile(cookie, { country: 'South Africa', city: 'Soweto' });
    expect(res.body.province).toBe('gauteng');
    res = await putProfile(cookie, {
      country: 'South Africa',
      city: 'Soweto',
      province: 'prefer_not_to_say',
    });
    expect(res.body.province).toBe('prefer_not_to_say');
    res = await putProfile(cookie, { country: 'South Africa', city: 'Soweto', province: null });
    expect(res.body.province).toBeNull();

    const user = UserSchema.parse(await (await t.request('/api/user', { cookie })).json());
    expect(user.province).toBeNull();
  });

  it('keeps no province for another country, and refuses an unknown one with a clear 400', async () => {
    const { cookie } = await t.signUp();
    let res = await putProfile(cookie, { country: 'Kenya', city: 'Nairobi', province: 'gauteng' });
    expect(res.status).toBe(200);
    expect(res.body.province).toBeNull();
    res = await putProfile(cookie, { country: 'South Africa', city: null, province: 'atlantis' });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('GET /api/methodology', () => {
  it('answers the scheme, targets summing to 1 per margin, sources and the threshold without a session', async () => {
    const res = await t.request('/api/methodology');
    expect(res.status).toBe(200);
    const body = MethodologySchema.parse(await res.json());
    expect(body.scheme).toBe(WEIGHTING_SCHEME);
    for (const margin of Object.values(body.targets)) {
      const sum = Object.values(margin).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 9);
    }
    expect(Object.keys(body.targets.raceBracket).sort()).toEqual([
      'black',
      'coloured',
      'indian',
      'other',
      'white',
    ]);
    expect(Object.keys(body.targets.province)).toHaveLength(9);
    expect(body.sources.every((s) => s.url.startsWith('https://') && s.table.length > 0)).toBe(true);
    expect(body.minEffectiveSample).toBeGreaterThan(0);
  });
});
