// @databases: embedded, libsql — the start-up guide is printed by the Node entry only (node/startup-guide.ts opens the database with Node's client), which the D1 run's workerd cannot load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { seedDemo } from './seed/demo-seed';
import { startupGuide } from './node/startup-guide';
import { createTestApp, TEST_NOW, TEST_TODAY, type TestApp } from './test/harness';

describe('npm start guide', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { adminPassword: 'admin-dev', marketingPassword: 'marketing-dev' } });
    await seedDemo({ ...t.deps, config: { ...t.deps.config, seedDemo: true } });
  });
  afterAll(() => t.close());

  const at = (days: number) => ({ ...t.deps, now: () => new Date(TEST_NOW.getTime() + days * 86_400_000) });
  const url = 'http://127.0.0.1:8787';

  it('prints the URL, the demo logins, the development passwords and the demo week', async () => {
    const text = (await startupGuide(t.deps, url)).join('\n');
    expect(text).toContain(
      `${url}  — sign up, continue as a guest, or sign in as demo_1 … demo_300 / demo-password`,
    );
    expect(text).toContain(`${url}/admin  — password admin-dev`);
    expect(text).toContain(`${url}/marketing  — password marketing-dev`);
    expect(text).toContain(`${TEST_TODAY} … ${addDays(TEST_TODAY, 6)} (7 days from today)`);
  });

  it('tells how to refresh the demo once its schedule has run out', async () => {
    const text = (await startupGuide(at(8), url)).join('\n');
    expect(text).toContain(
      `the last scheduled day was ${addDays(TEST_TODAY, 6)}; today (${addDays(TEST_TODAY, 8)}) players see no topics`,
    );
    expect(text).toContain('npm run db:reset');
    expect((await startupGuide(at(6), url)).join('\n')).toContain('npm run db:reset'); // the last day: warned ahead
  });

  it('never names demo logins in production (DESIGN §9), even with demo accounts in the database', async () => {
    const deps = { ...t.deps, config: { ...t.deps.config, isProduction: true } };
    const text = (await startupGuide(deps, url)).join('\n');
    expect(text).not.toContain('demo_');
    expect(text).not.toContain('demo-password');
  });

  it('never prints a configured password', async () => {
    const deps = {
      ...t.deps,
      config: { ...t.deps.config, adminPassword: 'S3cret-admin', marketingPassword: 'S3cret-mkt' },
    };
    const text = (await startupGuide(deps, url)).join('\n');
    expect(text).not.toMatch(/S3cret/);
    expect(text).toContain('password from ADMIN_PASSWORD');
    expect(text).toContain('password from MARKETING_PASSWORD');
  });
});
