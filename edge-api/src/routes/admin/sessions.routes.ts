import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import {
  endOperatorSession,
  revokeAllOperatorSessions,
} from '../../services/admin/operator-sessions.service';

/** Operator sessions: end the caller's token, or every token (admin only for revoke-all). */
export const sessionRoutes = new Hono<AppEnv>()
  .post('/sessions/revoke', async (c) => {
    await endOperatorSession(c.var.deps, c.var.operator!);
    return c.json({ ok: true as const });
  })
  .post('/sessions/revoke-all', async (c) => {
    await revokeAllOperatorSessions(c.var.deps);
    return c.json({ ok: true as const });
  });

/** Marketing's own exit (a marketing or admin token). */
export const marketingSessionRoutes = new Hono<AppEnv>().post('/sessions/revoke', async (c) => {
  await endOperatorSession(c.var.deps, c.var.operator!);
  return c.json({ ok: true as const });
});
