import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

/**
 * The trend and place keys of GET /api/questions/:id/results. Shaped by
 * shared/domain/trend.ts and shared/domain/places.ts; figures below the small-number rules are withheld.
 */

/**
 * The trend in columns, one entry per game day asked (oldest first) — compact, since the hot results response
 * carries it to every player. A date below the small-sample threshold has its total but null figures.
 */
export const ResultsTrendSchema = z
  .object({
    dates: z.array(z.string()),
    /** Answers per date. */
    totals: z.array(z.number().int()),
    /** Multiple choice: per date, the counts of opt-1…opt-N in option order (null: too few answers). Null for numeric. */
    counts: z.array(z.array(z.number().int()).nullable()).nullable(),
    /** Numeric: per date, the average (null: too few answers). Null for multiple choice. */
    averages: z.array(z.number().nullable()).nullable(),
  })
  /** Null when the link group has answers on fewer than two game days. */
  .nullable();

export const PlaceGroupSchema = z.object({
  label: z.string(),
  isOther: z.boolean(),
  total: z.number().int(),
  optionCounts: z.record(z.string(), z.number().int()),
  average: z.number().nullable(),
});
export type PlaceGroup = z.infer<typeof PlaceGroupSchema>;

export const ResultsPlacesSchema = z.object({
  byCountry: z.object({ total: z.number().int(), available: z.boolean(), groups: z.array(PlaceGroupSchema) }),
  /** Null when the viewer has no city in their profile. */
  city: z
    .object({
      city: z.string(),
      country: z.string().nullable(),
      total: z.number().int(),
      available: z.boolean(),
      group: PlaceGroupSchema.nullable(),
    })
    .nullable(),
});
