/**
 * The question linter: warnings, never errors, about questions that tend to poll badly. An
 * operator may ignore every one of them; nothing here blocks a save. The rules and their sources (survey
 * methodology: Pew Research Center, AAPOR, Dillman's Tailored Design Method, Bradburn/Sudman/Wansink) are in
 * docs/decisions/0143-question-linter.md. Pure: no network, no React; the scheduler and the question
 * dialogs call it on every keystroke.
 */
import { SHARE_OPTION_MAX, SHARE_QUESTION_MAX } from './constants';
import { addDays } from './game-day';

export type LintRule =
  | 'leading'
  | 'loaded'
  | 'double_barrelled'
  | 'either_or_yes_no'
  | 'option_repeat'
  | 'option_overlap'
  | 'option_gap'
  | 'no_way_out'
  | 'numeric_no_range'
  | 'numeric_bad_range'
  | 'share_card_question'
  | 'share_card_option'
  | 'recently_asked';

export type LintWarning = {
  rule: LintRule;
  /** Which part of the form the warning is about (where the UI shows it). */
  field: 'text' | 'options' | 'range';
  message: string;
};

export type LintQuestion = {
  text: string;
  type: 'multiple_choice' | 'numeric';
  /** Option texts as typed (blank ones are ignored). */
  options: readonly string[];
  minValue: number | null;
  maxValue: number | null;
  numericUnit?: string | null;
  /** Set on imports: a repeat that is already linked is what the operator wants. */
  linkedQuestionId?: string | null;
};

export type LintContext = {
  /** The date the question is scheduled on (YYYY-MM-DD). */
  date?: string;
  /** Questions already asked (any dates); those within RECENT_DAYS before `date` are compared. */
  history?: readonly { id: string; text: string; date: string; topicTitle?: string }[];
};

/** "Identical to one asked in the last 30 days". */
export const RECENT_DAYS = 30;

const LEADING_PHRASES = [
  "don't you",
  'do not you',
  "wouldn't you",
  "isn't it",
  "aren't you",
  "shouldn't",
  "won't you",
  "can't we all",
  'do you agree that',
  'would you agree that',
  'is it not true',
  "isn't it true",
  'surely',
  'obviously',
  'clearly',
  'of course',
  'everyone knows',
  'as we all know',
  'most people',
  'everybody',
  'like most people',
  'right?',
];

const LOADED_WORDS = [
  'ridiculous',
  'disgusting',
  'terrible',
  'awful',
  'horrible',
  'stupid',
  'idiotic',
  'outrageous',
  'pathetic',
  'shameful',
  'greedy',
  'lazy',
  'corrupt',
  'evil',
  'insane',
  'crazy',
  'so-called',
  'amazing',
  'fantastic',
  'wonderful',
  'brilliant',
  'heroic',
  'selfish',
  'dangerous',
  'waste',
];

const WAY_OUT =
  /\b(other|none|neither|not sure|unsure|don'?t know|do not know|no opinion|prefer not|depends|neutral|something else|n\/a|not applicable|undecided|no preference|can'?t say|both|all of)\b/i;
const YES_NO = /^(yes|no|yep|nope|maybe|not sure|sometimes|never|always|yes,? .*|no,? .*)$/i;

function normal(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'+%\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): Set<string> {
  return new Set(normal(text).split(' '));
}

function quote(text: string, max = 40): string {
  const t = text.trim();
  return `“${t.length > max ? `${t.slice(0, max - 1)}…` : t}”`;
}

