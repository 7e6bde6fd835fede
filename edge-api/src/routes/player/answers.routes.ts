import { zValidator } from '@hono/zod-validator';
import { SubmitAnswerInputSchema } from '@daily-tea/shared/contracts/daily';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import { listUserBadges } from '../../services/play/badges.service';
import { submitAnswer } from '../../services/play/submit-answer.service';

/** POST /answers, GET /user/badges (signed-in players). */
export const answerRoutes = new Hono<AppEnv>()
  .post('/answers', requireUser, zValidator('json', SubmitAnswerInputSchema, validationHook), async (c) =>
    c.json(await submitAnswer(c.var.deps, c.var.user, c.req.valid('json')), 201),
  )
  .get('/user/badges', requireUser, async (c) => c.json(await listUserBadges(c.var.deps, c.var.user)));
