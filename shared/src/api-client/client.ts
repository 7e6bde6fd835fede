import type { LoginInput, ProfileInput, RegisterInput, Session, User } from '../contracts/auth';
import type { Preferences, PreferencesInput } from '../contracts/preferences';
import type {
  Badge,
  DailyTopicsResponse,
  QuestionResults,
  SelectTopicResult,
  SubmitAnswerInput,
  SubmitAnswerResult,
} from '../contracts/daily';
import type {
  AdminAnswer,
  AdminQuestion,
  AdminUser,
  AuditEntry,
  AnswersExportQuery,
  ExportTicket,
  CreateQuestionInput,
  EditQuestionInput,
  QuestionSearchQuery,
  DailySchedule,
  Day,
  SaveDayInput,
  SaveDayResult,
  DashboardStats,
  ResponseDemographics,
  ResponseFilter,
  ResponseQuestions,
  ResponseStats,
  Topic,
  TopicInput,
  UnlockResult,
  UserAnalytics,
  CreateStaffInput,
  StaffList,
  StaffMember,
} from '../contracts/admin';
import type { Activity, Funnel, Retention } from '../contracts/analytics';
import type { Page } from '../contracts/common';
import type { CrowdSense, DayRecap, GuessInput, GuessResult } from '../contracts/crowd';
import type { ArchivePage, PlayerStats } from '../contracts/history';
import type { MarketingQuestionDto } from '../contracts/marketing';
import type {
  AcceptInviteResult,
  FriendInvite,
  FriendInvites,
  FriendsResponse,
  InvitePreview,
  Leaderboard,
} from '../contracts/friends';
import type { Health } from '../contracts/health';
import type { Methodology, SampleMakeup, SampleMakeupQuery } from '../contracts/weighting';
import type { PushConfig, PushSubscriptionInput, PushSubscriptionState } from '../contracts/push';
import { ApiError, errorFromResponse } from './api-error';

export { ApiError };

export type ApiClientOptions = {
  /** '' for same-origin (web), e.g. 'http://127.0.0.1:8787' for the desktop console. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers per request, e.g. the operator bearer token (held in memory only). */
  getHeaders?: () => Record<string, string>;
  /** 'include' on the web (session cookie); 'omit' for the desktop console (bearer only). */
  credentials?: RequestCredentials;
};

type Query = Record<string, string | number | undefined | null>;

