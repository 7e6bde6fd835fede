import { CreateQuestionInputSchema, type CreateQuestionInput } from '../../contracts/admin';
import type { QuestionType } from '../../contracts/daily';
import type { LintQuestion } from '../../domain/question-lint';

export type QuestionFormState = {
  topicId: string;
  date: string;
  text: string;
  type: QuestionType;
  options: string[];
  unit: string;
  min: string;
  max: string;
};

/** Integer from a form field; empty (or not an integer) becomes undefined (product.md#validation, create dialog). */
export function parseOptionalInt(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number.parseInt(trimmed, 10);
  return Number.isNaN(n) ? undefined : n;
}

/** The payload the form describes (product.md#validation): blank options dropped, numeric sends no options, MC no unit. */
function payloadOf(form: QuestionFormState): CreateQuestionInput {
  const base = { topicId: form.topicId, date: form.date, text: form.text };
  if (form.type === 'numeric')
    return {
      ...base,
      type: 'numeric',
      options: [],
      numericUnit: form.unit.trim() || null,
      minValue: parseOptionalInt(form.min),
      maxValue: parseOptionalInt(form.max),
    };
  const kept = form.options.map((o) => o.trim()).filter((o) => o !== '');
  return {
    ...base,
    type: 'multiple_choice',
    options: kept.map((optionText, i) => ({ id: `opt-${i + 1}`, text: optionText, isCorrect: false })),
    numericUnit: null,
  };
}

/**
 * The create-dialog payload, validated by the contract's own schema (the API validates the same one), so
 * every rule and its message live in shared/src/contracts. `reason` is that message; null while the text
 * is still empty (nothing to complain about yet).
 */
export function buildCreateQuestionInput(
  form: QuestionFormState,
): { ok: true; value: CreateQuestionInput } | { ok: false; reason: string | null } {
  const value = payloadOf(form);
  const parsed = CreateQuestionInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, value };
  if (form.text.trim() === '' && form.topicId && form.date) return { ok: false, reason: null };
  return { ok: false, reason: parsed.error.issues[0]?.message ?? 'Invalid question' };
}

/** The form as the question linter reads it. */
export function lintInputOf(form: QuestionFormState): LintQuestion {
  return {
    text: form.text,
    type: form.type,
    options: form.type === 'multiple_choice' ? form.options : [],
    minValue: form.type === 'numeric' ? (parseOptionalInt(form.min) ?? null) : null,
    maxValue: form.type === 'numeric' ? (parseOptionalInt(form.max) ?? null) : null,
    numericUnit: form.unit,
  };
}
