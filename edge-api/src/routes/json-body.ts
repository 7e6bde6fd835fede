import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toJson } from '../db/engine/json';

/**
 * A JSON response like `c.json(value, status)`, written by the engine's serializer (engine/json.ts): the same
 * JSON, with the parts many responses share (the day's catalogue, a group's results) spliced in as written once.
 */
export function jsonBody(c: Context, value: unknown, status: ContentfulStatusCode = 200): Response {
  return c.body(toJson(value), status, { 'Content-Type': 'application/json' });
}
