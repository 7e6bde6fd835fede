import { MAX_TOPICS_PER_DAY } from './constants';

export { MAX_TOPICS_PER_DAY };

/** Message for a refused fourth selection. */
export const MAX_TOPICS_MESSAGE = `You can select at most ${MAX_TOPICS_PER_DAY} topics per day`;
/** Message for a refused unselect of a topic with answers. */
export const UNSELECT_ANSWERED_MESSAGE = 'You cannot unselect a topic you have already answered';

/** Outcome of a select-topic call (product.md#play-rules). */
export type SelectionDecision =
  | { kind: 'select'; next: string[] }
  | { kind: 'unselect'; next: string[] }
  | { kind: 'refused'; status: 409; message: string };

function toSet(v: ReadonlySet<string> | readonly string[]): ReadonlySet<string> {
  return v instanceof Set ? v : new Set(v as readonly string[]);
}

/** Decide a select-topic toggle: selected → unselect unless answered; unselected → select unless 3 already. */
export function decideSelection(input: {
  selectedTopicIds: readonly string[];
  topicId: string;
  answeredTopicIds: ReadonlySet<string> | readonly string[];
}): SelectionDecision {
  const { selectedTopicIds, topicId } = input;
  if (selectedTopicIds.includes(topicId)) {
    if (toSet(input.answeredTopicIds).has(topicId)) {
      return { kind: 'refused', status: 409, message: UNSELECT_ANSWERED_MESSAGE };
    }
    return { kind: 'unselect', next: selectedTopicIds.filter((id) => id !== topicId) };
  }
  if (selectedTopicIds.length >= MAX_TOPICS_PER_DAY) {
    return { kind: 'refused', status: 409, message: MAX_TOPICS_MESSAGE };
  }
  return { kind: 'select', next: [...selectedTopicIds, topicId] };
}

/** Visual state of a topic card (product.md#screens "Topic card states"). */
export type TopicCardState = 'locked' | 'unselected' | 'active' | 'completed';

/** Everything a topic card shows that depends on rules rather than layout. */
export type TopicCardView = {
  state: TopicCardState;
  buttonLabel: 'Answer Questions' | 'View Results' | 'Start Questions' | null;
  lockedText: 'Max topics selected (3/3)' | null;
  progressPct: number;
};

/** Card view for a topic: locked ones show the max-topics text and no button; others the SPEC button label. */
export function topicCardView(input: {
  isSelected: boolean;
  isLocked: boolean;
  showResults: boolean;
  canAnswer: boolean;
  answered: number;
  total: number;
}): TopicCardView {
  const progressPct = input.total > 0 ? Math.min(100, Math.round((input.answered / input.total) * 100)) : 0;
  if (input.isLocked && !input.isSelected) {
    return { state: 'locked', buttonLabel: null, lockedText: 'Max topics selected (3/3)', progressPct };
  }
  const buttonLabel = input.canAnswer
    ? 'Answer Questions'
    : input.showResults
      ? 'View Results'
      : 'Start Questions';
  const state: TopicCardState = !input.isSelected ? 'unselected' : input.showResults ? 'completed' : 'active';
  return { state, buttonLabel, lockedText: null, progressPct };
}

/** True when the day is finished: 3 topics selected and every selected one shows results. */
export function allDoneForToday(
  topics: ReadonlyArray<{ isSelected: boolean; showResults: boolean }>,
): boolean {
  const selected = topics.filter((t) => t.isSelected);
  return selected.length >= MAX_TOPICS_PER_DAY && selected.every((t) => t.showResults);
}

/**
 * The × on a selected topic is offered only while none of its questions is answered: the server refuses to
 * unselect an answered topic (product.md#play-rules), so offering it would only ever fail.
 */
export function canUnselectTopic(input: { isSelected: boolean; answered: number }): boolean {
  return input.isSelected && input.answered === 0;
}

/** What starting an unselected topic costs, said before it happens ("Uses 1 of your 3 daily picks · 2 left after"). */
export function pickCostText(selectedCount: number): string {
  const left = Math.max(0, MAX_TOPICS_PER_DAY - selectedCount - 1);
  return `Uses 1 of your ${MAX_TOPICS_PER_DAY} daily picks · ${left === 0 ? 'your last pick' : `${left} left after`}`;
}

type DayTopic = {
  id: string;
  title: string;
  isSelected: boolean;
  showResults: boolean;
  questions: readonly unknown[];
};

/** Where a finished topic's results lead: the next picked topic, picking one, or the day's end. */
export type NextStep = { kind: 'next'; topicId: string; title: string } | { kind: 'pick' } | { kind: 'done' };

/**
 * The results screen's way on from `currentTopicId`: the next picked topic that is not finished (in the list's
 * order, after the current one first), else picking another while picks are left and topics with questions
 * remain, else the day is done — as the recap counts it (every pick finished, 3 or all the playable topics).
 */
export function nextStep(topics: readonly DayTopic[], currentTopicId: string): NextStep {
  const at = topics.findIndex((t) => t.id === currentTopicId);
  const ordered = at < 0 ? topics : [...topics.slice(at + 1), ...topics.slice(0, at)];
  const open = ordered.find((t) => t.isSelected && !t.showResults && t.questions.length > 0);
  if (open) return { kind: 'next', topicId: open.id, title: open.title };
  const selected = topics.filter((t) => t.isSelected).length;
  const pickable = topics.some((t) => !t.isSelected && t.questions.length > 0);
  if (selected < MAX_TOPICS_PER_DAY && pickable) return { kind: 'pick' };
  return { kind: 'done' };
}
