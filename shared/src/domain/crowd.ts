import { CROWD_SENSE_WINDOW_DAYS } from './constants';
import { addDays } from './game-day';
import { percent } from './results';

/** Guess the crowd: rules shared by the server and the player app. */

export const GUESS_ANSWER_FIRST = 'Answer this question before guessing the crowd';
export const GUESS_NUMERIC = 'A numeric question takes a guess of higher or lower (direction), not an option';
export const GUESS_CHOICE =
  'A multiple-choice question takes a guess of an option (optionId), not a direction';
export const GUESS_ALREADY_MADE = 'You already guessed on this question';
export const GUESS_AFTER_RESULTS = 'Guesses close once you have seen the results';
export const GUESS_DAY_OVER = "Guesses are only open on the question's own game day";
export const GUESS_UNKNOWN_OPTION = 'That option does not belong to this question';
export const RECAP_NOT_FINISHED = "Finish today's topics to see your recap";

/**
 * The option ids most players picked: every option sharing the highest count (ties all count), in option
 * order; empty when nobody answered. `optionCounts` is the results response's `optionCounts`.
 */
export function mostPicked(optionCounts: Readonly<Record<string, number>>): string[] {
  const entries = Object.entries(optionCounts).filter(([, n]) => n > 0);
  const top = Math.max(0, ...entries.map(([, n]) => n));
  return entries.filter(([, n]) => n === top).map(([id]) => id);
}

/** A guess is right when it names one of the most-picked options (a tie makes every tied option right). */
export function isGuessRight(guessOptionId: string, mostPickedIds: readonly string[]): boolean {
  return mostPickedIds.includes(guessOptionId);
}

/**
 * Numeric guesses (ADR 0244): "will the crowd's average be higher or lower than your answer?" A direction names
 * which side of the player's own answer the community average falls on.
 */
export const GUESS_DIRECTIONS = ['higher', 'lower'] as const;
export type GuessDirection = (typeof GUESS_DIRECTIONS)[number];

/**
 * The right guesses on a numeric question, judged on the average as the results card shows it (one decimal):
 * `higher` when it is above the player's answer, `lower` when below, both when they are equal (a tie is right
 * either way, as a tie of most-picked options is). Stored like the most-picked options of a choice question.
 */
export function averageDirections(answer: number, average: number): GuessDirection[] {
  const shown = Math.round(average * 10) / 10;
  if (shown > answer) return ['higher'];
  if (shown < answer) return ['lower'];
  return ['higher', 'lower'];
}

/** Share of the community that chose `optionId`, as a fraction 0..1 (0 when nobody answered). */
export function shareOf(optionCounts: Readonly<Record<string, number>>, optionId: string): number {
  const total = Object.values(optionCounts).reduce((sum, n) => sum + n, 0);
  return total > 0 ? (optionCounts[optionId] ?? 0) / total : 0;
}

/** A stored share shown as the results card shows it: a rounded whole percentage. */
export function sharePercent(share: number): number {
  return percent(share, 1);
}

/** First game day of the crowd-sense window ending `today` (30 game days, today included). */
export function crowdSenseWindowStart(today: string): string {
  return addDays(today, -(CROWD_SENSE_WINDOW_DAYS - 1));
}

/** Right guesses out of guesses made. */
export type GuessTally = { right: number; made: number };

/** Crowd sense as a rounded percentage, or null before the first judged guess. */
export function crowdSensePercent(tally: GuessTally): number | null {
  return tally.made > 0 ? percent(tally.right, tally.made) : null;
}

/**
 * A player's answer of the day as judged when its results were first revealed. Numeric answers (no option, no
 * share) count only for their guess: `mostPicked` then holds the right directions (averageDirections).
 */
export type RevealedAnswer = {
  questionId: string;
  /** Null for a numeric answer. */
  selectedOptionId: string | null;
  /** The most-picked options when revealed (the numbers the player saw); for a numeric answer the right directions. */
  mostPicked: readonly string[];
  /** Share of the player's own option when revealed, 0..1 (null for a numeric answer). */
  ownShare: number | null;
  /** The guessed option, or direction on a numeric question. */
  guessOptionId: string | null;
};

export type DayRecapFigures = {
  sidedWithMajority: { count: number; of: number };
  guesses: GuessTally;
  /** The player's answer with the smallest community share (first in question order on a tie). */
  rarest: { questionId: string; optionId: string; share: number } | null;
};

/** The day's recap figures from its revealed answers, in question order. */
export function dayRecapFigures(answers: readonly RevealedAnswer[]): DayRecapFigures {
  let majority = 0;
  const guesses: GuessTally = { right: 0, made: 0 };
  let rarest: DayRecapFigures['rarest'] = null;
  let picks = 0;
  for (const a of answers) {
    if (a.guessOptionId !== null) {
      guesses.made += 1;
      if (isGuessRight(a.guessOptionId, a.mostPicked)) guesses.right += 1;
    }
    if (a.selectedOptionId === null || a.ownShare === null) continue;
    picks += 1;
    if (a.mostPicked.includes(a.selectedOptionId)) majority += 1;
    if (!rarest || a.ownShare < rarest.share) {
      rarest = { questionId: a.questionId, optionId: a.selectedOptionId, share: a.ownShare };
    }
  }
  return { sidedWithMajority: { count: majority, of: picks }, guesses, rarest };
}

/**
 * True when the player has finished the day: as many topics selected as the day allows (3, or every topic
 * with questions when fewer are offered) and every question of each selected topic answered.
 */
export function dayFinished(input: {
  selectedTopicIds: readonly string[];
  /** Question ids per scheduled topic (topics without questions may be absent or empty). */
  questionsByTopic: ReadonlyMap<string, readonly string[]>;
  answeredQuestionIds: ReadonlySet<string>;
  maxTopics: number;
}): boolean {
  const playable = [...input.questionsByTopic.values()].filter((qs) => qs.length > 0).length;
  const needed = Math.min(input.maxTopics, playable);
  if (needed === 0 || input.selectedTopicIds.length < needed) return false;
  return input.selectedTopicIds.every((topicId) => {
    const qs = input.questionsByTopic.get(topicId) ?? [];
    return qs.length > 0 && qs.every((q) => input.answeredQuestionIds.has(q));
  });
}
