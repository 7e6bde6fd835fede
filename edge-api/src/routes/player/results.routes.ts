import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { readOperatorClaims } from '../../auth/require-operator';
import { getQuestionResults } from '../../services/play/results.service';
import { jsonBody } from '../json-body';

/**
 * GET /questions/:id/results — for the player who answered it, or with a valid admin bearer token
 * (product.md#play-rules). No requireUser: an operator without a player session may read any question.
 */
export const resultsRoutes = new Hono<AppEnv>().get('/questions/:id/results', async (c) => {
  const deps = c.var.deps;
  const claims = await readOperatorClaims(deps, c.req.header('Authorization'));
  const viewer = { user: c.var.user, isAdmin: claims?.role === 'admin' };
  return jsonBody(c, await getQuestionResults(deps, viewer, c.req.param('id')));
});
