/**
 * South Africa's nine provinces (product.md#weighted-results): the optional profile question asked of South
 * African players, and the province margin of the weighting scheme. Stored as slugs, shown with their labels.
 */
export const PROVINCES = [
  'eastern_cape',
  'free_state',
  'gauteng',
  'kwazulu_natal',
  'limpopo',
  'mpumalanga',
  'north_west',
  'northern_cape',
  'western_cape',
] as const;
export type Province = (typeof PROVINCES)[number];

/** What a player may answer to the province question: a province, or that they would rather not say. */
export const PROVINCE_ANSWERS = [...PROVINCES, 'prefer_not_to_say'] as const;
export type ProvinceAnswer = (typeof PROVINCE_ANSWERS)[number];

export const PROVINCE_LABELS: Record<ProvinceAnswer, string> = {
  eastern_cape: 'Eastern Cape',
  free_state: 'Free State',
  gauteng: 'Gauteng',
  kwazulu_natal: 'KwaZulu-Natal',
  limpopo: 'Limpopo',
  mpumalanga: 'Mpumalanga',
  north_west: 'North West',
  northern_cape: 'Northern Cape',
  western_cape: 'Western Cape',
  prefer_not_to_say: 'Prefer not to say',
};

/** The country whose adults the scheme weights to, and whose players are asked their province. */
export const WEIGHTING_COUNTRY = 'South Africa';

/** The built-in list's South African cities (domain/countries.ts) and the province each lies in. */
const CITY_PROVINCES: Record<string, Province> = {
  johannesburg: 'gauteng',
  'cape town': 'western_cape',
  durban: 'kwazulu_natal',
  pretoria: 'gauteng',
  gqeberha: 'eastern_cape',
  'port elizabeth': 'eastern_cape',
  bloemfontein: 'free_state',
  'east london': 'eastern_cape',
  polokwane: 'limpopo',
  mbombela: 'mpumalanga',
  nelspruit: 'mpumalanga',
  kimberley: 'northern_cape',
};

/** The province of a South African city where it is known (case and surrounding spaces ignored), else null. */
export function provinceOfCity(country: string | null, city: string | null): Province | null {
  if (country !== WEIGHTING_COUNTRY || !city) return null;
  return CITY_PROVINCES[city.trim().toLowerCase()] ?? null;
}

/**
 * The province a profile stores (South African players only; anyone else: null): the player's own answer when the
 * request gives one; when it omits the province, the province of their city where the list knows it, else what was
 * stored; when it clears it (null), the city's province or nothing.
 */
export function profileProvince(input: {
  country: string | null;
  city: string | null;
  /** undefined: not in the request; null: cleared. */
  province: ProvinceAnswer | null | undefined;
  stored: string | null;
}): ProvinceAnswer | null {
  if (input.country !== WEIGHTING_COUNTRY) return null;
  if (input.province) return input.province;
  const fromCity = provinceOfCity(input.country, input.city);
  if (input.province === null) return fromCity;
  return fromCity ?? (isProvinceAnswer(input.stored) ? input.stored : null);
}

export function isProvinceAnswer(value: string | null | undefined): value is ProvinceAnswer {
  return (PROVINCE_ANSWERS as readonly string[]).includes(value ?? '');
}
