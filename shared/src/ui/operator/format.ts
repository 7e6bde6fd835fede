/** Pure display helpers for the admin screens (product.md#limits cuts and counts). */

/** Cuts `text` to `max` characters, marking the cut with an ellipsis (the result never exceeds `max` + 3). */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Newest first by createdAt, then date; the input is left untouched. */
export function recentFirst<T extends { createdAt: string; date?: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || (b.date ?? '').localeCompare(a.date ?? ''),
  );
}

/** Distinct dates that have at least one question, newest first (Response Analytics date selector). */
export function questionDates(questions: readonly { date: string }[]): string[] {
  return [...new Set(questions.map((q) => q.date))].sort((a, b) => b.localeCompare(a));
}

/** Bar length in percent of the largest count; a non-zero count stays visible. */
export function barPercent(count: number, largest: number): number {
  if (largest <= 0 || count <= 0) return 0;
  return Math.max(2, Math.round((count / largest) * 100));
}

/** Share of `count` in `total` as a whole percent. */
export function sharePercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** "12 Nov 2026, 14:05" in the operator's locale-neutral format. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "14:05" */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** "Sun, 22 Nov 2026" for a YYYY-MM-DD date, read as a calendar date (no time-zone shift). */
export function formatIsoDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
