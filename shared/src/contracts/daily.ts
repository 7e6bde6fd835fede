import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { QUESTION_OPTION_TEXT_MAX } from '../domain/constants';
import { IdSchema, TimestampSchema } from './common';
import { CrowdVerdictSchema, NumericVerdictSchema } from './crowd';
import { ResultsFriendSchema } from './friends';
import { ResultsPlacesSchema, ResultsTrendSchema } from './trends-places';
import { WeightedResultsSchema, WeightedWithheldSchema } from './weighting';

export const QuestionTypeSchema = z.enum(['multiple_choice', 'numeric']);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** Options are objects (id, text, optional icon, isCorrect) or plain strings (product.md#data). */
export const QuestionOptionSchema = z.union([
  z.string().trim().min(1).max(QUESTION_OPTION_TEXT_MAX),
  z.object({
    id: z.string().max(64).optional(),
    text: z.string().trim().min(1, 'Option text is required').max(QUESTION_OPTION_TEXT_MAX),
    icon: z.string().max(32).optional(),
    isCorrect: z.boolean().optional(),
  }),
]);
export type QuestionOption = z.infer<typeof QuestionOptionSchema>;

export const UserAnswerSchema = z.object({
  selectedOptionId: z.string().nullable(),
  numericValue: z.number().nullable(),
});

export const DailyQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  options: z.array(QuestionOptionSchema),
  numericUnit: z.string().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  imageUrl: z.string().nullable(),
  userAnswer: UserAnswerSchema.nullable(),
});
export type DailyQuestion = z.infer<typeof DailyQuestionSchema>;

/** What every view of a topic shows: the player's daily topics and the operator's topic list extend it. */
export const TopicBaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
});

export const DailyTopicSchema = TopicBaseSchema.extend({
  isSelected: z.boolean(),
  isLocked: z.boolean(),
  showResults: z.boolean(),
  canAnswer: z.boolean(),
  questions: z.array(DailyQuestionSchema),
});
export type DailyTopic = z.infer<typeof DailyTopicSchema>;

export const DailyTopicsResponseSchema = z.object({
  date: z.string(),
  topics: z.array(DailyTopicSchema),
  userSelection: z.object({
    selectedCount: z.number().int(),
    hasMaxSelections: z.boolean(),
    selectedTopicIds: z.array(z.string()),
  }),
});
export type DailyTopicsResponse = z.infer<typeof DailyTopicsResponseSchema>;

export const SelectTopicInputSchema = z.object({ topicId: IdSchema });
export type SelectTopicInput = z.infer<typeof SelectTopicInputSchema>;
export const SelectTopicResultSchema = z.object({
  selectedTopicIds: z.array(z.string()),
  selectedCount: z.number().int(),
  hasMaxSelections: z.boolean(),
});
export type SelectTopicResult = z.infer<typeof SelectTopicResultSchema>;

/**
 * POST /api/answers: exactly one of selectedOptionId / numericValue. A question of a past game day (picked from
 * the archive) is answered late whatever `late` says: the server decides from the question's day, and the
 * answer it returns carries `late`.
 */
const lateFlag = { late: z.boolean().optional() };
export const SubmitAnswerInputSchema = z.union([
  z
    .object({ questionId: IdSchema, selectedOptionId: z.string().trim().min(1).max(64), ...lateFlag })
    .strict(),
  z.object({ questionId: IdSchema, numericValue: z.number().finite(), ...lateFlag }).strict(),
]);
export type SubmitAnswerInput = z.infer<typeof SubmitAnswerInputSchema>;

export const AnswerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  questionId: z.string(),
  selectedOptionId: z.string().nullable(),
  numericValue: z.number().nullable(),
  answeredAt: TimestampSchema,
  /** Answered after its game day, from the archive: no streak, freeze or day badge. */
  late: z.boolean(),
});

export const BadgeSchema = z.object({ id: z.string(), type: z.string(), earnedAt: TimestampSchema });
export type Badge = z.infer<typeof BadgeSchema>;

export const SubmitAnswerResultSchema = z.object({
  answer: AnswerSchema,
  streak: z.object({
    current: z.number().int(),
    longest: z.number().int(),
    /** Streak freezes held after this answer. */
    freezes: z.number().int(),
    /** Freezes this answer spent on missed days (only ever on the first answer of a game day). */
    freezesSpent: z.number().int(),
  }),
  newBadges: z.array(BadgeSchema),
  /**
   * Guess the crowd: whether the question flow offers a guess on this answer — the player turned guessing on, the
   * answer is on time and they have seen no results of its link group (a guess would be refused: ADR 0245).
   */
  offerGuess: z.boolean(),
});
export type SubmitAnswerResult = z.infer<typeof SubmitAnswerResultSchema>;

/** GET /api/questions/:id/results (product.md#data), counts over the whole link group. */
export const QuestionResultsSchema = z.object({
  questionId: z.string(),
  type: QuestionTypeSchema,
  totalAnswers: z.number().int(),
  optionCounts: z.record(z.string(), z.number().int()),
  demographicBreakdown: z.record(z.string(), z.record(z.string(), z.number().int())),
  numericStats: z
    .object({ average: z.number(), min: z.number(), max: z.number(), count: z.number().int() })
    .nullable(),
  userAnswer: UserAnswerSchema.nullable(),
  /** Guess the crowd: the verdict recorded when these results were first revealed to the player. */
  crowdVerdict: CrowdVerdictSchema.nullable(),
  /** Guess the crowd on a numeric question (ADR 0244). */
  numericVerdict: NumericVerdictSchema.nullable(),
  /** Per game day of the link group. */
  trend: ResultsTrendSchema,
  /** By Country and In {city}. */
  places: ResultsPlacesSchema,
  /** Friends who share answers and answered its link group (product.md#play-rules); [] for an operator. */
  friends: z.array(ResultsFriendSchema),
  /**
   * The split weighted to South Africa's adults (product.md#weighted-results); null when withheld, and then
   * `weightedWithheld` says why. SPEC's fields above stay raw counts.
   */
  weighted: WeightedResultsSchema.nullable(),
  weightedWithheld: WeightedWithheldSchema.nullable(),
});
export type QuestionResults = z.infer<typeof QuestionResultsSchema>;
