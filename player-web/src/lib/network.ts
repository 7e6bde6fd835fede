import { ApiError } from '@daily-tea/shared/api-client/api-error';

/** The API client's "no response at all" error (status 0): the device is offline or the server unreachable. */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
