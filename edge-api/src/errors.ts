import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The closed set of errors a service may throw; each maps to a status and a `{ message }` body. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** zValidator hook: the first issue becomes the 400 message (e.g. "Username is required"). */
export const validationHook = (
  result: {
    success: boolean;
    error?: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> };
  },
  c: Context,
) => {
  if (!result.success) {
    const issue = result.error?.issues[0];
    const field = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    const message = issue
      ? issue.message.startsWith('Invalid input')
        ? `${field}${issue.message}`
        : issue.message
      : 'Invalid request';
    return c.json({ message }, 400);
  }
  return undefined;
};

/** SQLite's write lock stayed with another connection past the wait (embedded client, SQLITE_BUSY). */
export function isDatabaseBusy(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const { code, rawCode } = e as Error & { code?: unknown; rawCode?: unknown };
    if (code === 'SQLITE_BUSY' || (typeof rawCode === 'number' && (rawCode & 0xff) === 5)) return true;
  }
  return false;
}

/** The client went away mid-request (closed the connection while sending its body): not a server fault. */
export function isClientAbort(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (
      code === 'ECONNRESET' ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      e.name === 'AbortError' ||
      e.message === 'aborted'
    )
      return true;
  }
  return false;
}

/**
 * One onError for the app: known errors keep their message; a client abort or a malformed body is one log
 * line (info / debug); anything else is logged with its stack and masked as a 500.
 */
export function handleError(err: Error, c: Context) {
  if (err instanceof AppError) {
    if (err instanceof TooManyRequestsError && err.retryAfterSeconds !== undefined)
      c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json({ message: err.message }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status < 500)
      console.debug(`[api] ${status} ${c.req.method} ${c.req.path}: ${err.message || 'request refused'}`);
    return c.json(
      { message: err.message || (status === 413 ? 'Request body too large' : 'Request failed') },
      status,
    );
  }
  if (err instanceof SyntaxError) {
    console.debug(`[api] 400 ${c.req.method} ${c.req.path}: malformed JSON body`);
    return c.json({ message: 'Malformed JSON body' }, 400);
  }
  if (isDatabaseBusy(err)) {
    console.warn(`[api] 503 ${c.req.method} ${c.req.path}: database write lock held elsewhere`);
    c.header('Retry-After', '2');
    return c.json({ message: 'The server is busy right now. Please try again in a moment.' }, 503);
  }
  if (isClientAbort(err)) {
    console.info(`[api] client aborted ${c.req.method} ${c.req.path}`);
    return c.json({ message: 'Request aborted by the client' }, 400);
  }
  console.error('[api] unhandled error', err);
  return c.json({ message: 'Something went wrong' }, 500);
}
