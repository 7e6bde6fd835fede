/**
 * The "9 AM drop": N fresh guests, `concurrency` at a time, each playing a whole day the way the
 * web app does — guest sign-in, current user, profile, daily topics, select 3 topics, answer all 12 questions
 * refetching the daily topics after each answer, the results of every question, badges. Reports player-days
 * per second and p50/p99 per call, then checks the database: every player has first_answer, full_house and
 * streak 1, every acknowledged answer is stored exactly once, and each question's results count every answer
 * (maintained counters = a recount of the link group).
 */
import net from 'node:net';
import { buildConfig, cleanupExpired, createLibsqlDatabase } from '@daily-tea/edge-api/tooling';
import { countGroupAnswers, countGroupCounted, findGroupIds, findPlayerDayFacts } from './seed/scale.queries';
import { treeCpuMs } from './export-scenario';

export type DropOptions = {
  baseUrl: string;
  dbFile: string;
  players: number;
  concurrency: number;
  /** Guests created by a sign-in flood (no play) before the cleanup is timed. */
  floodGuests: number;
  /**
   * Guests who play a whole day, untimed, before the drop (see warmUp): at a real 9 AM drop the server has been
   * running all night, and a process started seconds before compiles every write path on its first calls.
   */
  warmupPlayers: number;
  /** The API's process (tree): its CPU time per player-day is reported, a figure the machine's other load barely moves. */
  serverPid?: number;
  /** Cores of the machine: the CPU ceiling of player-days per second. */
  cores: number;
};

type CallStat = { name: string; count: number; p50: number; p99: number; max: number };

export type DropReport = {
  players: number;
  concurrency: number;
  seconds: number;
  playerDaysPerSecond: number;
  requests: number;
  requestsPerSecond: number;
  /**
   * CPU time per player-day of the API's processes and of this load generator, and the player-days per second
   * the machine's cores could carry if the servers alone had them (cores × 1 000 / server ms) — throughput and
   * latency move with whatever else runs on a shared machine, CPU time per unit of work much less.
   */
  cpu: {
    serverMsPerPlayerDay: number;
    generatorMsPerPlayerDay: number;
    serverCeilingPlayerDaysPerSecond: number;
  } | null;
  errors: number;
  firstErrors: string[];
  calls: CallStat[];
  check: {
    playersChecked: number;
    answersSent: number;
    acknowledgedAnswers: number;
    storedAnswers: number;
    missingAnswers: number;
    missingFirstAnswer: number;
    missingFullHouse: number;
    /** Players whose daily topics, refetched after their last answer, did not show their 3 topics' results. */
    notAllDone: number;
    streakNotOne: number;
    groupsChecked: number;
    groupsMiscounted: number;
    ok: boolean;
  };
  /** The guest cleanup, run once the sessions of the drop's players and a sign-in flood have expired. */
  cleanup: {
    floodGuests: number;
    floodSeconds: number;
    guestsDeleted: number;
    seconds: number;
    guestsPerSecond: number;
  };
  /** The untimed player-days played before the drop, and their errors (any makes the check fail). */
  warmup: { players: number; errors: number };
};

/** The body stays bytes: only the calls whose answer the player uses are decoded and parsed. */
type Reply = { status: number; body: Buffer; setCookie: string | undefined; head: string };

/**
 * One reply of each call of a player-day as the API sent it (status, headers, body): what the drop's floor
 * (runDropFloor) serves back without doing any work.
 */
export type RecordedReply = { status: number; headers: [string, string][]; body: string };
export type DropRecording = Record<string, RecordedReply>;
/** Headers that belong to one connection or one message, not to the reply: the replaying server sets its own. */
const PER_MESSAGE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);
type Question = {
  id: string;
  type: string;
  minValue: number | null;
  maxValue: number | null;
  options: unknown[];
};
type DailyTopics = { topics: { id: string; showResults: boolean; questions: Question[] }[] };

