import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { GUESS_DIRECTIONS } from '../domain/crowd';
import { IdSchema, IsoDateSchema, TimestampSchema } from './common';

export const GuessDirectionSchema = z.enum(GUESS_DIRECTIONS);

/**
 * POST /api/guesses, after answering: on a multiple-choice question the option the player thinks most players
 * picked; on a numeric question whether the community average is higher or lower than their answer (ADR 0244).
 */
export const GuessInputSchema = z.union([
  z
    .object({ questionId: IdSchema, optionId: z.string().trim().min(1, 'optionId is required').max(64) })
    .strict(),
  z.object({ questionId: IdSchema, direction: GuessDirectionSchema }).strict(),
]);
export type GuessInput = z.infer<typeof GuessInputSchema>;

export const GuessResultSchema = z.union([
  z.object({ questionId: z.string(), guessOptionId: z.string() }),
  z.object({ questionId: z.string(), direction: GuessDirectionSchema }),
]);
export type GuessResult = z.infer<typeof GuessResultSchema>;

/**
 * On a results response, the player's guess and side as judged when this question's results were first
 * revealed to them — against the numbers shown then; it never changes afterwards. Null for numeric questions
 * and for viewers without an answer.
 */
export const CrowdVerdictSchema = z.object({
  revealedAt: TimestampSchema,
  /** The most-picked option ids when revealed (several on a tie). */
  mostPickedOptionIds: z.array(z.string()),
  guessOptionId: z.string().nullable(),
  /** Null when the player did not guess. */
  guessRight: z.boolean().nullable(),
  sidedWithMajority: z.boolean(),
  /** Share of the player's own option when revealed, rounded like the bars. */
  ownSharePercent: z.number().int(),
});
export type CrowdVerdict = z.infer<typeof CrowdVerdictSchema>;

/**
 * On a numeric question's results, the player's guess as judged when the results were first revealed to them:
 * where the average stood against their answer then (both directions when equal) — it never changes afterwards.
 * Null for multiple-choice questions and for viewers without an answer.
 */
export const NumericVerdictSchema = z.object({
  revealedAt: TimestampSchema,
  /** The right guesses when revealed: the average (as shown, one decimal) was higher / lower than the answer. */
  averageDirections: z.array(GuessDirectionSchema),
  guessDirection: GuessDirectionSchema.nullable(),
  /** Null when the player did not guess. */
  guessRight: z.boolean().nullable(),
});
export type NumericVerdict = z.infer<typeof NumericVerdictSchema>;

export const GuessTallySchema = z.object({
  right: z.number().int(),
  made: z.number().int(),
  /** Rounded share of right guesses; null before the first judged guess. */
  percent: z.number().int().nullable(),
});
export type GuessTallyDto = z.infer<typeof GuessTallySchema>;

/** GET /api/crowd-sense: share of right guesses over the last 30 game days and in total. */
export const CrowdSenseSchema = z.object({
  windowDays: z.number().int(),
  recent: GuessTallySchema,
  total: GuessTallySchema,
});
export type CrowdSense = z.infer<typeof CrowdSenseSchema>;

/** GET /api/recap: the player's finished game day. */
export const DayRecapSchema = z.object({
  date: IsoDateSchema,
  sidedWithMajority: z.object({ count: z.number().int(), of: z.number().int() }),
  rarestAnswer: z
    .object({
      questionId: z.string(),
      questionText: z.string(),
      topicTitle: z.string(),
      optionId: z.string(),
      optionText: z.string(),
      sharePercent: z.number().int(),
    })
    .nullable(),
  guesses: GuessTallySchema,
  streak: z.object({ current: z.number().int(), longest: z.number().int(), freezes: z.number().int() }),
  crowdSense: CrowdSenseSchema,
});
export type DayRecap = z.infer<typeof DayRecapSchema>;
