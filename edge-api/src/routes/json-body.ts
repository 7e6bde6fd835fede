import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toJson } from '../db/engine/json';

/**
 * A JSON response like `c.json(value, status)`, written by the engine's serializer (engine/json.ts) or by a writer
 * of the body's own shape (engine/daily-topics-json.ts): the same JSON, with the parts many responses share (the
 * day's catalogue, a group's results) spliced in as written once.
 */
export function jsonBody<T>(
  c: Context,
  value: T,
  status: ContentfulStatusCode = 200,
  write: (value: T) => string = toJson,
): Response {
  return c.body(write(value), status, { 'Content-Type': 'application/json' });
}
