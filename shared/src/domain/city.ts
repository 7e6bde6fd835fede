/**
 * The rule of a player's city (product.md#accounts), apart from the country list so that the contracts can carry
 * it without the list.
 */

const CITY_MAX = 100;
export const CITY_TOO_LONG = `City must be at most ${CITY_MAX} characters`;
export const CITY_BAD_CHARACTERS = 'City must not contain control or text-direction characters';

/**
 * Control characters (C0, DEL, C1) and the invisible text-direction marks and overrides (LRM, RLM, ALM, LRE…RLO,
 * LRI…PDI): none belongs in a place name, and the overrides can make text shown to everyone read as something else.
 */
const FORBIDDEN_TEXT_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Why a city cannot be stored, or null. */
export function cityProblem(city: string): string | null {
  if (city.length > CITY_MAX) return CITY_TOO_LONG;
  return FORBIDDEN_TEXT_CHARACTERS.test(city) ? CITY_BAD_CHARACTERS : null;
}
