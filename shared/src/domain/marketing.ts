import type { MarketingQuestionDto } from '../contracts/marketing';

/**
 * Marketing generator rules (product.md#screens "Marketing generator", #validation, #limits): the six post types, their
 * editable content, sample defaults and the limits the forms and previews enforce.
 * Pure: no React, no DOM, so forms, templates and tests share one source of truth.
 */

export const POST_TYPES = ['teaser', 'poll', 'snapshot', 'results', 'quote', 'promo'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_TYPE_LABELS: Record<PostType, string> = {
  teaser: 'Teaser',
  poll: 'Poll',
  snapshot: 'Snapshot',
  results: 'Results',
  quote: 'Quote',
  promo: 'Promo',
};

/** Exported images are square (product.md#limits). */
export const POST_SIZE = 1080;
export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 5;
export const MIN_RESULT_ROWS = 2;
export const MAX_RESULT_ROWS = 5;
/** Previews show fewer entries than the form allows so the square layout never overflows. */
export const MAX_PREVIEW_ENTRIES = 4;

export type TeaserContent = { headline: string; question: string; subtext: string; cta: string };
export type PollContent = { question: string; options: string[]; useEmojis: boolean; footer: string };
/** `value` is what the operator typed ("73" or "73%"); templates show it with one % sign. */
export type SnapshotContent = { label: string; value: string; context: string };
export type ResultRow = { label: string; percent: number };
/**
 * The percentages are shares weighted to SA adults (filled from weighted results, docs/decisions/0294): the post
 * says so. `interval` is the widest ± half-width (0–1) of their 95 % intervals.
 */
export type ResultsWeighting = { interval: number };
export type ResultsContent = {
  question: string;
  rows: ResultRow[];
  sampleSize: number | null;
  /** Null: the percentages are as answered (or typed), and the post makes no weighting claim. */
  weighting: ResultsWeighting | null;
};
export type QuoteStyle = 'quote' | 'meme';
export type QuoteContent = { text: string; attribution: string; style: QuoteStyle };
export type PromoStyle = 'brand' | 'fun';
export type PromoContent = { headline: string; description: string; cta: string; style: PromoStyle };

export type PostContentMap = {
  teaser: TeaserContent;
  poll: PollContent;
  snapshot: SnapshotContent;
  results: ResultsContent;
  quote: QuoteContent;
  promo: PromoContent;
};

export const QUOTE_STYLE_LABELS: Record<QuoteStyle, string> = { quote: 'Quote', meme: 'Meme' };
export const PROMO_STYLE_LABELS: Record<PromoStyle, string> = { brand: 'Brand Focus', fun: 'Fun & Casual' };

export const DEFAULT_CONTENT: { [K in PostType]: PostContentMap[K] } = {
  teaser: {
    headline: "Today's tea is brewing ☕",
    question: 'Would you rather give up coffee or social media for a month?',
    subtext: 'Answer in 10 seconds. See how the whole community voted.',
    cta: 'Spill your take at dailytea.app',
  },
  poll: {
    question: "What's your go-to weekend plan?",
    options: ['🛋️ Couch & series', '🥾 Hike with friends', '🍳 Long brunch', '💼 Side hustle'],
    useEmojis: true,
    footer: 'Vote in the app · results drop live',
  },
  snapshot: {
    label: 'Of South Africans',
    value: '68',
    context: 'would rather have a 4-day work week than a 10% raise',
  },
  results: {
    question: 'How do you take your tea?',
    rows: [
      { label: 'Rooibos, no milk', percent: 42 },
      { label: 'Five Roses with milk', percent: 31 },
      { label: 'Green tea', percent: 17 },
      { label: "I don't drink tea", percent: 10 },
    ],
    sampleSize: 2481,
    weighting: null,
  },
  quote: {
    text: 'Everyone has an opinion. We just made it a daily habit.',
    attribution: 'The Daily Tea team',
    style: 'quote',
  },
  promo: {
    headline: 'Three topics. One minute. All the tea.',
    description: 'Answer daily questions, keep your streak alive and see how you compare with the community.',
    cta: 'Join free at dailytea.app',
    style: 'brand',
  },
};

/**
 * How much of a post is still the generator's sample (docs/decisions/0253-sample-marketing-content.md):
 * `untouched` while the whole content equals the sample, and the invented figures it still shows, named the
 * way the operator reads them. Figures stay "sample" until their own values change (editing only a label
 * keeps an invented percentage invented); filling from real results replaces them.
 */
export type SampleStatus = { untouched: boolean; figures: string[] };

export function sampleStatus<K extends PostType>(type: K, content: PostContentMap[K]): SampleStatus {
  const sample = DEFAULT_CONTENT[type];
  const untouched = JSON.stringify(content) === JSON.stringify(sample);
  const figures: string[] = [];
  if (type === 'snapshot') {
    const value = (content as SnapshotContent).value;
    const sampleValue = (sample as SnapshotContent).value;
    if (value.trim().replace(/%$/, '') === sampleValue)
      figures.push(`the number ${formatSnapshotValue(value)}`);
  }
  if (type === 'results') {
    const { rows, sampleSize } = content as ResultsContent;
    const sampleResults = sample as ResultsContent;
    const percents = rows.map((row) => row.percent).join(',');
    if (percents === sampleResults.rows.map((row) => row.percent).join(',')) figures.push('the percentages');
    if (sampleSize !== null && sampleSize === sampleResults.sampleSize)
      figures.push(`the answer count ${formatSampleSize(sampleSize)}`);
  }
  return { untouched, figures };
}

const listInWords = (items: readonly string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(items);

/** The note beside a post that is (partly) still sample content; null once nothing is sample. */
export function sampleNote(
  status: SampleStatus,
  canFillFromResults: boolean,
): { title: string; text: string } | null {
  const fill = canFillFromResults ? ' or use Fill from real results' : '';
  const one = status.figures.length === 1;
  if (status.untouched) {
    const figures =
      status.figures.length === 0
        ? ''
        : one
          ? ', and its figure is invented'
          : ', and its figures are invented';
    return {
      title: 'Sample content.',
      text: `This is the generator's example${figures}. Edit it${fill} before you post it.`,
    };
  }
  if (status.figures.length === 0) return null;
  const list = listInWords(status.figures);
  return {
    title: 'Sample figures.',
    text: `${list.charAt(0).toUpperCase()}${list.slice(1)} ${one ? 'is' : 'are'} still the generator's invented example${one ? '' : 's'}. Change ${one ? 'it' : 'them'}${fill} before you post.`,
  };
}

/** The prompt before exporting posts that still show sample figures; null when there are none. */
export function sampleFiguresPrompt(posts: readonly { type: PostType; figures: string[] }[]): string | null {
  const withFigures = posts.filter((post) => post.figures.length > 0);
  if (withFigures.length === 0) return null;
  const [only] = withFigures;
  if (withFigures.length === 1 && only)
    return `The ${POST_TYPE_LABELS[only.type]} post still shows sample figures: ${listInWords(only.figures)}. They are invented examples, not real results. Export it anyway?`;
  const names = listInWords(withFigures.map((post) => POST_TYPE_LABELS[post.type]));
  return `The ${names} posts still show sample figures. They are invented examples, not real results. Export them anyway?`;
}

/** Appends an empty entry while below `max`; otherwise returns the list unchanged. */
function addEntry<T>(list: readonly T[], entry: T, max: number): T[] {
  return list.length >= max ? [...list] : [...list, entry];
}

/** Removes the entry at `index` only while above `min` (SPEC: Remove only above 2). */
function removeEntry<T>(list: readonly T[], index: number, min: number): T[] {
  if (list.length <= min || index < 0 || index >= list.length) return [...list];
  return list.filter((_, i) => i !== index);
}

export const canAddOption = (options: readonly string[]) => options.length < MAX_POLL_OPTIONS;
export const canRemoveOption = (options: readonly string[]) => options.length > MIN_POLL_OPTIONS;
export const addOption = (options: readonly string[], text = '') => addEntry(options, text, MAX_POLL_OPTIONS);
export const removeOption = (options: readonly string[], index: number) =>
  removeEntry(options, index, MIN_POLL_OPTIONS);

export const canAddRow = (rows: readonly ResultRow[]) => rows.length < MAX_RESULT_ROWS;
export const canRemoveRow = (rows: readonly ResultRow[]) => rows.length > MIN_RESULT_ROWS;
export const addRow = (rows: readonly ResultRow[], row: ResultRow = { label: '', percent: 0 }) =>
  addEntry(rows, row, MAX_RESULT_ROWS);
export const removeRow = (rows: readonly ResultRow[], index: number) =>
  removeEntry(rows, index, MIN_RESULT_ROWS);

// Emoji sequences carry joiners, variation selectors and keycap marks that are not "symbols" by category,
// so they are removed explicitly before the allow-list below.
const EMOJI_PARTS =
  // eslint-disable-next-line no-misleading-character-class -- the joiner and selectors are listed alone on purpose, to strip each one
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0e\ufe0f\u20e3]/gu;
// Letters (with their combining marks), digits, whitespace and the punctuation that plain text needs
// ("Don't", "Rock & roll", "10-15"); everything else is decoration.
const NOT_TEXT = /[^\p{L}\p{M}\p{N}\s'’.,!?&%\-/]/gu;

/** Option text as shown when the "Use emojis in preview" switch is off. */
export function stripNonWordCharacters(text: string): string {
  return text.replace(EMOJI_PARTS, '').replace(NOT_TEXT, '').replace(/\s+/g, ' ').trim();
}

/** The poll options a preview shows: non-blank, at most 4, emoji-free when the switch is off. */
export function previewOptions(options: readonly string[], useEmojis: boolean): string[] {
  return options
    .map((option) => (useEmojis ? option.trim() : stripNonWordCharacters(option)))
    .filter((option) => option.length > 0)
    .slice(0, MAX_PREVIEW_ENTRIES);
}

/** Percentage input: integer 0..100; anything non-numeric becomes 0 (product.md#screens). */
export function parsePercent(input: string): number {
  const value = Number.parseFloat(input.trim());
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Sample-size input: a positive integer, or null when empty/invalid (the field is optional). */
export function parseSampleSize(input: string): number | null {
  const digits = input.replace(/[\s,]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number.parseInt(digits, 10);
  return value > 0 ? value : null;
}

/** The label of the row that stands for the rows a post has no room for. */
export const OTHER_ROW_LABEL = 'Other';

/**
 * At most `max` rows, none silently lost: when there are more, the first `max - 1` stay and the rest
 * become one "Other" row with their combined share (a figure the post quotes always adds up).
 */
export function rowsWithOther(rows: readonly ResultRow[], max: number): ResultRow[] {
  if (rows.length <= max) return [...rows];
  const rest = rows.slice(max - 1);
  const percent = Math.min(
    100,
    rest.reduce((sum, row) => sum + Math.max(0, row.percent), 0),
  );
  return [...rows.slice(0, max - 1), { label: OTHER_ROW_LABEL, percent }];
}

/** The result rows a preview shows: at most 4, in the operator's order, the rest grouped as "Other". */
export function previewRows(rows: readonly ResultRow[]): ResultRow[] {
  return rowsWithOther(rows, MAX_PREVIEW_ENTRIES);
}

/** Bar widths in percent of the track, the largest row filling it (SPEC: relative to the largest). */
export function barWidthsRelativeToMax(rows: readonly ResultRow[]): number[] {
  const max = Math.max(0, ...rows.map((row) => row.percent));
  if (max === 0) return rows.map(() => 0);
  return rows.map((row) => (Math.max(0, row.percent) / max) * 100);
}

/** "73" and "73%" both read as "73%"; an empty value stays empty. */
export function formatSnapshotValue(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return trimmed.endsWith('%') ? trimmed : `${trimmed}%`;
}

/** Compact sample size for the results footer: 2481 → "2,481". */
export function formatSampleSize(sampleSize: number): string {
  return new Intl.NumberFormat('en-US').format(sampleSize);
}

/**
 * A recent question with its community results (GET /api/marketing/questions, product.md#operators): raw
 * `optionCounts` keyed by `opt-N` (1-based position in `options`), and the split weighted to SA adults or why not.
 */
export type MarketingQuestion = MarketingQuestionDto;

/** Questions whose results can fill a Results post: multiple choice with at least two options. */
export function isResultsCandidate(question: MarketingQuestion): boolean {
  return question.type === 'multiple_choice' && question.options.length >= MIN_RESULT_ROWS;
}

/** The weighted split of a question when it is shown (not withheld), else null: then the post uses raw counts. */
function weightedSharesOf(question: MarketingQuestion) {
  const weighted = question.weighted;
  return weighted?.optionShares ? { shares: weighted.optionShares, weighted } : null;
}

/** Whether a Results post filled from this question uses weighted figures (the picker says which it will be). */
export const fillsWeighted = (question: MarketingQuestion) => weightedSharesOf(question) !== null;

/**
 * Results post content from real community results: one row per option, most chosen first (ties keep the
 * question's order), at most 5 rows with any further options grouped as "Other" (the preview groups again
 * beyond its 4). When the question's weighted split is shown (docs/decisions/0294), the rows are its shares
 * weighted to SA adults, the sample size is the respondents they rest on, and `weighting` makes the post say so;
 * otherwise (withheld) rounded percentages of all answers, the answer count, and no weighting claim.
 * Rows are padded to the form minimum so the result is always editable.
 */
export function resultsContentFromQuestion(question: MarketingQuestion): ResultsContent {
  const total = Math.max(0, question.totalAnswers);
  const weighted = weightedSharesOf(question);
  const shareOf = (id: string) =>
    weighted
      ? Math.max(0, weighted.shares[id] ?? 0)
      : total > 0
        ? Math.max(0, question.optionCounts[id] ?? 0) / total
        : 0;
  const chosen = question.options
    .map((label, index) => ({ label, index, share: shareOf(`opt-${index + 1}`) }))
    .sort((a, b) => b.share - a.share || a.index - b.index);
  const rows: ResultRow[] = rowsWithOther(
    chosen.map(({ label, share }) => ({ label, percent: Math.min(100, Math.round(share * 100)) })),
    MAX_RESULT_ROWS,
  );
  while (rows.length < MIN_RESULT_ROWS) rows.push({ label: '', percent: 0 });
  if (weighted) {
    const { respondents, interval } = weighted.weighted;
    return { question: question.text, rows, sampleSize: respondents, weighting: { interval } };
  }
  return { question: question.text, rows, sampleSize: total > 0 ? total : null, weighting: null };
}

/** The line a weighted Results post carries: "Weighted to SA adults · ±3.1 points". */
export function weightingLine(weighting: ResultsWeighting): string {
  const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(
    weighting.interval * 100,
  );
  return `Weighted to SA adults · ±${points} points`;
}

/**
 * A percentage edited by the operator: a changed figure is no longer the weighted share it was filled with, so the
 * post stops saying it is weighted (docs/decisions/0294); an unchanged one keeps the claim.
 */
export function withResultPercent(content: ResultsContent, index: number, percent: number): ResultsContent {
  const row = content.rows[index];
  if (!row || row.percent === percent) return content;
  return {
    ...content,
    rows: content.rows.map((r, i) => (i === index ? { ...r, percent } : r)),
    weighting: null,
  };
}
