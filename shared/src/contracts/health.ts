import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

/** GET /api/health: liveness plus the server's game day, so clients never guess the time zone. */
export const HealthSchema = z.object({
  ok: z.literal(true),
  time: z.string(),
  /** Current game day (product.md#game-day) in the server's APP_TIMEZONE. */
  today: z.string(),
  timeZone: z.string(),
  dayStartHour: z.number().int(),
});
export type Health = z.infer<typeof HealthSchema>;
