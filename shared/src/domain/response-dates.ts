/**
 * Response Analytics' date selector (product.md#screens): every date that has questions, newest first, each
 * with how many responses it has; it opens on today's game day when today has responses, else on the newest
 * date that has any, else on today (or the newest date) — never on an empty future date by default.
 */
export type ResponseDate = { date: string; responses: number; isToday: boolean };

export function responseDates(
  questions: readonly { date: string; answerCount: number }[],
  today: string,
): ResponseDate[] {
  const totals = new Map<string, number>();
  for (const q of questions) totals.set(q.date, (totals.get(q.date) ?? 0) + q.answerCount);
  return [...totals]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([date, responses]) => ({ date, responses, isToday: date === today }));
}

export function defaultResponseDate(dates: readonly ResponseDate[], today: string): string | null {
  const todays = dates.find((d) => d.date === today);
  if (todays && todays.responses > 0) return today;
  const answered =
    dates.find((d) => d.responses > 0 && d.date <= today) ?? dates.find((d) => d.responses > 0);
  if (answered) return answered.date;
  if (todays) return today;
  return (dates.find((d) => d.date <= today) ?? dates[0])?.date ?? null;
}
