/** Stored profile slugs (product.md#play-rules) and the labels the UI shows for them (product.md#validation). */
export const GENDERS = ['male', 'female', 'non_binary', 'transgender', 'other', 'prefer_not_to_say'] as const;
export const AGE_BRACKETS = ['18-24', '25-34', '35-44', '45+', 'prefer_not_to_say'] as const;
export const RACE_BRACKETS = [
  'black',
  'white',
  'indian',
  'coloured',
  'mixed_race',
  'other',
  'prefer_not_to_say',
] as const;

export type Gender = (typeof GENDERS)[number];
export type AgeBracket = (typeof AGE_BRACKETS)[number];
export type RaceBracket = (typeof RACE_BRACKETS)[number];

export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  non_binary: 'Non-binary',
  transgender: 'Transgender',
  other: 'Other (self-describe)',
  prefer_not_to_say: 'Prefer not to say',
};
export const AGE_LABELS: Record<AgeBracket, string> = {
  '18-24': '18-24',
  '25-34': '25-34',
  '35-44': '35-44',
  '45+': '45+',
  prefer_not_to_say: 'Prefer not to say',
};
export const RACE_LABELS: Record<RaceBracket, string> = {
  black: 'Black',
  white: 'White',
  indian: 'Indian',
  coloured: 'Coloured',
  mixed_race: 'Mixed race',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

/** Two-letter uppercase avatar initials: first letters of the first two name parts (_ . -), else the first two letters. */
export function initials(username: string): string {
  const name = username.trim();
  if (name === '') return '?';
  // Guest names are "guest_<random>"; "GU" reads as a guest, the random part's letter would be noise.
  const parts = /^guest_/i.test(name) ? [name] : name.split(/[_.-]+/).filter(Boolean);
  const first = parts[0] ?? name;
  const second = parts[1];
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.toUpperCase();
}

/** Header/user-list location: "city, country", country alone, or "Location not set" (product.md#screens). */
export function locationLine(city: string | null, country: string | null): string {
  const c = country?.trim();
  const town = city?.trim();
  if (c && town) return `${town}, ${c}`;
  if (c) return c;
  return 'Location not set';
}

/** product.md#validation: gender, age bracket and race/ethnicity are required; country and city are optional. */
export const REQUIRED_PROFILE_FIELDS = ['gender', 'ageBracket', 'raceBracket'] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

/** What each missing field says beside itself (the spec's toast says it for all three at once). */
export const PROFILE_FIELD_REQUIRED_MESSAGES: Record<RequiredProfileField, string> = {
  gender: 'Please select your gender.',
  ageBracket: 'Please select your age bracket.',
  raceBracket: 'Please select your race/ethnicity.',
};

/** product.md#validation's toast when a required field is missing. */
export const PROFILE_REQUIRED_TOAST = {
  title: 'Required fields missing',
  description: 'Please select your gender, age bracket, and race/ethnicity to continue.',
} as const;

/** The required profile fields still empty, in the form's order. */
export function missingProfileFields(
  profile: Record<RequiredProfileField, string | null | undefined>,
): RequiredProfileField[] {
  return REQUIRED_PROFILE_FIELDS.filter((field) => !profile[field]);
}
