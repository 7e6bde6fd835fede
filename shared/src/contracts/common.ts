import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Date must be a real calendar date');

export const IdSchema = z.string().trim().min(1, 'id is required').max(64, 'id is too long');

/** limit/offset paging for lists that grow with the community. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; limit: number; offset: number };

/** Timestamps travel as ISO strings. */
export const TimestampSchema = z.string();
