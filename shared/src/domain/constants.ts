/** Business constants and limits (product.md#limits, #play-rules, #accounts). One source for server, web and operator screens. */

/** Topics a user may select per game day. */
export const MAX_TOPICS_PER_DAY = 3;

/** Auth screen tagline rotation interval. */
export const TAGLINE_ROTATION_MS = 8000;
/** Delay between choosing a multiple-choice option and submitting it. */
export const AUTO_SUBMIT_DELAY_MS = 300;
/** Delay after a successful answer before moving to the next question. */
export const NEXT_QUESTION_DELAY_MS = 500;
/** Delay before moving on after an "Already answered" error. */
export const ALREADY_ANSWERED_DELAY_MS = 1000;
/** First part of the results reload delay after results are requested. */
export const RESULTS_RELOAD_DELAY_MS = 800;
/** Extra part of the results reload delay (800 ms plus 200 ms). */
export const RESULTS_RELOAD_EXTRA_MS = 200;
/** Results queries stay fresh this long. */
export const RESULTS_STALE_MS = 30_000;
/** Results queries refetch on this interval. */
export const RESULTS_REFETCH_MS = 60_000;

/** At most this many toasts are visible. */
export const TOAST_LIMIT = 1;
/** Default toast duration. */
export const TOAST_DURATION_MS = 5000;
/** Swipe distance (to the right) that dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Keyboard shortcut that focuses the toast region. */
export const TOAST_HOTKEY = 'F8';

/** Results share card edge length in CSS pixels. */
export const SHARE_CARD_SIZE = 1080;
/** Results share card render scale. */
export const SHARE_CARD_SCALE = 2;
/** Questions shown on the results share card. */
export const SHARE_CARD_QUESTIONS = 2;
/** Question text cut on the share card. */
export const SHARE_QUESTION_MAX = 50;
/** Option text cut on the share card. */
export const SHARE_OPTION_MAX = 25;

/** Bar height (percent) floor for a non-zero value. */
export const BAR_MIN_HEIGHT_PCT = 8;
/** Bar height (percent) for a zero value. */
export const BAR_ZERO_HEIGHT_PCT = 2;
/** Words of option text shown under a results bar. */
export const OPTION_LABEL_WORDS = 3;
/** Community insight shows only with at least this many answers ("more than 1"). */
export const INSIGHT_MIN_ANSWERS = 2;
/** Gender breakdown: minimum total answers. */
export const GENDER_BREAKDOWN_MIN_ANSWERS = 3;
/** Age breakdown: minimum total answers. */
export const AGE_BREAKDOWN_MIN_ANSWERS = 5;
/** Race/ethnicity breakdown: minimum total answers. */
export const RACE_BREAKDOWN_MIN_ANSWERS = 5;
/** Any breakdown: minimum groups with data. */
export const BREAKDOWN_MIN_GROUPS = 2;
/** Below this sample size a margin of error is not meaningful enough to show. */
export const MARGIN_OF_ERROR_MIN_N = 30;

/** Admin schedule window (days from today, today included). */
export const SCHEDULE_WINDOW_DAYS = 7;
/** "Active Users (7d)" window. */
export const ACTIVE_USER_WINDOW_DAYS = 7;
/** Top countries listed in user analytics. */
export const TOP_COUNTRIES = 10;
/** Streak length counted as highlighted in engagement stats. */
export const STREAK_HIGHLIGHT_DAYS = 7;
/** Question text cut in the response analytics filter. */
export const QUESTION_FILTER_MAX = 60;
/** Question text cut in the response list. */
export const RESPONSE_LIST_TEXT_MAX = 50;
/** Characters of a user id shown in the response list (only for an answer whose player has no username left). */
export const USER_ID_SHORT = 8;
/** Response Analytics re-reads its counts this often while it is on screen (and on focus, and on Refresh). */
export const RESPONSES_REFRESH_MS = 30_000;
/** Topics and questions listed on the admin dashboard. */
export const DASHBOARD_LIST_SIZE = 5;
/** Option inputs a new question starts with. */
export const NEW_QUESTION_OPTION_COUNT = 2;
/** Most options a multiple-choice question may have. */
export const MAX_QUESTION_OPTIONS = 10;
/** Longest question text, option text and numeric unit (characters). */
export const QUESTION_TEXT_MAX = 500;
export const QUESTION_OPTION_TEXT_MAX = 200;
export const NUMERIC_UNIT_MAX = 30;
/** Number of fixed quotes on the home screen. */
export const QUOTE_COUNT = 9;

/** Username length bounds (product.md#accounts). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Allowed username characters (product.md#accounts): letters, digits, `_`, `.`, `-`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Password length bounds (product.md#accounts). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Sliding session lifetime for registered users. */
export const SESSION_DAYS = 30;
/** Session lifetime for guests. */
export const GUEST_SESSION_HOURS = 24;
/** Live sessions one account may hold; a new sign-in ends the oldest (product.md#accounts). */
export const MAX_SESSIONS_PER_ACCOUNT = 10;

/** A streak freeze is earned at every multiple of this many consecutive days. */
export const STREAK_FREEZE_EVERY_DAYS = 7;
/** Most streak freezes a player can hold. */
export const STREAK_FREEZES_MAX = 2;
/** Crowd sense: the recent window, in game days (today included). */
export const CROWD_SENSE_WINDOW_DAYS = 30;
/** Recap story card: height of the 1080-wide story format (the square card uses SHARE_CARD_SIZE). */
export const STORY_CARD_HEIGHT = 1920;