const PROFILE = {
  gender: 'female',
  ageBracket: '25-34',
  raceBracket: 'black',
  country: 'South Africa',
  city: 'Durban',
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One keep-alive HTTP/1.1 connection per lane, written and read directly on its socket. Each lane plays its
 * players' calls one after another (as a browser tab does), so a connection never has two requests in flight.
 * Node's http client costs the generator more CPU per call than the API spends on a cheap read; with both on
 * the same 2 cores, that CPU would be taken from the server being measured. Responses are framed by
 * Content-Length or chunked encoding; anything else is an error, never a guess.
 */
class Lane {
  #socket: net.Socket | null = null;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  #connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#tryParse();
    });
    const fail = (err: Error) => {
      if (this.#socket === socket) this.#socket = null;
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  request(head: string, body: string | undefined): Promise<Reply> {
    if (this.#waiting) return Promise.reject(new Error('lane busy'));
    this.#socket ??= this.#connect();
    this.#buffer = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket!.write(body === undefined ? head : head + body);
    });
  }

  #tryParse(): void {
    const buf = this.#buffer;
    const end = buf.indexOf('\r\n\r\n');
    if (end < 0 || !this.#waiting) return;
    const head = buf.toString('latin1', 0, end);
    const lines = head.split('\r\n');
    const status = Number(lines[0]!.split(' ')[1]);
    let length = -1;
    let chunked = false;
    let setCookie: string | undefined;
    let close = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.toLowerCase().includes('chunked');
      else if (name === 'set-cookie') setCookie = setCookie === undefined ? value : `${setCookie}, ${value}`;
      else if (name === 'connection') close = value.toLowerCase() === 'close';
    }
    let body: Buffer;
    if (chunked) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = buf.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
        if (buf.length < lineEnd + 2 + size + 2) return;
        if (size === 0) break;
        parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else if (length >= 0) {
      if (buf.length < end + 4 + length) return;
      body = buf.subarray(end + 4, end + 4 + length);
    } else {
      const waiting = this.#waiting;
      this.#waiting = null;
      waiting.reject(new Error(`response without Content-Length or chunked encoding (status ${status})`));
      return;
    }
    const waiting = this.#waiting;
    this.#waiting = null;
    this.#buffer = Buffer.alloc(0);
    if (close) {
      this.#socket?.destroy();
      this.#socket = null;
    }
    waiting.resolve({ status, body, setCookie, head });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = null;
  }
}

/**
 * Players of the drop against one server: each lane (one keep-alive connection) plays whole player-days one
 * after another. Keeps every call's latency, the errors, and what the players were told (for the checks).
 * With `record`, the last reply of each call is kept too (recordPlayerDay).
 */
