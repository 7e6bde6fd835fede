/**
 * Every error response of the API (product.md#errors) carries one of these codes: `message` for people, `code` for
 * programs. A client matches the code, never the text. Each status has a general code; a case a client answers on
 * its own has its own (`already_answered` moves the question flow on; `question_has_answers` offers the editor a
 * linked copy). A plain list with no zod: the API client reads it on the player's boot path, which does not load
 * zod (errors.ts builds the schema from this list; docs/decisions/0275-boot-path.md).
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
