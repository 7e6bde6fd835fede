import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { LoginInputSchema, ProfileInputSchema, RegisterInputSchema } from '@daily-tea/shared/contracts/auth';
import { PreferencesInputSchema } from '@daily-tea/shared/contracts/preferences';
import type { AppEnv } from '../app-env';
import { clientIp } from '../auth/client-ip';
import { blankSessionCookie } from '../auth/lucia';
import { requireUser } from '../auth/require-user';
import { validationHook } from '../errors';
import {
  createGuest,
  loginUser,
  logoutUser,
  registerUser,
  updateProfile,
} from '../services/auth/accounts.service';
import { updatePreferences } from '../services/auth/preferences.service';
import { signedInUserJson, toUserJson } from '../services/auth/user-json';
import { today } from '../services/play/today';
import { jsonBody } from './json-body';

/** User and auth calls (product.md#endpoints), mounted at /api. Every user body goes through toUserJson (no hash). */
export const authRoutes = new Hono<AppEnv>()
  .get('/user', requireUser, (c) => jsonBody(c, signedInUserJson(c.get('user')!, today(c.get('deps')))))
  .get('/session', (c) => {
    const user = c.get('user');
    return jsonBody(c, { user: user ? signedInUserJson(user, today(c.get('deps'))) : null });
  })
  .post('/register', zValidator('json', RegisterInputSchema, validationHook), async (c) => {
    const deps = c.get('deps');
    const { user, cookie } = await registerUser(
      deps,
      c.get('user'),
      c.get('session')?.id ?? null,
      c.req.valid('json'),
      clientIp(c),
    );
    c.header('Set-Cookie', cookie);
    return c.json(toUserJson(user, today(deps)), 201);
  })
  .post('/login', zValidator('json', LoginInputSchema, validationHook), async (c) => {
    const deps = c.get('deps');
    const { user, cookie } = await loginUser(
      deps,
      c.get('session')?.id ?? null,
      c.req.valid('json'),
      clientIp(c),
    );
    c.header('Set-Cookie', cookie);
    return c.json(toUserJson(user, today(deps)));
  })
  .post('/guest-login', async (c) => {
    const deps = c.get('deps');
    const { user, cookie } = await createGuest(deps, c.get('session')?.id ?? null, clientIp(c));
    c.header('Set-Cookie', cookie);
    return c.json(toUserJson(user, today(deps)), 201);
  })
  .post('/logout', async (c) => {
    const deps = c.get('deps');
    await logoutUser(deps, c.get('session')?.id ?? null);
    c.header('Set-Cookie', blankSessionCookie(deps));
    return c.json({ ok: true as const });
  })
  .put('/profile', requireUser, zValidator('json', ProfileInputSchema, validationHook), async (c) => {
    const deps = c.get('deps');
    const user = await updateProfile(deps, c.get('user')!, c.req.valid('json'));
    return c.json(toUserJson(user, today(deps)));
  })
  .put('/preferences', requireUser, zValidator('json', PreferencesInputSchema, validationHook), async (c) =>
    c.json(await updatePreferences(c.get('deps'), c.get('user')!, c.req.valid('json'))),
  );
