import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

/**
 * The trend and place keys of GET /api/questions/:id/results (issue 17). Shaped by
 * shared/domain/trend.ts and shared/domain/places.ts; figures below the small-number rules are withheld.
 */

export const TrendPointSchema = z.object({
  date: z.string(),
  total: z.number().int(),
  sufficient: z.boolean(),
  optionCounts: z.record(z.string(), z.number().int()).nullable(),
  average: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** Null when the link group has answers on fewer than two game days. */
export const ResultsTrendSchema = z.object({ points: z.array(TrendPointSchema) }).nullable();
export type ResultsTrend = z.infer<typeof ResultsTrendSchema>;

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
export type ResultsPlaces = z.infer<typeof ResultsPlacesSchema>;
