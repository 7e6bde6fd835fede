import { BRAND } from '../brand';
import { formatDisplayDate } from './game-day';

/** One answered question as the day's text share sees it: no question or option text (spoiler-free). */
export type ShareMark =
  | { kind: 'choice'; withMajority: boolean; guessRight: boolean | null }
  /** A number takes no side; its guess (higher or lower than the average, ADR 0244) counts like any other. */
  | { kind: 'numeric'; guessRight: boolean | null };

export type ShareTopicLine = { title: string; marks: readonly ShareMark[] };

/** With the majority, against it, a number (no side). */
export const SHARE_SQUARES = { majority: '🟩', minority: '🟨', numeric: '🟦' } as const;

const TITLE_MAX = 28;

function squareOf(mark: ShareMark): string {
  if (mark.kind === 'numeric') return SHARE_SQUARES.numeric;
  return mark.withMajority ? SHARE_SQUARES.majority : SHARE_SQUARES.minority;
}

function cut(title: string): string {
  const t = title.trim();
  return t.length <= TITLE_MAX ? t : `${t.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

/**
 * The day's spoiler-free text share, Wordle-style: the date, per topic a line of squares (🟩 with the
 * majority, 🟨 against it, 🟦 a number) with the guesses read right, the streak, and the site.
 *
 *   Daily Tea · 25 Nov 2026
 *   🟩🟨🟦 Morning Rituals
 *   🟩🟩🟩 Braai & Bites · 🎯 2/3
 *   🔥 5-day streak
 *   dailytea.app
 */
export function dayShareText(input: {
  date: string;
  topics: readonly ShareTopicLine[];
  streak: number;
}): string {
  const lines = [`${BRAND.name} · ${formatDisplayDate(input.date)}`];
  for (const topic of input.topics) {
    const squares = topic.marks.map(squareOf).join('');
    const guessed = topic.marks.filter((m) => m.guessRight !== null);
    const right = guessed.filter((m) => m.guessRight === true).length;
    lines.push(
      `${squares} ${cut(topic.title)}${guessed.length > 0 ? ` · 🎯 ${right}/${guessed.length}` : ''}`,
    );
  }
  if (input.streak > 0) lines.push(`🔥 ${input.streak}-day streak`);
  lines.push(BRAND.site);
  return lines.join('\n');
}