export const LINT_MESSAGES = {
  leading: (phrase: string) =>
    `Leading wording (${quote(phrase)}): it suggests the answer you expect. Ask neutrally, e.g. “Do you … or not?”`,
  loaded: (word: string) =>
    `Loaded word ${quote(word)}: emotionally charged words push answers one way. Use a neutral word.`,
  doubleBarrelled: (joiner: string) =>
    `This may ask two things at once (joined by ${quote(joiner)}): someone who agrees with one part but not the other cannot answer. Split it into two questions.`,
  twoQuestions: 'Two question marks: this looks like two questions in one. Ask one thing per question.',
  eitherOrYesNo:
    'An “A or B?” question with yes/no options cannot be answered: make the options the alternatives (A, B, …).',
  optionRepeat: (text: string) => `Option ${quote(text)} appears more than once.`,
  optionOverlap: (a: string, b: string) =>
    `Options ${quote(a)} and ${quote(b)} overlap: an answer that fits both makes the results ambiguous.`,
  optionGap: (from: number, to: number) =>
    from === to
      ? `No option covers ${from}: someone whose answer is ${from} cannot answer.`
      : `No option covers ${from}–${to}: someone in that range cannot answer.`,
  noWayOut:
    'No way out: add an option such as “Other”, “None of these” or “Not sure”, so players who fit no option are not forced to pick one.',
  numericNoRange:
    'No range: add a minimum and a maximum, so a slip (1000 instead of 10) cannot skew the average.',
  numericHalfRange: (missing: 'minimum' | 'maximum') =>
    `Only one bound: add a ${missing} too, so a slip cannot skew the average.`,
  numericSingleValue: (v: number) => `Minimum and maximum are both ${v}: there is only one possible answer.`,
  numericNegative: (unit: string) => `A negative minimum for ${quote(unit)}: can that be below zero?`,
  numericTooWide:
    'The range spans more than a million: the average will say little. Narrow it to sensible answers.',
  shareCardQuestion: (n: number) =>
    `The share card shows the first ${SHARE_QUESTION_MAX} characters of the question; this one has ${n} and will be cut.`,
  shareCardOption: (text: string) =>
    `Option ${quote(text)} is longer than the ${SHARE_OPTION_MAX} characters the share card shows.`,
  recentlyAsked: (date: string, topic?: string) =>
    `Asked on ${date}${topic ? ` in “${topic}”` : ''}: import that question instead, so the results link.`,
} as const;

type Range = { lo: number; hi: number; text: string };
/** Numeric ranges written in options: "18-24", "5 to 10", "under 5", "less than 5", "65+", "10 or more", "over 3". */
function rangeOf(text: string): Range | null {
  const t = normal(text).replace(/,/g, '');
  let m = /^(?:r|\$|€|£)?\s*(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(?:r|\$|€|£)?\s*(\d+(?:\.\d+)?)(?:\s|$)/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Number(m[2]), text };
  m = /^(?:under|less than|below|fewer than)\s+(\d+(?:\.\d+)?)/.exec(t);
  if (m) return { lo: -Infinity, hi: Number(m[1]) - 1, text };
  m = /^(\d+(?:\.\d+)?)\s*(?:\+|or more|and over|and above|plus)/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Infinity, text };
  m = /^(?:over|more than|above)\s+(\d+(?:\.\d+)?)/.exec(t);
  if (m) return { lo: Number(m[1]) + 1, hi: Infinity, text };
  m = /^(\d+)$/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Number(m[1]), text };
  return null;
}

function optionRangeWarnings(options: readonly string[]): LintWarning[] {
  const ranges = options.map(rangeOf);
  if (ranges.length < 2 || ranges.some((r) => r === null)) return [];
  const sorted = (ranges as Range[]).filter((r) => r.lo <= r.hi).sort((a, b) => a.lo - b.lo);
  const out: LintWarning[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.lo <= prev.hi)
      out.push({
        rule: 'option_overlap',
        field: 'options',
        message: LINT_MESSAGES.optionOverlap(prev.text, cur.text),
      });
    else if (Number.isInteger(prev.hi) && Number.isInteger(cur.lo) && cur.lo > prev.hi + 1)
      out.push({
        rule: 'option_gap',
        field: 'options',
        message: LINT_MESSAGES.optionGap(prev.hi + 1, cur.lo - 1),
      });
  }
  return out;
}

/** True when the options read as a rating/agreement scale (which has its own neutral middle, or none by design). */
function isScale(options: readonly string[]): boolean {
  return options.every((o) =>
    /\b(agree|disagree|likely|unlikely|satisfied|dissatisfied|important|often|rarely|very|somewhat|extremely|not at all|\d+\s*\/\s*\d+|\d)\b/i.test(
      o,
    ),
  );
}

