import type { AgeBracket, Gender, RaceBracket } from './profile';
import type { Province } from './provinces';

/**
 * The population the weighted results are weighted to (docs/decisions/0290-weighting-targets.md): South Africa's
 * adults, from Census 2022 (Stats SA). Each margin is kept as the published counts (or shares) with its source, and
 * turned into shares once, so a figure can be checked against its table. Where a margin is not an adults-only
 * figure, its source says so in `note` and the methodology page shows that note. Adults-only (18+) tables by sex,
 * age bracket, population group or province were searched for twice (sessions 2 and 3, ADR 0290 lists the queries)
 * and not found: the only adults figure found is the 18+ total (39.7 M), so gender, population group and province
 * are all-ages shares and the age brackets an approximation, each said so where it is shown.
 */

/** The weighting scheme's name, carried by every weighted result and the methodology page. */
export const WEIGHTING_SCHEME = 'sa-adults-census-2022';

/** Below this effective sample size (Kish) a weighted figure is not shown; the results say why. */
export const MIN_EFFECTIVE_SAMPLE = 30;

/** Trimmed weights: every weight stays within these multiples of the mean weight (docs/decisions/0291). */
export const WEIGHT_TRIM_BOUNDS = { lower: 0.2, upper: 5 } as const;

export type WeightingSource = {
  id: string;
  publisher: string;
  title: string;
  url: string;
  /** The table or passage the figures are taken from. */
  table: string;
  /** Which margins it supplies. */
  margins: Array<'gender' | 'ageBracket' | 'raceBracket' | 'province'>;
  /** What the figures are and are not (e.g. all ages rather than adults only). */
  note: string;
};

export const WEIGHTING_SOURCES: readonly WeightingSource[] = [
  {
    id: 'census-2022-release',
    publisher: 'Statistics South Africa',
    title: 'Census 2022 Population Count Results (media release, 10 October 2023)',
    url: 'https://statssa.gov.za/?p=16716',
    table: 'Key results: population by sex (48.5 % male, 51.5 % female)',
    margins: ['gender'],
    note:
      'Shares of the whole population (all ages); no adults-only split by sex was found. Among adults women are ' +
      'a slightly larger share, so the gender margin slightly under-weights women.',
  },
  {
    id: 'census-2022-population-group',
    publisher: 'Statistics South Africa',
    title: 'Census 2022 Statistical Release P0301.4: population by population group',
    url: 'https://wikimili.com/en/2022_South_African_census',
    table:
      'Population by group, Census 2022: Black African 50,486,856; Coloured 5,052,349; White 4,504,252; ' +
      'Indian/Asian 1,697,506; Other 247,353 (quoted from the Stats SA release)',
    margins: ['raceBracket'],
    note:
      'Counts of the whole population (all ages); adults-only counts by population group were not found. The White ' +
      'and Indian/Asian groups are older (median ages 45 and 37 against 28 nationally, Stats SA Report 03-00-23), ' +
      'so their adult shares are larger than these.',
  },
  {
    id: 'census-2022-age-structure',
    publisher: 'Statistics South Africa',
    title: 'South African Age-Sex Structure, 1996–2022 (Report 03-00-23) and Census 2022 age distribution',
    url: 'https://www.statssa.gov.za/?PPN=Report-03-00-23&SCH=74238&page_id=1856',
    table:
      'No published table used: adults by the app’s age brackets approximated as 18–24 ≈ 7.0 M, 25–34 ≈ 11.0 M, ' +
      '35–44 ≈ 8.8 M, 45+ ≈ 14.0 M, consistent with the report’s median age of 28 and 9.8 % aged 60+; they add ' +
      'up to 40.8 M against the 39.7 M aged 18 and over reported from Census 2022 (SABC News, 26 April 2024)',
    margins: ['ageBracket'],
    note:
      'Derived, not a published table: the bracket sizes approximate the Census 2022 age pyramid (median age 28, ' +
      '9.8 % aged 60+) and will be replaced by Stats SA’s five-year age counts.',
  },
  {
    id: 'census-2022-provinces',
    publisher: 'Statistics South Africa',
    title: 'Census 2022: population by province',
    url: 'https://wikimili.com/en/List_of_South_African_provinces_by_population',
    table:
      'Census 2022 by province: Gauteng 15,099,422; KwaZulu-Natal 12,423,907; Western Cape 7,433,019; Eastern Cape ' +
      '7,230,204; Limpopo 6,572,720; Mpumalanga 5,143,324; North West 3,804,548; Free State 2,964,412; Northern ' +
      'Cape 1,355,946 (total 62,027,503)',
    margins: ['province'],
    note: 'Counts of the whole population (all ages); adults-only counts by province were not found.',
  },
];

/** Turns counts into shares that sum to 1. */
function sharesOf<K extends string>(counts: Record<K, number>): Record<K, number> {
  const total = Object.values<number>(counts).reduce((a, b) => a + b, 0);
  const out = {} as Record<K, number>;
  for (const key of Object.keys(counts) as K[]) out[key] = counts[key] / total;
  return out;
}

/** The census categories each margin has, as the app's profile slugs; every other slug is outside the scheme. */
export type SchemeGender = Extract<Gender, 'male' | 'female'>;
export type SchemeAge = Exclude<AgeBracket, 'prefer_not_to_say'>;
export type SchemeRace = Extract<RaceBracket, 'black' | 'coloured' | 'white' | 'indian' | 'other'>;

export const SCHEME_GENDERS: readonly SchemeGender[] = ['male', 'female'];
export const SCHEME_AGES: readonly SchemeAge[] = ['18-24', '25-34', '35-44', '45+'];
export const SCHEME_RACES: readonly SchemeRace[] = ['black', 'coloured', 'white', 'indian', 'other'];

export type WeightingTargets = {
  gender: Record<SchemeGender, number>;
  ageBracket: Record<SchemeAge, number>;
  raceBracket: Record<SchemeRace, number>;
  province: Record<Province, number>;
};

/** Population shares per margin (each sums to 1). */
export const WEIGHTING_TARGETS: WeightingTargets = {
  gender: sharesOf({ male: 48.5, female: 51.5 }),
  ageBracket: sharesOf({ '18-24': 7.0, '25-34': 11.0, '35-44': 8.8, '45+': 14.0 }),
  raceBracket: sharesOf({
    black: 50_486_856,
    coloured: 5_052_349,
    white: 4_504_252,
    indian: 1_697_506,
    other: 247_353,
  }),
  province: sharesOf({
    gauteng: 15_099_422,
    kwazulu_natal: 12_423_907,
    western_cape: 7_433_019,
    eastern_cape: 7_230_204,
    limpopo: 6_572_720,
    mpumalanga: 5_143_324,
    north_west: 3_804_548,
    free_state: 2_964_412,
    northern_cape: 1_355_946,
  }),
};

/** Who the weighted figures cover and who they leave out, in plain words (docs/decisions/0291). */
export const WEIGHTING_IN_SCHEME = [
  'Players who live in South Africa and gave a gender (male or female), an age bracket and a population group the census counts (Black African, Coloured, White, Indian/Asian, Other).',
  'Their province counts too when they gave it; players who have not are kept, with the province margin applied to those who have.',
] as const;
export const WEIGHTING_LEFT_OUT = [
  'Players in another country, or who set no country: the targets describe South Africa.',
  'Players who preferred not to say their gender, age bracket or population group.',
  'Categories the census does not count: non-binary, transgender and self-described genders, and "mixed race". Their answers still count in the raw results.',
] as const;
