import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { MAX_QUESTION_OPTIONS, NUMERIC_UNIT_MAX, QUESTION_TEXT_MAX } from '../domain/constants';
import { IdSchema, IsoDateSchema, PageQuerySchema, TimestampSchema, pageOf } from './common';
import { QuestionOptionSchema, QuestionTypeSchema, TopicBaseSchema } from './daily';
import { RegisterInputSchema, UserSchema } from './auth';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '../domain/profile';

/**
 * POST /api/admin/unlock and /api/marketing/unlock: the role password alone (the owner), or a staff member's
 * `name` with their own password (product.md#operators). An empty name counts as none.
 */
export const UnlockInputSchema = z.object({
  name: z
    .string()
    .trim()
    .max(64, 'Name is too long')
    .optional()
    .transform((v) => v || undefined),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type UnlockInput = z.infer<typeof UnlockInputSchema>;
/** The token, and who holds it with what it opens: the console hides what the role cannot reach. */
export const UnlockResultSchema = z.object({
  token: z.string(),
  expiresAt: TimestampSchema,
  actor: z.string(),
  role: z.enum(['admin', 'editor', 'marketing']),
});
export type UnlockResult = z.infer<typeof UnlockResultSchema>;

export const TopicSchema = TopicBaseSchema.extend({
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

const intOrNull = z
  .number({ error: 'Minimum and maximum must be whole numbers' })
  .int('Minimum and maximum must be whole numbers')
  .nullish()
  .transform((v) => v ?? null);

/** Messages of the question rules, written once: the API, the dialogs and the scheduler show these. */
export const QUESTION_MESSAGES = {
  textRequired: 'Question text is required',
  optionsMin: 'A multiple choice question needs at least 2 options',
  optionsMax: `At most ${MAX_QUESTION_OPTIONS} options`,
  minAboveMax: 'Minimum must not be above maximum',
  duplicateImport: 'This question has already been imported for this topic and date.',
} as const;

/** What an operator writes for a question: the create body without its topic and date. */
const questionContentShape = {
  text: z
    .string({ error: QUESTION_MESSAGES.textRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.textRequired)
    .max(QUESTION_TEXT_MAX),
  type: QuestionTypeSchema.default('multiple_choice'),
  options: z.array(QuestionOptionSchema).max(MAX_QUESTION_OPTIONS, QUESTION_MESSAGES.optionsMax).default([]),
  numericUnit: z
    .string()
    .trim()
    .max(NUMERIC_UNIT_MAX)
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
};

function questionContentRules(
  q: {
    type: 'multiple_choice' | 'numeric';
    options: unknown[];
    minValue: number | null;
    maxValue: number | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (q.type === 'multiple_choice' && q.options.length < 2)
    ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MESSAGES.optionsMin });
  if (q.minValue !== null && q.maxValue !== null && q.minValue > q.maxValue)
    ctx.addIssue({ code: 'custom', path: ['minValue'], message: QUESTION_MESSAGES.minAboveMax });
}

/** POST /api/admin/questions — create or import (linkedQuestionId set). */
export const CreateQuestionInputSchema = z
  .object({
    topicId: z.string({ error: 'Choose a topic' }).trim().min(1, 'Choose a topic').max(64, 'id is too long'),
    date: IsoDateSchema,
    ...questionContentShape,
  })
  .superRefine(questionContentRules);
export type CreateQuestionInput = z.input<typeof CreateQuestionInputSchema>;

/** A new question of a day save: the content of a create, its topic and date given by the day. */
export const NewDayQuestionSchema = z.object(questionContentShape).superRefine(questionContentRules);
export type NewDayQuestion = z.input<typeof NewDayQuestionSchema>;

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

/**
 * PATCH /api/admin/questions/{id} (product.md#operators): any of the content fields of a question that has no
 * answers yet; the fields left out keep their stored values, and the result must pass the create rules.
 */
export const EditQuestionInputSchema = z
  .object({
    text: questionContentShape.text.optional(),
    type: QuestionTypeSchema.optional(),
    options: z.array(QuestionOptionSchema).max(MAX_QUESTION_OPTIONS, QUESTION_MESSAGES.optionsMax).optional(),
    numericUnit: questionContentShape.numericUnit.optional(),
    minValue: intOrNull.optional(),
    maxValue: intOrNull.optional(),
  })
  .strict();
export type EditQuestionInput = z.input<typeof EditQuestionInputSchema>;

/** The message of a 409 on PATCH: a question with answers keeps the wording they answered. */
export const ANSWERED_QUESTION_MESSAGE =
  'This question already has answers, so it cannot be edited: its answers were given to the wording as it is. Copy it to a later day and edit the copy instead.';

/** Most results GET /api/admin/questions/search returns at once. */
export const QUESTION_SEARCH_MAX = 100;

/** GET /api/admin/questions/search (product.md#operators): text fragment, optional topic and "before" date. */
export const QuestionSearchQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search at most 200 characters').default(''),
  limit: z.coerce.number().int().min(1).max(QUESTION_SEARCH_MAX).default(30),
  topicId: IdSchema.optional(),
  before: IsoDateSchema.optional(),
});
export type QuestionSearchQuery = { q?: string; limit?: number; topicId?: string; before?: string };

export const ImportableQuerySchema = z.object({ topicId: IdSchema, currentDate: IsoDateSchema });
export const TopicQuestionsQuerySchema = z.object({ date: IsoDateSchema });

export const DailyScheduleSchema = z.object({ date: z.string(), topicIds: z.array(z.string()) });
export type DailySchedule = z.infer<typeof DailyScheduleSchema>;
/** product.md#play-rules: a day holds at most 20 topics (a player picks 3). */
export const MAX_TOPICS_PER_SCHEDULE = 20;
export const SCHEDULE_MESSAGES = {
  tooManyTopics: `A day holds at most ${MAX_TOPICS_PER_SCHEDULE} topics`,
  duplicateTopics: 'Duplicate topic ids',
} as const;
const topicIdList = z
  .array(IdSchema)
  .max(MAX_TOPICS_PER_SCHEDULE, SCHEDULE_MESSAGES.tooManyTopics)
  .refine((ids) => new Set(ids).size === ids.length, SCHEDULE_MESSAGES.duplicateTopics);
export const ScheduleInputSchema = z.object({ topicIds: topicIdList });

/**
 * GET /api/admin/days/{date}: a whole day for the editor and for Copy from Previous Day — its scheduled
 * topics in order, each with its questions on that date, and the version the day was read at.
 */
export const DaySchema = z.object({
  date: z.string(),
  /** Bumped by every change to the day's schedule or questions; 0 for a day never written. */
  version: z.number().int(),
  topics: z.array(
    z.object({ topicId: z.string(), title: z.string(), questions: z.array(AdminQuestionSchema) }),
  ),
});
export type Day = z.infer<typeof DaySchema>;

/** A question the day keeps (by id) or a new one (its content, no id). */
export const DayQuestionInputSchema = z.union([z.object({ id: IdSchema }).strict(), NewDayQuestionSchema]);

/**
 * PUT /api/admin/days/{date}: the whole day, saved atomically. `version` is the one the editor loaded;
 * a day changed since then answers 409. Questions of the listed topics that are not listed are deleted
 * with their answers.
 */
export const SaveDayInputSchema = z.object({
  version: z.number({ error: 'version is required' }).int().min(0),
  topics: z
    .array(
      z.object({
        topicId: IdSchema,
        questions: z.array(DayQuestionInputSchema).max(50, 'At most 50 questions per topic'),
      }),
    )
    .max(MAX_TOPICS_PER_SCHEDULE, SCHEDULE_MESSAGES.tooManyTopics)
    .refine((ts) => new Set(ts.map((t) => t.topicId)).size === ts.length, SCHEDULE_MESSAGES.duplicateTopics),
});
export type SaveDayInput = z.input<typeof SaveDayInputSchema>;

/** PUT /api/admin/days/{date} answer: the day as stored after the save, and what changed. */
export const SaveDayResultSchema = DaySchema.extend({
  changes: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    kept: z.number().int(),
    removedAnswers: z.number().int(),
  }),
});
export type SaveDayResult = z.infer<typeof SaveDayResultSchema>;