/** Every warning for one question, in form order (text, options, range). */
export function lintQuestion(q: LintQuestion, ctx: LintContext = {}): LintWarning[] {
  const out: LintWarning[] = [];
  const text = q.text.trim();
  const options = q.options.map((o) => o.trim()).filter((o) => o !== '');
  if (text === '') return out;
  const lower = ` ${normal(text)} `;
  const raw = text.toLowerCase().replace(/[’‘]/g, "'");

  const leading = LEADING_PHRASES.find((p) =>
    p.endsWith('?') ? raw.endsWith(p) || raw.includes(`, ${p}`) : lower.includes(` ${normal(p)} `),
  );
  if (leading) out.push({ rule: 'leading', field: 'text', message: LINT_MESSAGES.leading(leading) });
  const textWords = words(text);
  const loaded = LOADED_WORDS.find((w) => (w.includes('-') ? lower.includes(` ${w} `) : textWords.has(w)));
  if (loaded) out.push({ rule: 'loaded', field: 'text', message: LINT_MESSAGES.loaded(loaded) });

  if ((text.match(/\?/g) ?? []).length > 1)
    out.push({ rule: 'double_barrelled', field: 'text', message: LINT_MESSAGES.twoQuestions });
  else {
    const joiner = / (and|as well as|&) /.exec(lower.replace(/ between .+? and /, ' between '));
    if (joiner)
      out.push({
        rule: 'double_barrelled',
        field: 'text',
        message: LINT_MESSAGES.doubleBarrelled(joiner[1]!),
      });
  }
  if (
    q.type === 'multiple_choice' &&
    / or /.test(lower) &&
    options.length >= 2 &&
    options.every((o) => YES_NO.test(o))
  )
    out.push({ rule: 'either_or_yes_no', field: 'options', message: LINT_MESSAGES.eitherOrYesNo });

  if (text.length > SHARE_QUESTION_MAX)
    out.push({
      rule: 'share_card_question',
      field: 'text',
      message: LINT_MESSAGES.shareCardQuestion(text.length),
    });

  if (ctx.date && ctx.history && !q.linkedQuestionId) {
    const from = addDays(ctx.date, -RECENT_DAYS);
    const wanted = normal(text);
    const repeat = ctx.history
      .filter((h) => h.date >= from && h.date < ctx.date! && normal(h.text) === wanted)
      .sort((a, b) => b.date.localeCompare(a.date))[0];
    if (repeat)
      out.push({
        rule: 'recently_asked',
        field: 'text',
        message: LINT_MESSAGES.recentlyAsked(repeat.date, repeat.topicTitle),
      });
  }

  if (q.type === 'multiple_choice') {
    const seen = new Set<string>();
    for (const o of options) {
      const key = normal(o);
      if (seen.has(key)) {
        out.push({ rule: 'option_repeat', field: 'options', message: LINT_MESSAGES.optionRepeat(o) });
        break;
      }
      seen.add(key);
    }
    out.push(...optionRangeWarnings(options));
    const ranged = options.length > 0 && options.every((o) => rangeOf(o) !== null);
    if (options.length >= 3 && !ranged && !isScale(options) && !options.some((o) => WAY_OUT.test(o)))
      out.push({ rule: 'no_way_out', field: 'options', message: LINT_MESSAGES.noWayOut });
    for (const o of options)
      if (o.length > SHARE_OPTION_MAX)
        out.push({ rule: 'share_card_option', field: 'options', message: LINT_MESSAGES.shareCardOption(o) });
  } else {
    const { minValue: min, maxValue: max } = q;
    if (min === null && max === null)
      out.push({ rule: 'numeric_no_range', field: 'range', message: LINT_MESSAGES.numericNoRange });
    else if (min === null || max === null)
      out.push({
        rule: 'numeric_no_range',
        field: 'range',
        message: LINT_MESSAGES.numericHalfRange(min === null ? 'minimum' : 'maximum'),
      });
    else if (min === max)
      out.push({ rule: 'numeric_bad_range', field: 'range', message: LINT_MESSAGES.numericSingleValue(min) });
    else if (max - min > 1_000_000)
      out.push({ rule: 'numeric_bad_range', field: 'range', message: LINT_MESSAGES.numericTooWide });
    const unit = q.numericUnit?.trim() ?? '';
    if (
      min !== null &&
      min < 0 &&
      /\b(cups?|hours?|minutes?|days?|years?|times?|people|kids|children|items?|km|kg|rand|r|\$|books?|glasses?|steps?)\b/i.test(
        unit,
      )
    )
      out.push({ rule: 'numeric_bad_range', field: 'range', message: LINT_MESSAGES.numericNegative(unit) });
  }
  return out;
}
