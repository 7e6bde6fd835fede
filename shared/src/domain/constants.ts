/** Business constants and limits (SPEC §9, DESIGN §3–§5). One source for server, web and operator screens. */

/** Topics a user may select per game day. */
export const MAX_TOPICS_PER_DAY = 3;
/** Default local hour at which a new game day starts ("new topics daily at 9 AM"). */
export const DEFAULT_DAY_START_HOUR = 9;

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
/** Toast viewport max width on medium screens and up. */
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;
/** Tooltip open delay. */
export const TOOLTIP_DELAY_MS = 700;
/** Tooltip skip delay when moving between triggers. */
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Tooltip distance from its trigger. */
export const TOOLTIP_SIDE_OFFSET_PX = 4;

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

/** Marketing export edge length. */
export const MARKETING_EXPORT_SIZE = 1080;
/** Marketing export render scale. */
export const MARKETING_EXPORT_SCALE = 1;
/** Marketing export render timeout. */
export const MARKETING_EXPORT_TIMEOUT_MS = 15_000;
/** Poll post: fewest options. */
export const POLL_OPTIONS_MIN = 2;
/** Poll post: most options. */
export const POLL_OPTIONS_MAX = 5;
/** Poll post: options shown in the preview. */
export const POLL_PREVIEW_MAX = 4;
/** Results post: fewest rows. */
export const RESULT_ROWS_MIN = 2;
/** Results post: most rows. */
export const RESULT_ROWS_MAX = 5;
/** Results post: rows shown in the preview. */
export const RESULT_ROWS_PREVIEW_MAX = 4;
/** Results post: lowest percentage. */
export const PERCENT_MIN = 0;
/** Results post: highest percentage. */
export const PERCENT_MAX = 100;

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
/** Characters of a user id shown in the response list. */
export const USER_ID_SHORT = 8;
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
/** Default question type. */
export const DEFAULT_QUESTION_TYPE = 'multiple_choice';
/** Number of fixed quotes on the home screen. */
export const QUOTE_COUNT = 9;
/** Number of rotating taglines on the auth screen. */
export const TAGLINE_COUNT = 4;

/** Username length bounds (DESIGN §4). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Allowed username characters (DESIGN §4): letters, digits, `_`, `.`, `-`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Password length bounds (DESIGN §4). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Sliding session lifetime for registered users. */
export const SESSION_DAYS = 30;
/** Session lifetime for guests. */
export const GUEST_SESSION_HOURS = 24;

/** A streak freeze is earned at every multiple of this many consecutive days (issue 16). */
export const STREAK_FREEZE_EVERY_DAYS = 7;
/** Most streak freezes a player can hold. */
export const STREAK_FREEZES_MAX = 2;
/** Crowd sense: the recent window, in game days (today included). */
export const CROWD_SENSE_WINDOW_DAYS = 30;
/** Recap story card: height of the 1080-wide story format (the square card uses SHARE_CARD_SIZE). */
export const STORY_CARD_HEIGHT = 1920;