function dropPlayers(baseUrl: string, record?: DropRecording) {
  const url = new URL(baseUrl);
  const latencies = new Map<string, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  let requests = 0;
  const fixedHeaders = `Host: ${url.host}\r\nOrigin: ${baseUrl}\r\n`;

  const callOn = async (
    lane: Lane,
    name: string,
    method: string,
    path: string,
    cookie?: string,
    json?: unknown,
  ): Promise<Reply> => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    let head = `${method} ${path} HTTP/1.1\r\n${fixedHeaders}`;
    if (cookie) head += `Cookie: ${cookie}\r\n`;
    if (body !== undefined)
      head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    else if (method !== 'GET') head += 'Content-Length: 0\r\n';
    head += '\r\n';
    const started = performance.now();
    const reply = await lane.request(head, body);
    const ms = performance.now() - started;
    requests++;
    let list = latencies.get(name);
    if (!list) latencies.set(name, (list = []));
    list.push(ms);
    if (reply.status >= 400) {
      errors++;
      if (firstErrors.length < 10)
        firstErrors.push(`${name} → ${reply.status} ${reply.body.toString('utf8', 0, 200)}`);
    }
    if (record) record[name] = recorded(reply);
    return reply;
  };
  const json = <T>(reply: Reply): T => JSON.parse(reply.body.toString('utf8')) as T;

  const acknowledged: { userId: string; questionId: string }[] = [];
  const userIds: string[] = [];
  const state = {
    attempted: 0,
    /** Players whose last daily-topics refetch did not show all three picked topics with their results. */ notAllDone: 0,
  };

  async function playDay(lane: Lane, player: number): Promise<void> {
    const call = (name: string, method: string, path: string, cookie?: string, body?: unknown) =>
      callOn(lane, name, method, path, cookie, body);
    const guest = await call('POST /api/guest-login', 'POST', '/api/guest-login');
    if (guest.status !== 201) return;
    const session = /(?:^|,\s*)session=([^;]+)/.exec(guest.setCookie ?? '')?.[1];
    if (!session) throw new Error('guest-login set no session cookie');
    const cookie = `session=${session}`;
    const { id: userId } = json<{ id: string }>(guest);
    userIds.push(userId);
    await call('GET /api/user', 'GET', '/api/user', cookie);
    await call('PUT /api/profile', 'PUT', '/api/profile', cookie, PROFILE);
    const dailyReply = await call('GET /api/daily-topics', 'GET', '/api/daily-topics', cookie);
    const daily = json<DailyTopics>(dailyReply);
    if (!daily.topics?.length) {
      throw new Error(
        `GET /api/daily-topics gave player ${player} no topics: ${dailyReply.status} ${dailyReply.body.toString('utf8', 0, 500)}`,
      );
    }
    // Three different topics per player, spread over the day's topics as real players would.
    const picks = [0, 1, 2].map((k) => daily.topics[(player + k) % daily.topics.length]!);
    for (const topic of picks)
      await call('POST /api/select-topic', 'POST', '/api/select-topic', cookie, { topicId: topic.id });
    const questions = picks.flatMap((t) => t.questions);
    for (const [i, q] of questions.entries()) {
      const answer =
        q.type === 'numeric'
          ? {
              questionId: q.id,
              numericValue:
                (q.minValue ?? 0) + ((player + i) % Math.max(1, (q.maxValue ?? 10) - (q.minValue ?? 0) + 1)),
            }
          : {
              questionId: q.id,
              selectedOptionId: `opt-${1 + ((player + i) % Math.max(1, q.options.length))}`,
            };
      state.attempted++;
      const res = await call('POST /api/answers', 'POST', '/api/answers', cookie, answer);
      if (res.status >= 200 && res.status < 300) acknowledged.push({ userId, questionId: q.id });
      // The web app refetches after every answer; the player needs only the last one read (status is always checked).
      const refetched = await call('GET /api/daily-topics', 'GET', '/api/daily-topics', cookie);
      if (i === questions.length - 1 && refetched.status === 200) {
        const done = json<DailyTopics>(refetched).topics.filter(
          (t) => t.showResults && picks.some((p) => p.id === t.id),
        );
        if (done.length !== picks.length) state.notAllDone++;
      }
    }
    for (const q of questions)
      await call('GET /api/questions/:id/results', 'GET', `/api/questions/${q.id}/results`, cookie);
    await call('GET /api/user/badges', 'GET', '/api/user/badges', cookie);
  }

  /**
   * Plays `players` player-days, `concurrency` at a time; reports the wall time and the CPU time per player-day
   * of the server's processes (`serverPid`'s tree) and of this generator.
   */
  async function playAll(players: number, concurrency: number, serverPid: number | undefined, cores: number) {
    const serverCpuBefore = serverPid === undefined ? null : treeCpuMs(serverPid);
    const generatorCpuBefore = process.cpuUsage();
    const started = performance.now();
    const lanes = Array.from({ length: concurrency }, () => new Lane(url.hostname, Number(url.port)));
    let next = 0;
    const worker = async (lane: Lane) => {
      while (next < players) await playDay(lane, next++);
    };
    await Promise.all(lanes.map(worker));
    const seconds = (performance.now() - started) / 1000;
    const serverCpuAfter = serverPid === undefined ? null : treeCpuMs(serverPid);
    const generatorCpu = process.cpuUsage(generatorCpuBefore);
    const serverMsPerPlayerDay =
      serverCpuBefore === null || serverCpuAfter === null
        ? null
        : (serverCpuAfter - serverCpuBefore) / players;
    const cpu: DropReport['cpu'] =
      serverMsPerPlayerDay === null
        ? null
        : {
            serverMsPerPlayerDay: +serverMsPerPlayerDay.toFixed(1),
            generatorMsPerPlayerDay: +((generatorCpu.user + generatorCpu.system) / 1000 / players).toFixed(1),
            serverCeilingPlayerDaysPerSecond: Math.round((cores * 1000) / serverMsPerPlayerDay),
          };
    return { lanes, seconds, cpu, requests, errors };
  }

  const callStats = (): CallStat[] =>
    [...latencies.entries()].map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        name,
        count: list.length,
        p50: +percentile(sorted, 50).toFixed(1),
        p99: +percentile(sorted, 99).toFixed(1),
        max: +sorted.at(-1)!.toFixed(1),
      };
    });

  return { callOn, playAll, callStats, acknowledged, userIds, state, firstErrors, errorCount: () => errors };
}

