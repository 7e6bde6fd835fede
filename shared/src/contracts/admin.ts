import { z } from 'zod';
import { IdSchema, IsoDateSchema, PageQuerySchema, TimestampSchema, pageOf } from './common';
import { QuestionOptionSchema, QuestionTypeSchema } from './daily';
import { UserSchema } from './auth';

export const UnlockInputSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type UnlockInput = z.infer<typeof UnlockInputSchema>;
export const UnlockResultSchema = z.object({ token: z.string(), expiresAt: TimestampSchema });
export type UnlockResult = z.infer<typeof UnlockResultSchema>;

export const TopicSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  isActive: z.boolean(),
  createdAt: TimestampSchema,
  /** Number of questions ever created for the topic (scheduler picker). */
  questionCount: z.number().int(),
});
export type Topic = z.infer<typeof TopicSchema>;

export const TopicInputSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(120),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(60),
  isActive: z.boolean().default(true),
});
export type TopicInput = z.input<typeof TopicInputSchema>;

const intOrNull = z.number().int().nullish().transform((v) => v ?? null);

/** POST /api/admin/questions — create or import (linkedQuestionId set). */
export const CreateQuestionInputSchema = z
  .object({
    topicId: IdSchema,
    date: IsoDateSchema,
    text: z.string({ error: 'Question text is required' }).trim().min(1, 'Question text is required').max(500),
    type: QuestionTypeSchema.default('multiple_choice'),
    options: z.array(QuestionOptionSchema).max(10, 'At most 10 options').default([]),
    numericUnit: z
      .string()
      .trim()
      .max(30)
      .nullish()
      .transform((v) => v || null),
    minValue: intOrNull,
    maxValue: intOrNull,
    imageUrl: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
    linkedQuestionId: IdSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'multiple_choice' && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A multiple choice question needs at least 2 options' });
    if (q.minValue !== null && q.maxValue !== null && q.minValue > q.maxValue)
      ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'Minimum must not be above maximum' });
  });
export type CreateQuestionInput = z.input<typeof CreateQuestionInputSchema>;

export const AdminQuestionSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  date: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  options: z.array(QuestionOptionSchema),
  numericUnit: z.string().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  imageUrl: z.string().nullable(),
  linkedQuestionId: z.string().nullable(),
  createdAt: TimestampSchema,
  answerCount: z.number().int(),
  topic: z.object({ title: z.string() }),
});
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;

export const ImportableQuerySchema = z.object({ topicId: IdSchema, currentDate: IsoDateSchema });
export const TopicQuestionsQuerySchema = z.object({ date: IsoDateSchema });

export const DailyScheduleSchema = z.object({ date: z.string(), topicIds: z.array(z.string()) });
export type DailySchedule = z.infer<typeof DailyScheduleSchema>;
export const ScheduleInputSchema = z.object({
  topicIds: z.array(IdSchema).max(20, 'At most 20 topics per day').refine((ids) => new Set(ids).size === ids.length, 'Duplicate topic ids'),
});
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>;

export const AdminUserSchema = UserSchema;
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersQuerySchema = PageQuerySchema.extend({ search: z.string().trim().max(30).optional() });
export const AdminUsersPageSchema = pageOf(AdminUserSchema);

export const AdminAnswerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  questionId: z.string(),
  questionText: z.string(),
  topicTitle: z.string(),
  selectedOptionId: z.string().nullable(),
  /** Text of the chosen option, or the numeric value with its unit. */
  answerText: z.string(),
  numericValue: z.number().nullable(),
  answeredAt: TimestampSchema,
});
export type AdminAnswer = z.infer<typeof AdminAnswerSchema>;
export const AdminAnswersQuerySchema = PageQuerySchema.extend({
  date: IsoDateSchema.optional(),
  questionId: IdSchema.optional(),
});
export const AdminAnswersPageSchema = pageOf(AdminAnswerSchema);

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  action: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);

/** GET /api/admin/stats/dashboard */
export const DashboardStatsSchema = z.object({
  totalTopics: z.number().int(),
  totalQuestions: z.number().int(),
  totalUsers: z.number().int(),
  activeUsers7d: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

const DistributionSchema = z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() }));
/** GET /api/admin/stats/users */
export const UserAnalyticsSchema = z.object({
  totalUsers: z.number().int(),
  gender: DistributionSchema,
  age: DistributionSchema,
  /** Top 10 countries by count; users without a country counted as "Not specified". */
  countries: DistributionSchema,
  engagement: z.object({
    averageCurrentStreak: z.number(),
    longestStreak: z.number().int(),
    usersWithStreak: z.number().int(),
    usersWithStreak7: z.number().int(),
  }),
});
export type UserAnalytics = z.infer<typeof UserAnalyticsSchema>;

/** GET /api/admin/stats/responses?date= */
export const ResponseStatsQuerySchema = z.object({ date: IsoDateSchema });
export const ResponseStatsSchema = z.object({
  date: z.string(),
  totalResponses: z.number().int(),
  questionsAnswered: z.number().int(),
  totalQuestions: z.number().int(),
  /** Percent (0–100, rounded) of the date's questions with at least one response. */
  responseRate: z.number().int(),
});
export type ResponseStats = z.infer<typeof ResponseStatsSchema>;