/**
 * The one API client used by the web app and the desktop console (product.md#endpoints): JSON over HTTP,
 * credentials sent, a body and content type only when there is a body; non-OK → ApiError.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const credentials = options.credentials ?? 'include';

  function urlOf(path: string, query?: Query): string {
    let url = `${baseUrl}${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query))
        if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
      const qs = params.toString();
      if (qs) url += `?${qs}`;
    }
    return url;
  }

  async function send(
    method: string,
    path: string,
    body?: unknown,
    query?: Query,
    accept = 'application/json',
  ) {
    const url = urlOf(path, query);
    const headers: Record<string, string> = { Accept: accept, ...(options.getHeaders?.() ?? {}) };
    const init: RequestInit = { method, headers, credentials };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await doFetch(url, init);
    } catch (err) {
      throw new ApiError(
        0,
        err instanceof Error && err.message ? `Network error: ${err.message}` : 'Network error',
      );
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const res = await send(method, path, body, query);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const get = <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query);
  const post = <T>(path: string, body?: unknown) => request<T>('POST', path, body);
  const put = <T>(path: string, body?: unknown) => request<T>('PUT', path, body);
  const patch = <T>(path: string, body?: unknown) => request<T>('PATCH', path, body);
  const del = <T>(path: string, body?: unknown) => request<T>('DELETE', path, body);
  const enc = encodeURIComponent;

  return {
    /** The API origin this client talks to ('' = same origin): what stored operator drafts are kept per. */
    baseUrl,
    /** GET by a query key joined with "/" (product.md#endpoints default loader). */
    getByKey: <T>(key: readonly unknown[]) => get<T>(key.map(String).join('/')),
    health: () => get<Health>('/api/health'),

    /** GET /api/user; a 401 means "no user" and resolves to null. */
    async currentUser(): Promise<User | null> {
      try {
        return await get<User>('/api/user');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    /** GET /api/session: the signed-in user or null, without a 401 in the browser's console. */
    session: async (): Promise<User | null> => (await get<Session>('/api/session')).user,
    login: (input: LoginInput) => post<User>('/api/login', input),
    register: (input: RegisterInput) => post<User>('/api/register', input),
    guestLogin: () => post<User>('/api/guest-login'),
    logout: () => post<{ ok: true }>('/api/logout'),
    updateProfile: (input: ProfileInput) => put<User>('/api/profile', input),
    /** PUT /api/preferences: any subset; answers the whole preferences object. */
    updatePreferences: (input: PreferencesInput) => put<Preferences>('/api/preferences', input),

    dailyTopics: () => get<DailyTopicsResponse>('/api/daily-topics'),
    selectTopic: (topicId: string) => post<SelectTopicResult>('/api/select-topic', { topicId }),
    submitAnswer: (input: SubmitAnswerInput) => post<SubmitAnswerResult>('/api/answers', input),
    badges: () => get<Badge[]>('/api/user/badges'),
    questionResults: (questionId: string) =>
      get<QuestionResults>(`/api/questions/${enc(questionId)}/results`),
    /** How results are weighted: the targets with their sources (no session needed; the /methodology page). */
    methodology: () => get<Methodology>('/api/methodology'),
    /** Guess the crowd: after answering a multiple-choice question, before seeing its results (once). */
    submitGuess: (input: GuessInput) => post<GuessResult>('/api/guesses', input),
    crowdSense: () => get<CrowdSense>('/api/crowd-sense'),
    /** The finished day's recap; 409 until every selected topic is answered. */
    recap: () => get<DayRecap>('/api/recap'),

    /** The player's history: streaks, freezes, the 90-day calendar, totals, badges, crowd sense. */
    stats: () => get<PlayerStats>('/api/me/stats'),
    /** Past game days, newest first; `before` is the previous page's `nextBefore`. */
    archive: (query: { before?: string; limit?: number } = {}) => get<ArchivePage>('/api/archive', query),
    /** A past game day in the daily-topics shape. */
    archiveDay: (date: string) => get<DailyTopicsResponse>(`/api/archive/${enc(date)}`),
    archiveSelectTopic: (date: string, topicId: string) =>
      post<SelectTopicResult>(`/api/archive/${enc(date)}/select-topic`, { topicId }),

    /** The reminder at the drop: VAPID key and this browser's subscription. */
    push: {
      config: () => get<PushConfig>('/api/push/config'),
      state: (endpoint: string) => get<PushSubscriptionState>('/api/push/subscriptions', { endpoint }),
      subscribe: (subscription: PushSubscriptionInput) =>
        post<PushSubscriptionState>('/api/push/subscriptions', subscription),
      unsubscribe: (endpoint: string) => del<PushSubscriptionState>('/api/push/subscriptions', { endpoint }),
    },

    /** Friends (product.md#play-rules): registered players only; a guest gets 403 "Save your progress to add friends". */
    friends: {
      list: () => get<FriendsResponse>('/api/friends'),
      /** Accepts an invite code (with or without its dash): both become friends at once; idempotent. */
      accept: (code: string) => post<AcceptInviteResult>('/api/friends', { code }),
      remove: (userId: string) => del<{ ok: true }>(`/api/friends/${enc(userId)}`),
      leaderboard: () => get<Leaderboard>('/api/friends/leaderboard', { period: 'week' }),
      invites: () => get<FriendInvites>('/api/friends/invites'),
      createInvite: () => post<FriendInvite>('/api/friends/invites'),
      revokeInvite: (code: string) => del<{ ok: true }>(`/api/friends/invites/${enc(code)}`),
      /** Who an invite is from (no session needed), for the page its link opens. */
      previewInvite: (code: string) => get<InvitePreview>(`/api/friends/invites/${enc(code)}`),
    },

    admin: {
      /** The owner's admin password alone, or a staff editor's `name` with their own password. */
      unlock: (password: string, name?: string) =>
        post<UnlockResult>('/api/admin/unlock', name ? { name, password } : { password }),
      /** "Exit Admin": ends this bearer token on the server. */
      endSession: () => post<{ ok: true }>('/api/admin/sessions/revoke'),
      /** Ends every admin and marketing token (audited). */
      revokeAllSessions: () => post<{ ok: true }>('/api/admin/sessions/revoke-all'),
      /**
       * The server's game day for operators. Same shape as /api/health, but behind the bearer token so the
       * desktop console can read it cross-origin (CORS is open to it on admin routes only, product.md#accounts).
       */
      clock: () => get<Health>('/api/admin/clock'),
      topics: () => get<Topic[]>('/api/admin/topics'),
      createTopic: (input: TopicInput) => post<Topic>('/api/admin/topics', input),
      updateTopic: (id: string, input: TopicInput) => put<Topic>(`/api/admin/topics/${enc(id)}`, input),
      questions: () => get<AdminQuestion[]>('/api/admin/questions'),
      createQuestion: (input: CreateQuestionInput) => post<AdminQuestion>('/api/admin/questions', input),
      deleteQuestion: (id: string) => del<{ ok: true }>(`/api/admin/questions/${enc(id)}`),
      /** Edits a question without answers (409 with the reason when it has some). */
      editQuestion: (id: string, input: EditQuestionInput) =>
        patch<AdminQuestion>(`/api/admin/questions/${enc(id)}`, input),
      /** The question bank: earlier questions across topics and dates, newest first. */
      searchQuestions: (query: QuestionSearchQuery) =>
        get<AdminQuestion[]>('/api/admin/questions/search', query),
      importableQuestions: (topicId: string, currentDate: string) =>
        get<AdminQuestion[]>('/api/admin/questions/importable', { topicId, currentDate }),
      topicQuestions: (topicId: string, date: string) =>
        get<AdminQuestion[]>(`/api/admin/topics/${enc(topicId)}/questions`, { date }),
      schedule: (date: string) => get<DailySchedule>(`/api/admin/daily-topics/${enc(date)}`),
      saveSchedule: (date: string, topicIds: string[]) =>
        put<DailySchedule>(`/api/admin/daily-topics/${enc(date)}`, { topicIds }),
      /** A whole day (topics with their questions) and the version it was read at. */
      day: (date: string) => get<Day>(`/api/admin/days/${enc(date)}`),
      /** Saves a whole day atomically; 409 when it changed since `input.version`. */
      saveDay: (date: string, input: SaveDayInput) =>
        put<SaveDayResult>(`/api/admin/days/${enc(date)}`, input),
      /**
       * A 60-second link that downloads the server-streamed responses export (CSV or JSON Lines) without the
       * bearer token, on the API's base URL, so the browser or the desktop app saves it straight to disk.
       */
      async exportTicket(query: AnswersExportQuery): Promise<ExportTicket> {
        const ticket = await post<ExportTicket>('/api/admin/answers/export/ticket', query);
        return { ...ticket, url: `${baseUrl}${ticket.url}` };
      },
      users: (query: { limit?: number; offset?: number; search?: string } = {}) =>
        get<Page<AdminUser>>('/api/admin/users', query),
      deleteUser: (id: string) => del<{ ok: true }>(`/api/admin/users/${enc(id)}`),
      answers: (query: { limit?: number; offset?: number; date?: string; questionId?: string } = {}) =>
        get<Page<AdminAnswer>>('/api/admin/answers', query),
      deleteAnswer: (id: string) => del<{ ok: true }>(`/api/admin/answers/${enc(id)}`),
      audit: (query: { limit?: number; offset?: number; actor?: string } = {}) =>
        get<Page<AuditEntry>>('/api/admin/audit', query),
      /** Every actor the audit log names (its filter). */
      auditActors: () => get<{ actors: string[] }>('/api/admin/audit/actors'),
      /** Staff accounts (the owner only). */
      staff: () => get<StaffList>('/api/admin/staff'),
      createStaff: (input: CreateStaffInput) => post<StaffMember>('/api/admin/staff', input),
      resetStaffPassword: (id: string, password: string) =>
        patch<StaffMember>(`/api/admin/staff/${enc(id)}`, { password }),
      removeStaff: (id: string) => del<{ ok: true }>(`/api/admin/staff/${enc(id)}`),
      /** Activity, retention and the day's funnel (product.md#operators). */
      activity: (days = 30) => get<Activity>('/api/admin/analytics/activity', { days }),
      retention: (weeks = 8) => get<Retention>('/api/admin/analytics/retention', { weeks }),
      funnel: (date?: string) => get<Funnel>('/api/admin/analytics/funnel', date ? { date } : {}),
      /** A day's respondents (each player once) or a question's link group against the weighting targets. */
      sampleMakeup: (query: SampleMakeupQuery) => get<SampleMakeup>('/api/admin/analytics/sample', query),
      dashboardStats: () => get<DashboardStats>('/api/admin/stats/dashboard'),
      userAnalytics: () => get<UserAnalytics>('/api/admin/stats/users'),
      /** Response Analytics under one filter: the stat cards, a chart per question, the demographic split. */
      responseStats: (filter: ResponseFilter) => get<ResponseStats>('/api/admin/stats/responses', filter),
      responseQuestions: (filter: ResponseFilter) =>
        get<ResponseQuestions>('/api/admin/stats/responses/questions', filter),
      responseDemographics: (filter: ResponseFilter) =>
        get<ResponseDemographics>('/api/admin/stats/responses/demographics', filter),
    },
    marketing: {
      /** The owner's marketing password alone, or a staff member's `name` with their own password. */
      unlock: (password: string, name?: string) =>
        post<UnlockResult>('/api/marketing/unlock', name ? { name, password } : { password }),
      /** Leaving the marketing tools: ends this bearer token on the server. */
      endSession: () => post<{ ok: true }>('/api/marketing/sessions/revoke'),
      questions: () => get<MarketingQuestionDto[]>('/api/marketing/questions'),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