function recorded(reply: Reply): RecordedReply {
  const headers: [string, string][] = [];
  for (const line of reply.head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (!PER_MESSAGE_HEADERS.has(name)) headers.push([name, line.slice(colon + 1).trim()]);
  }
  return { status: reply.status, headers, body: reply.body.toString('utf8') };
}

/**
 * Whole player-days played before a measurement and not timed. A fresh server process runs each path's code for
 * the first time (V8 compiles it, statements are prepared): without this the drop's first 50 sign-ins, all at
 * once, took 17–129 ms and set the sign-in's p99 (61.5 ms; 43.0 ms without them, ADR 0138).
 */
async function warmUp(
  baseUrl: string,
  count: number,
  concurrency: number,
): Promise<{ players: number; errors: number; firstErrors: string[] }> {
  if (count <= 0) return { players: 0, errors: 0, firstErrors: [] };
  const players = dropPlayers(baseUrl);
  const { lanes } = await players.playAll(count, concurrency, undefined, 1);
  for (const lane of lanes) lane.close();
  return { players: count, errors: players.errorCount(), firstErrors: players.firstErrors };
}

/** One fresh guest's whole day against the real API, with the last reply of each call (see runDropFloor). */
export async function recordPlayerDay(baseUrl: string): Promise<DropRecording> {
  const recording: DropRecording = {};
  const players = dropPlayers(baseUrl, recording);
  const { lanes } = await players.playAll(1, 1, undefined, 1);
  for (const lane of lanes) lane.close();
  if (players.errorCount() > 0)
    throw new Error(`recording a player-day failed: ${players.firstErrors.join('; ')}`);
  return recording;
}

/** The drop's throughput and CPU figures, without its checks (nothing is stored). */
export type DropFloorReport = Pick<
  DropReport,
  | 'players'
  | 'concurrency'
  | 'seconds'
  | 'playerDaysPerSecond'
  | 'requests'
  | 'requestsPerSecond'
  | 'cpu'
  | 'errors'
>;

/**
 * The drop's floor on this machine: the same players, calls and load generator against a server (same
 * framework, same process count) that answers every call at once with the API's own recorded reply — no
 * session, no validation, no database. What the servers and the generator spend here, per player-day, is
 * spent before the API does any of its work.
 */
export async function runDropFloor(opts: {
  baseUrl: string;
  players: number;
  concurrency: number;
  warmupPlayers: number;
  serverPid: number;
  cores: number;
}): Promise<DropFloorReport> {
  const warmup = await warmUp(opts.baseUrl, opts.warmupPlayers, opts.concurrency);
  const players = dropPlayers(opts.baseUrl);
  const played = await players.playAll(opts.players, opts.concurrency, opts.serverPid, opts.cores);
  for (const lane of played.lanes) lane.close();
  return {
    players: opts.players,
    concurrency: opts.concurrency,
    seconds: +played.seconds.toFixed(2),
    playerDaysPerSecond: +(opts.players / played.seconds).toFixed(1),
    requests: played.requests,
    requestsPerSecond: Math.round(played.requests / played.seconds),
    cpu: played.cpu,
    errors: played.errors + warmup.errors,
  };
}

