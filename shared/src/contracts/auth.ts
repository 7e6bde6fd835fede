import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../domain/constants';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '../domain/profile';
import { cityProblem } from '../domain/city';
import { PROVINCE_ANSWERS } from '../domain/provinces';
import { TimestampSchema } from './common';
import { PreferencesSchema } from './preferences';

/** Sign-in: both fields required (product.md#validation messages). */
export const LoginInputSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(128),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Registration (product.md#accounts): username 3–30 of letters, digits, _ . -; password 8–128. */
export const RegisterInputSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(USERNAME_PATTERN, 'Username may only contain letters, digits, _ . and -'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const GenderSchema = z.enum(GENDERS);
export const AgeBracketSchema = z.enum(AGE_BRACKETS);
export const RaceBracketSchema = z.enum(RACE_BRACKETS);
/** A South African player's province, or prefer_not_to_say (they were asked and declined). */
export const ProvinceSchema = z.enum(PROVINCE_ANSWERS);

/** The user as every client sees it: never a password or hash field. */
export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  isGuest: z.boolean(),
  gender: GenderSchema.nullable(),
  ageBracket: AgeBracketSchema.nullable(),
  raceBracket: RaceBracketSchema.nullable(),
  area: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  /**
   * South African players only: their province (asked once after their first results, or from their city when the
   * list knows it), `prefer_not_to_say`, or null (not asked yet / not in South Africa).
   */
  province: ProvinceSchema.nullable(),
  /** Effective current streak: 0 once a day has been missed (product.md#play-rules). */
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  lastActivityDate: z.string().nullable(),
  /** Streak freezes held. */
  streakFreezes: z.number().int(),
  /** Freezes spent by today's first answer (0 on other days): "A freeze kept your 12-day streak". */
  freezesSpentToday: z.number().int(),
  /** product.md#accounts: guessTheCrowd (default false), theme (default "system"), shareAnswersWithFriends (default true). */
  preferences: PreferencesSchema,
  createdAt: TimestampSchema,
});
export type User = z.infer<typeof UserSchema>;

/**
 * GET /api/session: who is signed in, `user: null` when nobody is — a 200 either way, so a signed-out page
 * load logs no failed request (GET /api/user keeps product.md#endpoints's 401).
 */
export const SessionSchema = z.object({ user: UserSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** PUT /api/profile. Gender, age and race are required by the form; the API accepts null for each. */
export const ProfileInputSchema = z.object({
  gender: GenderSchema.nullable(),
  ageBracket: AgeBracketSchema.nullable(),
  raceBracket: RaceBracketSchema.nullable(),
  // The country is checked against the built-in list by the server (domain/countries.ts: the list stays out of
  // every bundle that loads this schema); the city's rule is small enough to travel.
  country: optionalText(100),
  city: z
    .string()
    .nullish()
    .superRefine((v, ctx) => {
      const problem = v ? cityProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => v?.trim() || null),
  /**
   * Optional: omitted keeps the stored province (or takes the city's when the list knows it); null clears it. Only
   * South African players keep one: for any other country it is stored as null.
   */
  province: ProvinceSchema.nullish(),
});
export type ProfileInput = z.input<typeof ProfileInputSchema>;
