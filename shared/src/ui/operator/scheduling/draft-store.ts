import { z } from 'zod';
import type { QuestionDraft } from '../../../domain/schedule-drafts';

/**
 * The scheduler's unsaved edits, kept in this browser's localStorage (docs/decisions/0252-stored-schedule-drafts.md) so
 * that a console tab switch, the desktop Settings view, Exit Admin, a reload or a crash loses nothing: they come
 * back after unlocking again in the same browser, per API origin. A day's entry goes when it is saved, when its
 * date has passed, or after DRAFT_TTL_DAYS untouched.
 */

/** What the operator changed on a day and has not saved (see DayEditor). */
export type DayOverride = { topicIds?: string[]; questions: Record<string, QuestionDraft[]> };

export const DRAFT_TTL_DAYS = 14;
const STORAGE_PREFIX = 'dailytea.scheduleDrafts.v1:';

const DraftSchema = z.object({
  key: z.string(),
  id: z.string().optional(),
  text: z.string(),
  type: z.enum(['multiple_choice', 'numeric']),
  options: z.array(z.object({ text: z.string(), icon: z.string().optional() })),
  numericUnit: z.string(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  imageUrl: z.string().nullable(),
  linkedQuestionId: z.string().nullable(),
  answerCount: z.number().optional(),
});
const StoredSchema = z.object({
  days: z.record(
    z.string(),
    z.object({
      at: z.number(),
      override: z.object({
        topicIds: z.array(z.string()).optional(),
        questions: z.record(z.string(), z.array(DraftSchema)),
      }),
    }),
  ),
  selectedDate: z.string().optional(),
});
type Stored = z.infer<typeof StoredSchema>;

export type StoredDrafts = { overrides: Record<string, DayOverride>; selectedDate?: string };

const storageKey = (origin: string) => `${STORAGE_PREFIX}${origin || 'same-origin'}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings): drafts then live only in memory
  }
}

export function isEmptyOverride(o: DayOverride | undefined): boolean {
  return o === undefined || (o.topicIds === undefined && Object.keys(o.questions).length === 0);
}

function read(origin: string): Stored {
  const raw = storage()?.getItem(storageKey(origin));
  if (!raw) return { days: {} };
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { days: {} };
  } catch {
    return { days: {} };
  }
}

/** The stored drafts of this API origin, without days before `today` or untouched for DRAFT_TTL_DAYS. */
export function loadDrafts(origin: string, today: string | null, now = Date.now()): StoredDrafts {
  const stored = read(origin);
  const overrides: Record<string, DayOverride> = {};
  for (const [date, entry] of Object.entries(stored.days)) {
    if (today !== null && date < today) continue;
    if (now - entry.at > DRAFT_TTL_DAYS * 86_400_000) continue;
    if (!isEmptyOverride(entry.override)) overrides[date] = entry.override;
  }
  return { overrides, selectedDate: stored.selectedDate };
}

/**
 * Writes the drafts: a day's `at` moves only when its edits changed, so the TTL counts from the last edit.
 * Empty days are dropped; a full or blocked storage keeps them in memory only.
 */
export function saveDrafts(origin: string, drafts: StoredDrafts, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const before = read(origin);
  const days: Stored['days'] = {};
  for (const [date, override] of Object.entries(drafts.overrides)) {
    if (isEmptyOverride(override)) continue;
    const previous = before.days[date];
    const same = previous && JSON.stringify(previous.override) === JSON.stringify(override);
    days[date] = { at: same ? previous.at : now, override };
  }
  try {
    if (Object.keys(days).length === 0 && !drafts.selectedDate) store.removeItem(storageKey(origin));
    else store.setItem(storageKey(origin), JSON.stringify({ days, selectedDate: drafts.selectedDate }));
  } catch {
    // Quota exceeded: the edits stay in memory for this session.
  }
}

/** Dates with stored unsaved edits (for the "leave with unsaved work" confirmation). */
export function storedDraftDates(origin: string): string[] {
  return Object.keys(loadDrafts(origin, null).overrides).sort();
}
