import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, hasErrorCode } from './api-error';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('errorFromResponse', () => {
  it('keeps the body’s message and its stable code', async () => {
    const error = await errorFromResponse(
      json({ message: 'Already answered', code: 'already_answered' }, 409),
    );
    expect([error.status, error.message, error.code]).toEqual([409, 'Already answered', 'already_answered']);
    expect(hasErrorCode(error, 'already_answered')).toBe(true);
    expect(hasErrorCode(error, 'conflict')).toBe(false);
  });

  it('has no code for a body without one, or with one the client does not know', async () => {
    expect((await errorFromResponse(json({ message: 'Nope' }, 400))).code).toBeNull();
    expect((await errorFromResponse(json({ message: 'Nope', code: 'made_up' }, 400))).code).toBeNull();
  });

  it('falls back to the plain-text body, then the status text (product.md#errors)', async () => {
    const text = await errorFromResponse(new Response('Bad gateway from the proxy', { status: 502 }));
    expect([text.message, text.code]).toEqual(['Bad gateway from the proxy', null]);
    const empty = await errorFromResponse(
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    );
    expect(empty.message).toBe('Service Unavailable');
  });

  it('never matches a code on an error that is not from the API', () => {
    expect(hasErrorCode(new Error('Already answered'), 'already_answered')).toBe(false);
    expect(hasErrorCode(new ApiError(409, 'Already answered'), 'already_answered')).toBe(false);
  });
});
