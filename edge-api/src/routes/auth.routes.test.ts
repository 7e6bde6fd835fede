import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@daily-tea/shared/contracts/auth';
import { createTestApp, type TestApp } from '../test/harness';

describe('auth smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers and reads the user', async () => {
    const { cookie, user } = await t.signUp('Alice');
    expect(UserSchema.strict().parse(user).username).toBe('Alice');
    const res = await t.request('/api/user', { cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(user.id);
    const g = await t.guest();
    expect(g.user.isGuest).toBe(true);
    expect(g.user.username).toMatch(/^guest_/);
  });
});