export const AdminUserSchema = UserSchema;
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersQuerySchema = PageQuerySchema.extend({ search: z.string().trim().max(30).optional() });

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
  /** Answered from the archive, after its game day. */
  late: z.boolean(),
});
export const AdminAnswersPageSchema = pageOf(AdminAnswerSchema);
export type AdminAnswer = z.infer<typeof AdminAnswerSchema>;
export const AdminAnswersQuerySchema = PageQuerySchema.extend({
  date: IsoDateSchema.optional(),
  questionId: IdSchema.optional(),
});

/** GET /api/admin/answers/export: every answer of a date (optionally one question), streamed. */
export const AnswersExportQuerySchema = z.object({
  date: IsoDateSchema,
  questionId: IdSchema.optional(),
  format: z.enum(['csv', 'jsonl'], { error: 'format must be csv or jsonl' }).default('csv'),
});
export type AnswersExportQuery = z.input<typeof AnswersExportQuerySchema>;

/**
 * POST /api/admin/answers/export/ticket {date, questionId?, format} → a link (path on the API) that downloads
 * that export without the bearer token for 60 seconds, so a browser or the desktop app saves it straight to disk.
 */
export const ExportTicketSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: TimestampSchema,
});
export type ExportTicket = z.infer<typeof ExportTicketSchema>;

/** GET /api/admin/answers/export/download?ticket=… */
export const ExportDownloadQuerySchema = z.object({
  ticket: z
    .string({ error: 'ticket is required' })
    .min(1, 'ticket is required')
    .max(1024, 'ticket is too long'),
});

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  action: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  /** Who did it: a staff member's name, or `owner`. */
  actor: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
