import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

/**
 * Weighted results (product.md#weighted-results, docs/decisions/0290–0294): the respondents of a link group raked
 * to the margins of South Africa's adults, with the effective sample size and a 95 % interval from it.
 */

const Share = z.number().min(0).max(1);
const ShareMap = z.record(z.string(), Share);

/** One source of the targets: where the figures come from and what they are not. */
export const WeightingSourceSchema = z.object({
  id: z.string(),
  publisher: z.string(),
  title: z.string(),
  url: z.string(),
  table: z.string(),
  margins: z.array(z.enum(['gender', 'ageBracket', 'raceBracket', 'province'])),
  note: z.string(),
});

/** GET /api/methodology (no session needed): the scheme, its targets and sources, and the disclosure's numbers. */
export const MethodologySchema = z.object({
  scheme: z.string(),
  /** Per margin, profile slug → population share (each margin sums to 1). */
  targets: z.object({
    gender: ShareMap,
    ageBracket: ShareMap,
    raceBracket: ShareMap,
    province: ShareMap,
  }),
  sources: z.array(WeightingSourceSchema),
  /** Below this effective sample size the weighted figure is withheld. */
  minEffectiveSample: z.number().int(),
  /** Weights are trimmed to [lower, upper] × the mean weight. */
  trimBounds: z.object({ lower: z.number(), upper: z.number() }),
  /** Confidence level of `interval` (0.95). */
  confidenceLevel: z.number(),
  /** Who is weighted, and who is left out (plain words, for the methodology page). */
  inScheme: z.array(z.string()),
  leftOut: z.array(z.string()),
});
export type Methodology = z.infer<typeof MethodologySchema>;

/**
 * `weighted` on GET /api/questions/:id/results: null when it is withheld (see `weightedWithheld`). Multiple
 * choice carries `optionShares` (every opt-N, summing to 1); numeric carries `average`.
 */
export const WeightedResultsSchema = z.object({
  scheme: z.string(),
  /** Multiple choice: weighted share per option; null for numeric questions. */
  optionShares: ShareMap.nullable(),
  /** Numeric: weighted average; null for multiple choice. */
  average: z.number().nullable(),
  /** Kish's effective sample size (Σw)² / Σw², rounded to one decimal. */
  effectiveSampleSize: z.number(),
  /**
   * ± half-width of the 95 % interval from the effective sample size: on a share (0–1, the widest one, at the
   * share closest to 50 %) for multiple choice, on the average (in the question's unit) for numeric.
   */
  interval: z.number(),
  /** Multiple choice: the ± half-width per option (0–1); null for numeric. */
  optionIntervals: ShareMap.nullable(),
  /** Respondents in the scheme (weighted) and left out of it (another country, no answer, …). */
  respondents: z.number().int(),
  excluded: z.number().int(),
});
export type WeightedResults = z.infer<typeof WeightedResultsSchema>;

/**
 * Why `weighted` is null: too small an effective sample; nobody in the scheme yet; or the viewer's results leave
 * out a game day of the link group they have not answered (product.md#play-rules), which the weighted split covers.
 */
export const WeightedWithheldSchema = z.object({
  reason: z.enum(['too_few', 'no_respondents', 'days_unanswered']),
  effectiveSampleSize: z.number(),
  minEffectiveSample: z.number().int(),
  respondents: z.number().int(),
  excluded: z.number().int(),
});
export type WeightedWithheld = z.infer<typeof WeightedWithheldSchema>;

/** One category of a margin in the sample against its target: who is over- and under-represented. */
export const SampleMarginRowSchema = z.object({
  slug: z.string(),
  /** Respondents in the scheme in this category. */
  count: z.number().int(),
  /** Share among the respondents in the scheme (0 when there are none). */
  sampleShare: Share,
  /** Population share (the target). */
  targetShare: Share,
  /** sampleShare / targetShare: above 1 over-represented, below 1 under-represented. */
  ratio: z.number(),
});

/** Respondents of a margin outside the scheme, per slug (e.g. prefer_not_to_say, non_binary, none). */
const LeftOutSchema = z.record(z.string(), z.number().int());

/**
 * GET /api/admin/analytics/sample?date=YYYY-MM-DD[&questionId=]: the make-up of a day's respondents (each player
 * once) or of a question's link group against the targets, so staff know whom to reach.
 */
export const SampleMakeupQuerySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
  questionId: z.string().min(1).max(64).optional(),
});
export type SampleMakeupQuery = z.infer<typeof SampleMakeupQuerySchema>;

export const SampleMakeupSchema = z.object({
  date: z.string(),
  questionId: z.string().nullable(),
  scheme: z.string(),
  /** Every respondent counted (in and out of the scheme). */
  respondents: z.number().int(),
  /** In the scheme: South African, with a census gender, age bracket and population group. */
  inScheme: z.number().int(),
  /** Outside it, by reason: another or no country, and per margin the slugs the census lacks or not answered. */
  leftOut: z.object({
    country: z.number().int(),
    gender: LeftOutSchema,
    ageBracket: LeftOutSchema,
    raceBracket: LeftOutSchema,
  }),
  margins: z.object({
    gender: z.array(SampleMarginRowSchema),
    ageBracket: z.array(SampleMarginRowSchema),
    raceBracket: z.array(SampleMarginRowSchema),
    /** Among respondents in the scheme who gave a province; `unknown` counts the others. */
    province: z.array(SampleMarginRowSchema),
  }),
  provinceUnknown: z.number().int(),
});
export type SampleMakeup = z.infer<typeof SampleMakeupSchema>;
