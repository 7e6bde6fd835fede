import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { QuestionTypeSchema } from './daily';
import { WeightedResultsSchema, WeightedWithheldSchema } from './weighting';

/** GET /api/marketing/questions: recent questions with their community results (product.md#operators). */
export const MarketingQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  topicTitle: z.string(),
  date: z.string(),
  options: z.array(z.string()),
  totalAnswers: z.number().int(),
  optionCounts: z.record(z.string(), z.number().int()),
  /**
   * The link group's split weighted to South Africa's adults, exactly as results carry it (product.md#weighted-results):
   * null when withheld, and then `weightedWithheld` says why (`too_few`, `no_respondents`; never `days_unanswered`:
   * the generator sees every day of the group). `optionCounts` above stays raw.
   */
  weighted: WeightedResultsSchema.nullable(),
  weightedWithheld: WeightedWithheldSchema.nullable(),
});
export type MarketingQuestionDto = z.infer<typeof MarketingQuestionSchema>;