/** GET /api/admin/audit: newest first, paginated, optionally one actor's entries. */
export const AuditQuerySchema = PageQuerySchema.extend({
  actor: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Staff roles the owner can create (product.md#operators): editors open the console, marketers the marketing tools. */
export const STAFF_ROLES = ['editor', 'marketing'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'Role must be editor or marketing' });
export type StaffRole = z.infer<typeof StaffRoleSchema>;
/** The actor name of the role passwords; no staff member may take it. */
export const OWNER_NAME = 'owner';
export const STAFF_MESSAGES = {
  nameTaken: 'A staff member with that name already exists',
  ownerReserved: `"${OWNER_NAME}" is the owner's name; choose another`,
  notFound: 'Staff member not found',
  ownerOnly: 'Only the owner can manage users, staff and sessions',
  wrongConsole: 'This account opens the marketing tools, not the admin console',
  invalidCredentials: 'Invalid name or password',
} as const;
/** Staff names follow the username rules (product.md#accounts); the password rules are the players'. */
export const StaffNameSchema = RegisterInputSchema.shape.username.refine(
  (n) => n.toLowerCase() !== OWNER_NAME,
  STAFF_MESSAGES.ownerReserved,
);
/** POST /api/admin/staff */
export const CreateStaffInputSchema = z.object({
  name: StaffNameSchema,
  role: StaffRoleSchema,
  password: RegisterInputSchema.shape.password,
});
export type CreateStaffInput = z.infer<typeof CreateStaffInputSchema>;
/** PATCH /api/admin/staff/{id}: a new password (ends the member's tokens). */
export const ResetStaffPasswordInputSchema = z.object({ password: RegisterInputSchema.shape.password });
export type ResetStaffPasswordInput = z.infer<typeof ResetStaffPasswordInputSchema>;
export const StaffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  createdAt: TimestampSchema,
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

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

/**
 * Response Analytics' filter, shared by its panels (GET /api/admin/stats/responses and /responses/questions,
 * /responses/demographics): a date, optionally narrowed to a topic or one question, and to players of one
 * gender, age bracket and/or race bracket (their profile when they answered).
 */
export const ResponseFilterSchema = z.object({
  date: IsoDateSchema,
  topicId: IdSchema.optional(),
  questionId: IdSchema.optional(),
  gender: z.enum(GENDERS, { error: 'Unknown gender' }).optional(),
  ageBracket: z.enum(AGE_BRACKETS, { error: 'Unknown age bracket' }).optional(),
  raceBracket: z.enum(RACE_BRACKETS, { error: 'Unknown race bracket' }).optional(),
});
export type ResponseFilter = z.infer<typeof ResponseFilterSchema>;
/** The demographic part of the filter: the answer's snapshot columns it narrows. */
export const DEMOGRAPHIC_FILTER_KEYS = ['gender', 'ageBracket', 'raceBracket'] as const;
export type DemographicKey = (typeof DEMOGRAPHIC_FILTER_KEYS)[number];
export const ResponseStatsSchema = z.object({
  date: z.string(),
  totalResponses: z.number().int(),
  questionsAnswered: z.number().int(),
  totalQuestions: z.number().int(),
  /** Percent (0–100, rounded) of the date's questions with at least one response. */
  responseRate: z.number().int(),
});
export type ResponseStats = z.infer<typeof ResponseStatsSchema>;

/** One numeric question's answers in equal-width bins: [from, to) each, the last one closed. */
const NumericChartSchema = z.object({
  average: z.number(),
  min: z.number(),
  max: z.number(),
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});
/**
 * One question of the selection with its answers counted under the filter: per option (every option, zeros
 * included, in the question's order) or, for a numeric question, its distribution (null without answers).
 */
export const QuestionChartSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  topicTitle: z.string(),
  numericUnit: z.string().nullable(),
  total: z.number().int(),
  options: z.array(z.object({ id: z.string(), text: z.string(), count: z.number().int() })),
  numeric: NumericChartSchema.nullable(),
});
export type QuestionChart = z.infer<typeof QuestionChartSchema>;
/** GET /api/admin/stats/responses/questions — the selection's questions, in the day's order. */
export const ResponseQuestionsSchema = z.object({ questions: z.array(QuestionChartSchema) });
export type ResponseQuestions = z.infer<typeof ResponseQuestionsSchema>;

/**
 * One group of a demographic split: its answers, and when the selection is one question, how they answered
 * (counts per option id, or the numeric average).
 */
const SplitGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  optionCounts: z.record(z.string(), z.number().int()).nullable(),
  average: z.number().nullable(),
});
export type SplitGroup = z.infer<typeof SplitGroupSchema>;
/**
 * GET /api/admin/stats/responses/demographics — the selection's answers split by gender, age and race (the
 * player's profile when they answered); answers without a value are "Not specified".
 */
export const ResponseDemographicsSchema = z.object({
  total: z.number().int(),
  /** The question whose options the groups' optionCounts count, when the selection is one question. */
  question: QuestionChartSchema.pick({ id: true, type: true, options: true, numericUnit: true }).nullable(),
  dimensions: z.array(
    z.object({ key: z.enum(DEMOGRAPHIC_FILTER_KEYS), label: z.string(), groups: z.array(SplitGroupSchema) }),
  ),
});
export type ResponseDemographics = z.infer<typeof ResponseDemographicsSchema>;
