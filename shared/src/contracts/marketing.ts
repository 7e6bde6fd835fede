import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { QuestionTypeSchema } from './daily';

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
});
export type MarketingQuestionDto = z.infer<typeof MarketingQuestionSchema>;
