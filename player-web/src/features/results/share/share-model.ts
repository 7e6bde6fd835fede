import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import {
  SHARE_CARD_QUESTIONS,
  SHARE_OPTION_MAX,
  SHARE_QUESTION_MAX,
} from '@daily-tea/shared/domain/constants';
import { normalizeOptionId, optionId, optionText, percent, truncate } from '@daily-tea/shared/domain/results';

/** Options drawn per question on the card; more would not fit two questions into the square. */
export const SHARE_OPTIONS_SHOWN = 4;

export type ShareOptionRow = { id: string; text: string; pct: number; isUser: boolean };

export type ShareQuestion =
  | {
      kind: 'choice';
      text: string;
      total: number;
      /** The rows are the shares weighted to SA adults (the card then says so). */
      weighted: boolean;
      rows: ShareOptionRow[];
      hidden: number;
    }
  | {
      kind: 'numeric';
      text: string;
      total: number;
      /** The average is weighted to SA adults (lowest and highest stay as answered). */
      weighted: boolean;
      unit: string | null;
      average: number;
      min: number;
      max: number;
      yours: number | null;
    };

export type ShareCardData = { title: string; questions: ShareQuestion[] };

/**
 * What the share card shows: the first two questions with their REAL community percentages
 * (product.md#play-rules), question text cut at 50 characters and option text at 25 (product.md#limits). Null until the
 * results of those questions are loaded, so the card never shows invented numbers. With `weighted` (the player chose
 * Weighted), a question whose results show weighted figures carries them, as its results card draws them.
 */
export function shareCardData(
  title: string,
  questions: readonly DailyQuestion[],
  results: readonly (QuestionResults | undefined)[],
  weighted = false,
): ShareCardData | null {
  const shown: ShareQuestion[] = [];
  for (const [index, question] of questions.slice(0, SHARE_CARD_QUESTIONS).entries()) {
    const r = results[index];
    if (!r) return null;
    const text = truncate(question.text, SHARE_QUESTION_MAX);
    const figures = weighted ? r.weighted : null;
    if (question.type === 'numeric') {
      if (!r.numericStats) continue;
      const weightedAverage = figures?.average ?? null;
      shown.push({
        kind: 'numeric',
        text,
        total: r.totalAnswers,
        weighted: weightedAverage !== null,
        unit: question.numericUnit,
        average: weightedAverage ?? r.numericStats.average,
        min: r.numericStats.min,
        max: r.numericStats.max,
        yours: question.userAnswer?.numericValue ?? r.userAnswer?.numericValue ?? null,
      });
      continue;
    }
    const selected = question.userAnswer?.selectedOptionId ?? r.userAnswer?.selectedOptionId ?? null;
    const userId = selected === null ? null : (normalizeOptionId(question.options, selected) ?? selected);
    const shares = figures?.optionShares ?? null;
    const rows = question.options.map((option, i) => {
      const id = optionId(i);
      return {
        id,
        text: truncate(optionText(option), SHARE_OPTION_MAX),
        pct: shares ? Math.round((shares[id] ?? 0) * 100) : percent(r.optionCounts[id] ?? 0, r.totalAnswers),
        isUser: id === userId,
      };
    });
    shown.push({
      kind: 'choice',
      text,
      total: r.totalAnswers,
      weighted: shares !== null,
      rows: rows.slice(0, SHARE_OPTIONS_SHOWN),
      hidden: Math.max(0, rows.length - SHARE_OPTIONS_SHOWN),
    });
  }
  return shown.length > 0 ? { title, questions: shown } : null;
}

/** File name from the topic title: "Pineapple on Pizza?" → "pineapple-on-pizza.png". */
export function shareFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'daily-tea-results'}.png`;
}
