import type { CreateQuestionInput } from '../../contracts/admin';
import type { QuestionType } from '../../contracts/daily';

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

/** Integer from a form field; empty (or not an integer) becomes undefined (SPEC §5, create dialog). */
export function parseOptionalInt(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const n = Number.parseInt(trimmed, 10);
  return Number.isNaN(n) ? undefined : n;
}

/**
 * The create-dialog payload (SPEC §5): options kept only when non-blank, numeric questions send no
 * options, multiple-choice questions send no unit. `reason` says why the form cannot be sent yet.
 */
export function buildCreateQuestionInput(
  form: QuestionFormState,
): { ok: true; value: CreateQuestionInput } | { ok: false; reason: string | null } {
  if (!form.topicId) return { ok: false, reason: 'Choose a topic.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) return { ok: false, reason: 'Choose a date.' };
  const text = form.text.trim();
  if (!text) return { ok: false, reason: null };
  if (form.type === 'numeric') {
    const minValue = parseOptionalInt(form.min);
    const maxValue = parseOptionalInt(form.max);
    if (minValue !== undefined && maxValue !== undefined && minValue > maxValue)
      return { ok: false, reason: 'Min value must not be above max value.' };
    return {
      ok: true,
      value: {
        topicId: form.topicId,
        date: form.date,
        text,
        type: 'numeric',
        options: [],
        numericUnit: form.unit.trim() || null,
        minValue,
        maxValue,
      },
    };
  }
  const kept = form.options.map((o) => o.trim()).filter((o) => o !== '');
  if (kept.length < 2) return { ok: false, reason: 'A multiple choice question needs at least 2 options.' };
  return {
    ok: true,
    value: {
      topicId: form.topicId,
      date: form.date,
      text,
      type: 'multiple_choice',
      options: kept.map((optionText, i) => ({ id: `opt-${i + 1}`, text: optionText, isCorrect: false })),
      numericUnit: null,
    },
  };
}
