import { zValidator } from '@hono/zod-validator';
import { AcceptInviteInputSchema, LeaderboardQuerySchema } from '@daily-tea/shared/contracts/friends';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { clientIp } from '../../auth/client-ip';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import {
  acceptInvite,
  createInvite,
  getLeaderboard,
  listFriends,
  listInvites,
  previewInvite,
  removeFriend,
  revokeInvite,
} from '../../services/social/friends.service';

/** The origin invite links point at: the one this request came to (its Host is checked by ALLOWED_HOSTS). */
const originOf = (url: string) => new URL(url).origin;

/** Friends (product.md#play-rules): mounted at /api. Registered players only, except an invite's preview. */
export const friendsRoutes = new Hono<AppEnv>()
  .get('/friends/invites/:code', async (c) =>
    c.json(await previewInvite(c.var.deps, c.req.param('code'), clientIp(c))),
  )
  .use('/friends', requireUser)
  .use('/friends/*', requireUser)
  .get('/friends', async (c) => c.json(await listFriends(c.var.deps, c.var.user)))
  .post('/friends', zValidator('json', AcceptInviteInputSchema, validationHook), async (c) => {
    const { status, body } = await acceptInvite(c.var.deps, c.var.user, c.req.valid('json').code);
    return c.json(body, status);
  })
  .get('/friends/leaderboard', zValidator('query', LeaderboardQuerySchema, validationHook), async (c) =>
    c.json(await getLeaderboard(c.var.deps, c.var.user)),
  )
  .get('/friends/invites', async (c) =>
    c.json(await listInvites(c.var.deps, c.var.user, originOf(c.req.url))),
  )
  .post('/friends/invites', async (c) =>
    c.json(await createInvite(c.var.deps, c.var.user, originOf(c.req.url)), 201),
  )
  .delete('/friends/invites/:code', async (c) =>
    c.json(await revokeInvite(c.var.deps, c.var.user, c.req.param('code'))),
  )
  .delete('/friends/:userId', async (c) =>
    c.json(await removeFriend(c.var.deps, c.var.user, c.req.param('userId'))),
  );
