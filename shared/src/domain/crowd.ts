import { CROWD_SENSE_WINDOW_DAYS } from './constants';
import { addDays } from './game-day';
import { percent } from './results';

/** Guess the crowd: rules shared by the server and the player app. */

export const GUESS_ANSWER_FIRST = 'Answer this question before guessing the crowd';
export const GUESS_NUMERIC = 'Guesses are for multiple-choice questions';
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

/** A player's multiple-choice answer of the day as judged when its results were first revealed. */
export type RevealedAnswer = {
  questionId: string;
  selectedOptionId: string;
  /** The most-picked options when revealed (the numbers the player saw). */
  mostPicked: readonly string[];
  /** Share of the player's own option when revealed, 0..1. */
  ownShare: number;
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
  for (const a of answers) {
    if (a.mostPicked.includes(a.selectedOptionId)) majority += 1;
    if (a.guessOptionId !== null) {
      guesses.made += 1;
      if (isGuessRight(a.guessOptionId, a.mostPicked)) guesses.right += 1;
    }
    if (!rarest || a.ownShare < rarest.share) {
      rarest = { questionId: a.questionId, optionId: a.selectedOptionId, share: a.ownShare };
    }
  }
  return { sidedWithMajority: { count: majority, of: answers.length }, guesses, rarest };
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
