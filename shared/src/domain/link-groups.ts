/**
 * Link groups across game days (product.md#play-rules, ADR 0230). A link group's results aggregate every member;
 * a player must learn nothing of a game day's answers through one member while that day has a member they have
 * not answered — else an earlier copy would show today's live counts before today's answer (or guess).
 */

/** One member of a link group as the results read sees it for a viewer. */
export type GroupMemberForViewer = { date: string; answered: boolean };

/**
 * The game days whose answers a viewer's results of a link group leave out: every day up to `today` that has a
 * member the viewer has not answered (later days have no answers yet). Sorted, without repeats.
 */
export function hiddenGameDays(members: readonly GroupMemberForViewer[], today: string): string[] {
  const hidden = new Set<string>();
  for (const m of members) if (!m.answered && m.date <= today) hidden.add(m.date);
  return [...hidden].sort();
}

/** A guess on a member is refused once the player has seen the results of any member of its link group. */
export const GUESS_AFTER_GROUP_RESULTS =
  'Guesses close once you have seen the results of this question, here or on an earlier day';
