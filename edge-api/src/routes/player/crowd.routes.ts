import { zValidator } from '@hono/zod-validator';
import { GuessInputSchema } from '@daily-tea/shared/contracts/crowd';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import { getCrowdSense, getDayRecap, submitGuess } from '../../services/play/crowd.service';

/** POST /guesses, GET /crowd-sense, GET /recap (signed-in players). */
export const crowdRoutes = new Hono<AppEnv>()
  .post('/guesses', requireUser, zValidator('json', GuessInputSchema, validationHook), async (c) =>
    c.json(await submitGuess(c.var.deps, c.var.user, c.req.valid('json')), 201),
  )
  .get('/crowd-sense', requireUser, async (c) => c.json(await getCrowdSense(c.var.deps, c.var.user)))
  .get('/recap', requireUser, async (c) => c.json(await getDayRecap(c.var.deps, c.var.user)));
