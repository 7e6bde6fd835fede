import { ERROR_CODES } from '../contracts/error-codes';
import type { ErrorCode } from '../contracts/errors';

/**
 * A non-OK API response. `message` follows product.md#errors: JSON `message`, else plain text, else status text.
 * `code` is the body's stable error code (contracts/error-codes.ts), or null when the body has none (a proxy's page).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `error` is an API error with `code`: how clients tell cases apart, never by the message text. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

export async function errorFromResponse(res: Response): Promise<ApiError> {
  let message = '';
  let code: ErrorCode | null = null;
  try {
    const body = await res.text();
    if (body) {
      try {
        const parsed: unknown = JSON.parse(body);
        if (
          parsed &&
          typeof parsed === 'object' &&
          typeof (parsed as { message?: unknown }).message === 'string'
        ) {
          message = (parsed as { message: string }).message;
          const given = (parsed as { code?: unknown }).code;
          if (typeof given === 'string' && KNOWN_CODES.has(given)) code = given as ErrorCode;
        } else {
          message = body;
        }
      } catch {
        message = body;
      }
    }
  } catch {
    message = '';
  }
  return new ApiError(res.status, message || res.statusText || `HTTP ${res.status}`, code);
}
