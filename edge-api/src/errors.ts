import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '@daily-tea/shared/contracts/errors';

/**
 * The closed set of errors a service may throw; each maps to a status and a `{ message, code }` body
 * (shared/src/contracts/errors.ts). Each class has its status's general code; pass a specific one where a
 * client must tell the case apart (`new ConflictError(ALREADY_ANSWERED, 'already_answered')`).
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, code: ErrorCode = 'invalid_request') {
    super(400, message, code);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in', code: ErrorCode = 'not_signed_in') {
    super(401, message, code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'forbidden') {
    super(403, message, code);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string, code: ErrorCode = 'not_found') {
    super(404, message, code);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, message, code);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, 'too_many_requests');
  }
}

/** The body of every error response. */
export const errorBody = (message: string, code: ErrorCode): ErrorBody => ({ message, code });

/** The general code of an HTTP status, for errors that carry none of their own (Hono's, the runtime's). */
export function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'not_signed_in';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'body_too_large';
    case 421:
      return 'misdirected_host';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'busy';
    default:
      return status < 500 ? 'invalid_request' : 'internal';
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
    return c.json(errorBody(message, 'invalid_request'), 400);
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
    return c.json(errorBody(err.message, err.code), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    if (status < 500)
      console.debug(`[api] ${status} ${c.req.method} ${c.req.path}: ${err.message || 'request refused'}`);
    return c.json(
      errorBody(
        err.message || (status === 413 ? 'Request body too large' : 'Request failed'),
        // Hono's validator refuses a body that is not JSON with this 400.
        status === 400 && err.message.startsWith('Malformed JSON') ? 'malformed_json' : codeOfStatus(status),
      ),
      status,
    );
  }
  if (err instanceof SyntaxError) {
    console.debug(`[api] 400 ${c.req.method} ${c.req.path}: malformed JSON body`);
    return c.json(errorBody('Malformed JSON body', 'malformed_json'), 400);
  }
  if (isDatabaseBusy(err)) {
    console.warn(`[api] 503 ${c.req.method} ${c.req.path}: database write lock held elsewhere`);
    c.header('Retry-After', '2');
    return c.json(errorBody('The server is busy right now. Please try again in a moment.', 'busy'), 503);
  }
  if (isClientAbort(err)) {
    console.info(`[api] client aborted ${c.req.method} ${c.req.path}`);
    return c.json(errorBody('Request aborted by the client', 'invalid_request'), 400);
  }
  console.error('[api] unhandled error', err);
  return c.json(errorBody('Something went wrong', 'internal'), 500);
}