export async function runNineAmDrop(opts: DropOptions): Promise<DropReport> {
  const warmup = await warmUp(opts.baseUrl, opts.warmupPlayers, opts.concurrency);
  const players = dropPlayers(opts.baseUrl);
  const { callOn, acknowledged, userIds, state } = players;
  const {
    lanes,
    seconds,
    cpu,
    requests: dropRequests,
    errors: dropErrors,
  } = await players.playAll(opts.players, opts.concurrency, opts.serverPid, opts.cores);
  const { attempted, notAllDone } = state;

  // A flood of bare guest sign-ins (what an account-creation attack leaves behind), then the cleanup.
  const floodStarted = performance.now();
  let flooded = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (flooded < opts.floodGuests) {
        flooded++;
        await callOn(lane, 'flood: POST /api/guest-login', 'POST', '/api/guest-login');
      }
    }),
  );
  const floodSeconds = (performance.now() - floodStarted) / 1000;
  for (const lane of lanes) lane.close();

  const calls = players.callStats();

  // After the run: the database agrees with everything the players were told.
  const { db, close } = createLibsqlDatabase(`file:${opts.dbFile}`);
  let stored: { userId: string; questionId: string }[] = [];
  const badgeRows: { userId: string; type: string }[] = [];
  const streaks: { id: string; currentStreak: number }[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const facts = await findPlayerDayFacts(db, userIds.slice(i, i + 500));
    stored = stored.concat(facts.answered);
    badgeRows.push(...facts.earned);
    streaks.push(...facts.streaks);
  }
  const storedSet = new Set(stored.map((a) => `${a.userId}:${a.questionId}`));
  const badgesOf = new Map<string, Set<string>>();
  for (const b of badgeRows) {
    let set = badgesOf.get(b.userId);
    if (!set) badgesOf.set(b.userId, (set = new Set()));
    set.add(b.type);
  }
  const questionIds = [...new Set(acknowledged.map((a) => a.questionId))];
  const groups = questionIds.length ? await findGroupIds(db, questionIds) : [];
  let groupsMiscounted = 0;
  for (const groupId of groups) {
    if ((await countGroupAnswers(db, groupId)) !== (await countGroupCounted(db, groupId))) groupsMiscounted++;
  }
  // Every guest above has expired 25 hours later: time the cleanup deleting them with all they own.
  const later = new Date(Date.now() + 25 * 60 * 60_000);
  const cleanupStarted = performance.now();
  const cleaned = await cleanupExpired(
    { db, config: buildConfig({ SESSION_SECRET: 'bench' }, () => 'bench'), now: () => later },
    Number.POSITIVE_INFINITY,
  );
  const cleanupSeconds = (performance.now() - cleanupStarted) / 1000;
  close();

  const missingAnswers = acknowledged.filter((a) => !storedSet.has(`${a.userId}:${a.questionId}`)).length;
  const check = {
    playersChecked: userIds.length,
    answersSent: attempted,
    acknowledgedAnswers: acknowledged.length,
    storedAnswers: stored.length,
    missingAnswers,
    missingFirstAnswer: userIds.filter((id) => !badgesOf.get(id)?.has('first_answer')).length,
    missingFullHouse: userIds.filter((id) => !badgesOf.get(id)?.has('full_house')).length,
    notAllDone,
    streakNotOne: streaks.filter((s) => s.currentStreak !== 1).length,
    groupsChecked: groups.length,
    groupsMiscounted,
    ok: false,
  };
  check.ok =
    userIds.length === opts.players &&
    missingAnswers === 0 &&
    stored.length === storedSet.size &&
    acknowledged.length === attempted &&
    check.missingFirstAnswer === 0 &&
    check.missingFullHouse === 0 &&
    notAllDone === 0 &&
    check.streakNotOne === 0 &&
    groupsMiscounted === 0 &&
    dropErrors === 0 &&
    warmup.errors === 0;

  return {
    players: opts.players,
    concurrency: opts.concurrency,
    seconds: +seconds.toFixed(2),
    playerDaysPerSecond: +(opts.players / seconds).toFixed(1),
    requests: dropRequests,
    requestsPerSecond: Math.round(dropRequests / seconds),
    cpu,
    errors: players.errorCount(),
    firstErrors: [...warmup.firstErrors, ...players.firstErrors].slice(0, 10),
    calls,
    check,
    cleanup: {
      floodGuests: opts.floodGuests,
      floodSeconds: +floodSeconds.toFixed(2),
      guestsDeleted: cleaned.guestsDeleted,
      seconds: +cleanupSeconds.toFixed(2),
      guestsPerSecond: Math.round(cleaned.guestsDeleted / cleanupSeconds),
    },
    warmup: { players: warmup.players, errors: warmup.errors },
  };
}
