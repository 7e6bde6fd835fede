// @databases: embedded — routing only (no database): the other runs would test nothing more.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MatchCacheRouter } from './match-cache-router';

const routes = (router?: MatchCacheRouter<never>) => {
  const app = new Hono(router ? { router } : {});
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Seen', 'yes');
  });
  app.get('/friends/invites/:code', (c) => c.text(`preview ${c.req.param('code')}`));
  app.delete('/friends/invites/:code', (c) => c.text(`revoke ${c.req.param('code')}`));
  app.delete('/friends/:userId', (c) => c.text(`remove ${c.req.param('userId')}`));
  app.get('/user', (c) => c.text('user'));
  return app;
};

describe('MatchCacheRouter', () => {
  it('answers every request as Hono’s default router does, the first time and when the match is kept', async () => {
    const plain = routes();
    const cached = routes(new MatchCacheRouter());
    const requests: [string, string][] = [
      ['GET', '/user'],
      ['GET', '/friends/invites/abc'],
      ['DELETE', '/friends/invites/abc'],
      ['DELETE', '/friends/invites/xyz'],
      ['DELETE', '/friends/u1'],
      ['DELETE', '/friends/u2'],
      ['GET', '/friends/u1'],
      ['POST', '/user'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [method, path] of requests) {
        const [a, b] = await Promise.all([plain.request(path, { method }), cached.request(path, { method })]);
        expect([b.status, await b.text(), b.headers.get('X-Seen')], `${method} ${path}`).toEqual([
          a.status,
          await a.text(),
          a.headers.get('X-Seen'),
        ]);
      }
    }
  });

  it('serves the app’s routes (which RegExpRouter alone refuses)', async () => {
    const router = new MatchCacheRouter<never>();
    const app = routes(router);
    expect(await (await app.request('/friends/u7', { method: 'DELETE' })).text()).toBe('remove u7');
    expect(router.match('DELETE', '/friends/u7')).toBe(router.match('DELETE', '/friends/u7'));
  });
});
