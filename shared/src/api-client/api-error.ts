/** A non-OK API response. `message` follows product.md#errors: JSON `message`, else plain text, else status text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function errorFromResponse(res: Response): Promise<ApiError> {
  let message = '';
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
  return new ApiError(res.status, message || res.statusText || `HTTP ${res.status}`);
}
