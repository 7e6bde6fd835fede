import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

/**
 * Every error response of the API (product.md#errors): `message` for people, `code` for programs. A client
 * matches the code, never the text. Each status has a general code; a case a client answers on its own has its
 * own (`already_answered` moves the question flow on; `question_has_answers` offers the editor a linked copy).
 */
export const ERROR_CODES = [
  // general, one per status
  'invalid_request',
  'not_signed_in',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'body_too_large',
  'misdirected_host',
  'too_many_requests',
  'busy',
  'internal',
  // cases a client tells apart
  'malformed_json',
  'already_answered',
  'select_topic_first',
  'question_has_answers',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({ message: z.string(), code: ErrorCodeSchema });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
