/**
 * npm run bench [-- --users 100000 --answers 1000000 --duration 10 --connections 50 --processes N --fresh --profile <dir>]
 *
 * 1. Seeds the scale database once (bench/.scale/scale.db, reused while its parameters match) and copies it.
 * 2. Starts a bare Hono ping server and the real API (`npm start` entry, NODE_ENV=production) on the copy, both
 *    in the same number of server processes (`npm start`'s production default: one per core; --processes N).
 * 3. Drives each scenario with autocannon at 50 connections for a fixed time and reports req/s, p50, p99 and the
 *    ratio to the bare-Hono ping of the same run (ratios within one run are what count on noisy machines).
 * 4. Counts the answers written by the write scenario (zero lost, zero duplicated), runs the "9 AM drop"
 *    (bench/drop.ts: fresh guests playing whole days, --drop-players / --drop-concurrency) and its floor (the same
 *    players against a server replaying the API's recorded replies, bench/drop-floor-server.ts), times the admin
 *    aggregates, measures the player's first-load JS and the Worker bundle (gzip), and writes bench/results.json.
 * The API runs with ACCOUNT_LIMIT_PER_HOUR=0: every guest of the drop comes from this one address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, totalmem, platform, release } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import {
  checkpointWal,
  createLibsqlDatabase,
  findQuestionsForDate,
  findScheduledTopicIds,
  findUserByUsername,
  migrateLibsql,
  parseEnv,
  schema,
  tuneForBulkLoad,
} from '@daily-tea/edge-api/tooling';
import {
  findAnswererUsernames,
  findAnswerPairsByUsernamePrefix,
  findThreeTopicPlayers,
  insertPlayerYears,
} from './seed/scale.queries';
import { seedScale, SCALE_PASSWORD, type ScaleSummary } from './seed/seed-scale';
import { FRIENDS_MAX } from '@daily-tea/shared/domain/friends';
import { addDays, gameDay } from '@daily-tea/shared/domain/game-day';
import { finishDays } from './crowd-scenario';
import { checkFriendsOnResults, seedFriendCircle } from './friends-scenario';
import { timeExport, type ExportTiming } from './export-scenario';
import { recordPlayerDay, runDropFloor, runNineAmDrop, type DropFloorReport, type DropReport } from './drop';
import {
  compareBuilds,
  comparisonTable,
  eachCookie,
  fromAutocannon,
  type Measure,
  hotAnswererNames,
  prepareOtherDatabase,
  startOtherServer,
  type ComparisonRow,
} from './compare';
import { runWrk, wrkVersion } from './wrk';

const ROOT = resolve(import.meta.dirname, '..');
const SCALE_DIR = join(ROOT, 'bench/.scale');
const ADMIN_PASSWORD = 'bench-admin-password';
/** Game days of play history behind the scale database: activity, retention and the funnel read 90 days. */
const ACTIVITY_DAYS = 90;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    answers: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    /** Server processes of both the ping and the API (WEB_CONCURRENCY); default as `npm start` in production. */
    processes: { type: 'string', default: String(availableParallelism()) },
    'skip-bundles': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of the API process into this folder (it then runs the Node entry directly). */
    profile: { type: 'string' },
    /** Runs only the scenarios whose title matches (profiling one path); the ping always runs. */
    only: { type: 'string' },
    /** The "9 AM drop": fresh guests playing a whole day, and how many play at once. */
    'drop-players': { type: 'string', default: '2000' },
    'drop-concurrency': { type: 'string', default: '50' },
    /** Untimed player-days before the drop and its floor (a fresh process compiles each path on first use). */
    'drop-warmup': { type: 'string', default: '100' },
    /** Bare guest sign-ins after the drop, before the guest cleanup is timed. */
    'flood-guests': { type: 'string', default: '5000' },
    /** Another checkout (e.g. a `git worktree` of an older commit) whose hot reads are measured alternately with these. */
    compare: { type: 'string' },
    /** Runs of each hot read per build in the comparison (the order flips every round). */
    'compare-rounds': { type: 'string', default: '2' },
    /** The comparison's load generator: `wrk` (the default where it is installed) or `autocannon`. */
    'load-generator': { type: 'string' },
  },
});
const USERS = Number(args.users);
const ANSWERS = Number(args.answers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PROCESSES = Number(args.processes);
/** Friends of each player of the friends scenario: the most anyone can have (FRIENDS_MAX). */
const FRIENDS_EACH = FRIENDS_MAX;

type Row = {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  ratio: number;
  non2xx: number;
  errors: number;
  note?: string;
};

function log(line: string) {
  console.log(`[bench] ${line}`);
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function startProcess(cmd: string, argv: string[], env: Record<string, string>, cwd = ROOT): ChildProcess {
  const child = spawn(cmd, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => {
    const text = d.toString();
    if (!/ExperimentalWarning|--trace-warnings/.test(text)) process.stderr.write(`[server] ${text}`);
  });
  child.stdout?.resume();
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

type Cannon = {
  title: string;
  url: string;
  requests: autocannon.Request[];
  connections?: number;
  duration?: number;
};

async function cannon({
  title,
  url,
  requests,
  connections = CONNECTIONS,
  duration = DURATION,
}: Cannon): Promise<autocannon.Result> {
  log(`${title}: ${connections} connections × ${duration} s`);
  return autocannon({ url, connections, duration, requests, timeout: 30 });
}

/**
 * The comparison's load generator: wrk where it is installed (or asked for), else autocannon — whose JavaScript
 * HTTP parser, on the servers' cores, charges a build for every header it sends (ADR 0311).
 */
function comparisonGenerator(wanted: string | undefined): { name: string; measure: Measure } {
  if (wanted !== undefined && wanted !== 'wrk' && wanted !== 'autocannon')
    throw new Error(`--load-generator: wrk or autocannon, not "${wanted}"`);
  const version = wanted === 'autocannon' ? null : wrkVersion();
  if (wanted === 'wrk' && !version)
    throw new Error('--load-generator wrk: wrk is not installed (apt install wrk)');
  if (!version) {
    if (wanted === undefined)
      log('wrk is not installed (apt install wrk): the comparison runs on autocannon, in this process');
    return { name: 'autocannon', measure: async (opts) => fromAutocannon(await cannon(opts)) };
  }
  return {
    name: version.split(' ').slice(0, 2).join(' '),
    measure: async ({ title, url, requests, duration = DURATION }) => {
      log(`${title}: wrk, ${CONNECTIONS} connections × ${duration} s`);
      return runWrk({ url, requests, connections: CONNECTIONS, duration });
    },
  };
}

function toRow(scenario: string, result: autocannon.Result, baseline: number | null, note?: string): Row {
  const rps = Math.round(result.requests.average);
  return {
    scenario,
    reqPerSec: rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratio: baseline ? Math.round((rps / baseline) * 100) / 100 : 1,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(note ? { note } : {}),
  };
}

/** Cookie jar of one signed-in player per entry, taken from real POST /api/login calls. */
async function signIn(baseUrl: string, usernames: string[], password: string): Promise<string[]> {
  const cookies: string[] = new Array(usernames.length);
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const i = next++;
      const r = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ username: usernames[i], password }),
      });
      if (!r.ok) throw new Error(`login ${usernames[i]} → ${r.status} ${await r.text()}`);
      const setCookie = r.headers.get('set-cookie') ?? '';
      const session = /(?:^|,\s*)session=([^;]+)/.exec(setCookie)?.[1];
      if (!session) throw new Error(`login ${usernames[i]} set no session cookie`);
      cookies[i] = `session=${session}`;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return cookies;
}

async function ensureScaleDatabase(): Promise<{ dbFile: string; summary: ScaleSummary }> {
  await mkdir(SCALE_DIR, { recursive: true });
  const dbFile = join(SCALE_DIR, 'scale.db');
  const summaryFile = join(SCALE_DIR, 'summary.json');
  if (!args.fresh && existsSync(dbFile) && existsSync(summaryFile)) {
    const summary = JSON.parse(await readFile(summaryFile, 'utf8')) as ScaleSummary & {
      answersRequested: number;
    };
    const env = parseEnv(process.env);
    const currentDay = gameDay(new Date(), env.APP_TIMEZONE, env.DAY_START_HOUR);
    if (summary.today !== currentDay) {
      log(`the scale database was seeded for ${summary.today}; the game day is now ${currentDay}: reseeding`);
    } else if (summary.activityDays !== ACTIVITY_DAYS) {
      log(`the scale database has no ${ACTIVITY_DAYS}-day play history: reseeding`);
    } else if (summary.users === USERS && summary.answersRequested === ANSWERS) {
      log(
        `reusing ${dbFile} (${summary.users} players, ${summary.answersTotal} answers, seeded for ${summary.today})`,
      );
      // Migrations added since the seed are applied once here, not by every run's server on its copy.
      const reused = createLibsqlDatabase(`file:${dbFile}`);
      await migrateLibsql(reused.db);
      await checkpointWal(reused.db);
      reused.close();
      return { dbFile, summary };
    }
  }
  for (const f of await readdir(SCALE_DIR))
    if (f.startsWith('scale.db') || f === 'summary.json') await rm(join(SCALE_DIR, f));
  log(`seeding ${USERS} players and ${ANSWERS} answers (npm run seed:scale) ...`);
  const { db, close } = createLibsqlDatabase(`file:${dbFile}`);
  await tuneForBulkLoad(db, `file:${dbFile}`);
  await migrateLibsql(db);
  const summary = await seedScale(db, {
    users: USERS,
    answers: ANSWERS,
    historyDays: 24,
    activityDays: ACTIVITY_DAYS,
    seed: 42,
    now: new Date(),
    log,
  });
  await checkpointWal(db);
  close();
  await writeFile(summaryFile, JSON.stringify({ ...summary, answersRequested: ANSWERS }, null, 2));
  log(`seeded in ${summary.seconds} s`);
  return { dbFile, summary };
}

/** The short commit id of a checkout (the comparison's column names). */
async function gitShortHead(checkout: string): Promise<string> {
  return new Promise((ok) => {
    const child = spawn('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => ok(out.trim() || checkout));
  });
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).byteLength;
}

/** The player's first load: index.html plus the scripts and modulepreloads it references. */
async function playerFirstLoadGzip(): Promise<{ bytes: number; files: string[] }> {
  const dist = join(ROOT, 'player-web/dist');
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let bytes = 0;
  for (const ref of refs) if (ref.endsWith('.js')) bytes += await gzipSize(join(dist, ref));
  return { bytes, files: refs };
}

async function workerBundleGzip(): Promise<number> {
  const outdir = join(SCALE_DIR, 'worker-dry-run');
  await rm(outdir, { recursive: true, force: true });
  await new Promise<void>((ok, fail) => {
    const child = spawn('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`wrangler deploy --dry-run exited ${code}`)),
    );
  });
  let bytes = 0;
  for (const f of await readdir(outdir, { recursive: true })) {
    const path = join(outdir, f);
    if ((await stat(path)).isFile() && /\.(m?js|wasm)$/.test(f)) bytes += await gzipSize(path);
  }
  return bytes;
}

async function main(): Promise<void> {
  const { dbFile, summary } = await ensureScaleDatabase();
  const runFile = join(SCALE_DIR, 'run.db');
  for (const f of await readdir(SCALE_DIR)) if (f.startsWith('run.db')) await rm(join(SCALE_DIR, f));
  await copyFile(dbFile, runFile);

  // Fresh players for the write scenario: created through the data layer, signed in through the API below.
  const { db, close } = createLibsqlDatabase(`file:${runFile}`);
  const template = await findUserByUsername(db, 'scale_1');
  const todayTopics = (await findScheduledTopicIds(db, summary.today)).slice(0, 3);
  if (!template || todayTopics.length === 0)
    throw new Error("scale database lacks scale_1 or today's schedule");
  const todayQuestions = (await findQuestionsForDate(db, summary.today)).filter((q) =>
    todayTopics.includes(q.topicId),
  );
  const FRESH = 2500;
  const runId = randomUUID().slice(0, 6);
  const freshNames = Array.from({ length: FRESH }, (_, i) => `fresh_${runId}_${i + 1}`);
  const freshRows = freshNames.map((username) => ({
    id: randomUUID(),
    username,
    passwordHash: template.passwordHash,
    gender: 'female',
    ageBracket: '25-34',
    raceBracket: 'black',
    country: 'South Africa',
    city: 'Durban',
  }));
  for (let i = 0; i < freshRows.length; i += 1000) {
    const part = freshRows.slice(i, i + 1000);
    await db.insert(schema.users).values(part);
    await db.insert(schema.userDailySelections).values(
      part.map((u) => ({
        id: randomUUID(),
        userId: u.id,
        date: summary.today,
        selectedTopicIds: todayTopics,
      })),
    );
  }
  // Players who answered every day of the hot link group: the link-group rule hides none of its days from them, so
  // their results carry the whole trend (the response d7b79c6 gave every answerer of the group).
  const wholeGroup = { withCity: true, wholeGroup: true };
  const hotAnswerers = await findAnswererUsernames(db, summary.hotQuestionId, 200, wholeGroup);
  const nicheAnswerers = await findAnswererUsernames(db, summary.nicheQuestionId, 200, { withCity: true });
  // Answerers of the hot question in general: most missed some days of its group, which their results leave out.
  const anyHotAnswerers = await findAnswererUsernames(db, summary.hotQuestionId, 200, { withCity: true });
  const finishingPlayers = await findThreeTopicPlayers(db, summary.today, 200);
  // Friends: 200 other answerers of the hot question, each with 100 friends among them.
  const friendly = (await findAnswererUsernames(db, summary.hotQuestionId, 400, wholeGroup)).slice(200);
  const friendships = await seedFriendCircle(db, friendly, FRIENDS_EACH, summary.today);
  log(`friends: ${friendly.length} players with ${FRIENDS_EACH} friends each (${friendships} friendships)`);
  // The same kind of players without friends: the same results request, so the two rows compare what friends cost.
  const friendless = (await findAnswererUsernames(db, summary.hotQuestionId, 600, wholeGroup)).slice(400);
  // Players of a year for GET /api/me/stats (docs/decisions/0270-history-and-archive.md): 365 game days of answers
  // each, next to the fresh players of one day, so the table shows the request does not grow with a history.
  const YEAR_PLAYERS = 100;
  const historyRows = Array.from({ length: 2 * YEAR_PLAYERS }, (_, i) => ({
    ...freshRows[0]!,
    id: randomUUID(),
    username: `${i < YEAR_PLAYERS ? 'year' : 'new'}_${runId}_${i + 1}`,
  }));
  await db.insert(schema.users).values(historyRows);
  const yearRows = historyRows.slice(0, YEAR_PLAYERS);
  await insertPlayerYears(db, {
    userIds: yearRows.map((u) => u.id),
    topicId: todayTopics[0]!,
    today: summary.today,
    days: 365,
  });
  close();

  const other = args.compare
    ? {
        checkout: resolve(args.compare),
        label: await gitShortHead(resolve(args.compare)),
        ...(await prepareOtherDatabase(resolve(args.compare), {
          users: USERS,
          answers: ANSWERS,
          today: summary.today,
          log,
        })),
      }
    : null;
  const otherHotAnswerers = other ? await hotAnswererNames(other.runFile, other.summary.hotQuestionId) : [];
  const generator = other ? comparisonGenerator(args['load-generator']) : null;
  let comparison: {
    labels: [string, string];
    loadGenerator: string;
    rows: ComparisonRow[];
  } | null = null;

  const pingPort = await freePort();
  const apiPort = await freePort();
  log(`serving the ping and the API in ${PROCESSES} process(es) each`);
  const ping = startProcess(process.execPath, ['--import', 'tsx', 'bench/ping-server.ts'], {
    PORT: String(pingPort),
    WEB_CONCURRENCY: String(PROCESSES),
  });
  const apiArgv = args.profile
    ? ['--cpu-prof', '--cpu-prof-dir', resolve(args.profile), '--import', 'tsx', 'edge-api/src/node.ts']
    : ['scripts/start.mjs'];
  const apiEnv = {
    NODE_ENV: 'production',
    ADMIN_PASSWORD,
    MARKETING_PASSWORD: 'bench-marketing-password',
    SESSION_SECRET: randomUUID(),
    SEED_DEMO: 'false',
    WEB_CONCURRENCY: String(PROCESSES),
    // Load tests create thousands of guests from one address.
    ACCOUNT_LIMIT_PER_HOUR: '0',
  };
  const api = startProcess(process.execPath, apiArgv, {
    ...apiEnv,
    PORT: String(apiPort),
    DATABASE_URL: `file:${runFile}`,
  });
  const pingUrl = `http://127.0.0.1:${pingPort}`;
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const rows: Row[] = [];
  const admin: Record<string, { p50: number; p99: number; reqPerSec: number }> = {};
  let writeCheck: Record<string, number | boolean> = {};
  const answersExports: ExportTiming[] = [];
  let drop: DropReport | null = null;
  let dropFloor: DropFloorReport | null = null;
  try {
    await waitFor(`${pingUrl}/ping`, ping);
    await waitFor(`${baseUrl}/api/health`, api);
    log('signing in players through POST /api/login ...');
    const readers = await signIn(
      baseUrl,
      Array.from({ length: 200 }, (_, i) => `scale_${1 + ((i * 7919) % USERS)}`),
      SCALE_PASSWORD,
    );
    const hotCookies = await signIn(baseUrl, hotAnswerers, SCALE_PASSWORD);
    const nicheCookies = await signIn(baseUrl, nicheAnswerers, SCALE_PASSWORD);
    const anyHotCookies = await signIn(baseUrl, anyHotAnswerers, SCALE_PASSWORD);
    const freshCookies = await signIn(baseUrl, freshNames, SCALE_PASSWORD);
    const finishedCookies = await signIn(baseUrl, finishingPlayers, SCALE_PASSWORD);
    const friendlyCookies = await signIn(baseUrl, friendly, SCALE_PASSWORD);
    const friendlessCookies = await signIn(baseUrl, friendless, SCALE_PASSWORD);
    const unlock = await fetch(`${baseUrl}/api/admin/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const { token } = (await unlock.json()) as { token: string };

    if (other) {
      const otherPort = await freePort();
      const otherApi = startOtherServer(
        other.checkout,
        { ...apiEnv, PORT: String(otherPort), DATABASE_URL: `file:${other.runFile}` },
        startProcess,
      );
      const otherUrl = `http://127.0.0.1:${otherPort}`;
      try {
        await waitFor(`${otherUrl}/api/health`, otherApi);
        log(
          `comparing with ${other.label} (${other.checkout}), ${args['compare-rounds']} rounds, load generator ${generator!.name} ...`,
        );
        const self = await gitShortHead(ROOT);
        const rows = await compareBuilds(
          [
            {
              label: other.label,
              baseUrl: otherUrl,
              pid: otherApi.pid,
              readers: await signIn(
                otherUrl,
                Array.from({ length: 200 }, (_, i) => `scale_${1 + ((i * 7919) % USERS)}`),
                SCALE_PASSWORD,
              ),
              hotAnswerers: await signIn(otherUrl, otherHotAnswerers, SCALE_PASSWORD),
              hotQuestionId: other.summary.hotQuestionId,
              hotGroupAnswers: other.summary.hotGroupAnswers,
            },
            {
              label: self,
              baseUrl,
              pid: api.pid,
              readers,
              hotAnswerers: hotCookies,
              hotQuestionId: summary.hotQuestionId,
              hotGroupAnswers: summary.hotGroupAnswers,
            },
          ],
          { rounds: Number(args['compare-rounds']), measure: generator!.measure },
        );
        comparison = { labels: [other.label, self], loadGenerator: generator!.name, rows };
        log(
          `hot group: ${other.summary.hotGroupAnswers.toLocaleString('en')} answers on ${other.label}, ${summary.hotGroupAnswers.toLocaleString('en')} here`,
        );
        // Printed now as well: a failure in a later scenario must not lose the comparison.
        log(`side by side:\n${comparisonTable(rows, comparison.labels)}`);
        log(`side by side, every run: ${JSON.stringify(rows)}`);
      } finally {
        await stopProcess(otherApi);
      }
    }

    await cannon({
      title: 'warm-up',
      url: pingUrl,
      requests: [{ method: 'GET', path: '/ping' }],
      duration: 3,
    });
    const base = await cannon({
      title: 'bare Hono ping',
      url: pingUrl,
      requests: [{ method: 'GET', path: '/ping' }],
    });
    const baseline = Math.round(base.requests.average);
    rows.push(toRow('bare Hono GET /ping', base, null));

    const wanted = (title: string) => !args.only || new RegExp(args.only).test(title);
    await cannon({
      title: 'warm-up API',
      url: baseUrl,
      requests: eachCookie(readers, '/api/daily-topics'),
      duration: 3,
    });
    if (wanted('daily-topics')) {
      rows.push(
        toRow(
          'GET /api/daily-topics',
          await cannon({
            title: 'daily-topics',
            url: baseUrl,
            requests: eachCookie(readers, '/api/daily-topics'),
          }),
          baseline,
        ),
      );
    }
    if (wanted('results')) {
      // What a results response carries besides the totals: the trend over the dates asked, By Country,
      // In {city}. Every player of the rotation is asked once before the load, so the note (and the check that the
      // hot question really has a trend and its players a city) describes the very requests that are measured.
      type Carried = {
        trend: { dates: unknown[] } | null;
        places: { byCountry: { available: boolean; groups: unknown[] }; city: { available: boolean } | null };
      };
      const carries = async (questionId: string, cookies: string[], expectTrend: boolean) => {
        const bodies: Carried[] = [];
        for (const cookie of cookies) {
          const res = await fetch(`${baseUrl}/api/questions/${questionId}/results`, { headers: { cookie } });
          if (!res.ok) throw new Error(`results ${questionId} → ${res.status} ${await res.text()}`);
          bodies.push((await res.json()) as Carried);
        }
        const first = bodies[0]!;
        const withCity = bodies.filter((b) => b.places.city !== null).length;
        const cityShown = bodies.filter((b) => b.places.city?.available).length;
        if (expectTrend && !bodies.every((b) => b.trend && b.trend.dates.length >= 2))
          throw new Error('results: the hot question has no trend');
        if (!bodies.every((b) => b.places.byCountry.available))
          throw new Error('results: By Country is not available');
        if (withCity !== bodies.length)
          throw new Error(`results: ${bodies.length - withCity} of ${bodies.length} players have no city`);
        return [
          first.trend ? `trend over ${first.trend.dates.length} dates` : 'no trend (asked once)',
          `${first.places.byCountry.groups.length} country groups`,
          `In {city} shown to ${cityShown} of ${bodies.length} players${cityShown < bodies.length ? " (too few answers in the others' cities)" : ''}`,
        ].join(', ');
      };
      const hotNote = await carries(summary.hotQuestionId, hotCookies, true);
      const hotResult = await cannon({
        title: 'results 1M',
        url: baseUrl,
        requests: eachCookie(hotCookies, `/api/questions/${summary.hotQuestionId}/results`),
      });
      rows.push(
        toRow(
          `GET results (${summary.hotGroupAnswers.toLocaleString('en')} answers)`,
          hotResult,
          baseline,
          hotNote,
        ),
      );
      const missedNote = await carries(summary.hotQuestionId, anyHotCookies, false);
      rows.push(
        toRow(
          `GET results (${summary.hotGroupAnswers.toLocaleString('en')} answers, players who missed days of the group)`,
          await cannon({
            title: 'results 1M, missed days',
            url: baseUrl,
            requests: eachCookie(anyHotCookies, `/api/questions/${summary.hotQuestionId}/results`),
          }),
          baseline,
          missedNote,
        ),
      );
      const nicheNote = await carries(summary.nicheQuestionId, nicheCookies, false);
      const nicheResult = await cannon({
        title: 'results small',
        url: baseUrl,
        requests: eachCookie(nicheCookies, `/api/questions/${summary.nicheQuestionId}/results`),
      });
      rows.push(
        toRow(
          `GET results (${summary.nicheQuestionAnswers.toLocaleString('en')} answers)`,
          nicheResult,
          baseline,
          nicheNote,
        ),
      );
    }
    if (wanted('friends')) {
      await checkFriendsOnResults(baseUrl, summary.hotQuestionId, friendlessCookies, 0);
      rows.push(
        toRow(
          `GET results (${summary.hotGroupAnswers.toLocaleString('en')} answers, no friends)`,
          await cannon({
            title: 'results friendless',
            url: baseUrl,
            requests: eachCookie(friendlessCookies, `/api/questions/${summary.hotQuestionId}/results`),
          }),
          baseline,
          'the same question and kind of players, for comparison',
        ),
      );
      const note = await checkFriendsOnResults(baseUrl, summary.hotQuestionId, friendlyCookies, FRIENDS_EACH);
      rows.push(
        toRow(
          `GET results (${summary.hotGroupAnswers.toLocaleString('en')} answers, ${FRIENDS_EACH} friends)`,
          await cannon({
            title: 'results friends',
            url: baseUrl,
            requests: eachCookie(friendlyCookies, `/api/questions/${summary.hotQuestionId}/results`),
          }),
          baseline,
          note,
        ),
      );
      rows.push(
        toRow(
          `GET /api/friends (${FRIENDS_EACH} friends)`,
          await cannon({
            title: 'friends',
            url: baseUrl,
            requests: eachCookie(friendlyCookies, '/api/friends'),
          }),
          baseline,
        ),
      );
      rows.push(
        toRow(
          `GET /api/friends/leaderboard?period=week (${FRIENDS_EACH} friends)`,
          await cannon({
            title: 'friends leaderboard',
            url: baseUrl,
            requests: eachCookie(friendlyCookies, '/api/friends/leaderboard?period=week'),
          }),
          baseline,
        ),
      );
    }
    if (wanted('recap')) {
      if (finishedCookies.length === 0) throw new Error('recap: no scale player picked three topics today');
      const { answers, guesses } = await finishDays(baseUrl, finishedCookies);
      log(
        `recap: ${finishedCookies.length} players finished their day (${answers} answers, ${guesses} guesses), each recap revealed once`,
      );
      rows.push(
        toRow(
          'GET /api/recap (finished day)',
          await cannon({ title: 'recap', url: baseUrl, requests: eachCookie(finishedCookies, '/api/recap') }),
          baseline,
        ),
      );
      rows.push(
        toRow(
          'GET /api/crowd-sense',
          await cannon({
            title: 'crowd-sense',
            url: baseUrl,
            requests: eachCookie(finishedCookies, '/api/crowd-sense'),
          }),
          baseline,
        ),
      );
    }
    if (wanted('history')) {
      // The same request for players of a year and for players with no history yet (fresh, before the writes).
      const historyCookies = await signIn(
        baseUrl,
        historyRows.map((u) => u.username),
        SCALE_PASSWORD,
      );
      const yearCookies = historyCookies.slice(0, YEAR_PLAYERS);
      const newCookies = historyCookies.slice(YEAR_PLAYERS);
      const probe = await fetch(`${baseUrl}/api/me/stats`, { headers: { cookie: yearCookies[0]! } });
      const probed = (await probe.json()) as { daysPlayed: number; calendar: { played: boolean }[] };
      if (!probe.ok || probed.daysPlayed < 365 || probed.calendar.filter((d) => d.played).length < 89)
        throw new Error(
          `history: a player of a year reads ${probe.status} ${JSON.stringify(probed).slice(0, 200)}`,
        );
      rows.push(
        toRow(
          'GET /api/me/stats (365 days of answers)',
          await cannon({
            title: 'history 365',
            url: baseUrl,
            requests: eachCookie(yearCookies, '/api/me/stats'),
          }),
          baseline,
          `${probed.daysPlayed} days played, 90-day calendar full`,
        ),
      );
      rows.push(
        toRow(
          'GET /api/me/stats (no history)',
          await cannon({
            title: 'history new',
            url: baseUrl,
            requests: eachCookie(newCookies, '/api/me/stats'),
          }),
          baseline,
        ),
      );
    }
    if (wanted('user'))
      rows.push(
        toRow(
          'GET /api/user',
          await cannon({ title: 'user', url: baseUrl, requests: eachCookie(readers, '/api/user') }),
          baseline,
        ),
      );

    // Writes: every request is a distinct (fresh player, question) pair — a real first answer with streak,
    // badge and counter updates. Slots are handed out once (players interleaved, so concurrent requests are
    // different players, as in real traffic); running out would be reported, not wrapped. Each slot's
    // response is recorded, so the check below proves every acknowledged answer is stored exactly once.
    if (wanted('answers')) {
      const slots = todayQuestions.flatMap((q) =>
        freshCookies.map((cookie, player) => ({ cookie, q, userId: freshRows[player]!.id })),
      );
      const acknowledged = new Set<number>();
      let nextSlot = 0;
      let exhausted = false;
      let failedWrites = 0;
      const write = await cannon({
        title: 'answers',
        url: baseUrl,
        requests: [
          {
            method: 'POST',
            path: '/api/answers',
            setupRequest: (req, context) => {
              const index = nextSlot++;
              const slot = slots[index];
              (context as { slot?: number }).slot = slot ? index : undefined;
              if (!slot) {
                exhausted = true;
                return { ...req, method: 'GET', path: '/api/health' };
              }
              const body =
                slot.q.type === 'numeric'
                  ? { questionId: slot.q.id, numericValue: slot.q.minValue ?? 0 }
                  : { questionId: slot.q.id, selectedOptionId: 'opt-1' };
              return {
                ...req,
                body: JSON.stringify(body),
                headers: {
                  ...req.headers,
                  cookie: slot.cookie,
                  'content-type': 'application/json',
                  origin: baseUrl,
                },
              };
            },
            onResponse: (status, _body, context) => {
              const index = (context as { slot?: number }).slot;
              if (index === undefined) return;
              if (status >= 200 && status < 300) acknowledged.add(index);
              else failedWrites++;
            },
          },
        ],
      });
      rows.push(
        toRow(
          'POST /api/answers (fresh players)',
          write,
          baseline,
          exhausted ? 'ran out of fresh slots' : undefined,
        ),
      );

      const check = createLibsqlDatabase(`file:${runFile}`);
      const storedRows = await findAnswerPairsByUsernamePrefix(check.db, `fresh_${runId}_`);
      check.close();
      const storedPairs = new Set(storedRows.map((r) => `${r.userId}:${r.questionId}`));
      const lost = [...acknowledged].filter(
        (i) => !storedPairs.has(`${slots[i]!.userId}:${slots[i]!.q.id}`),
      ).length;
      writeCheck = {
        requestsSent: Math.min(nextSlot, slots.length),
        acknowledged200: acknowledged.size,
        failedWrites,
        storedAnswers: storedRows.length,
        // Sent but still in flight when the load generator stopped: written by the server, never acknowledged.
        inFlightAtStop: storedRows.length - acknowledged.size,
        duplicates: storedRows.length - storedPairs.size,
        lost,
        ok:
          lost === 0 &&
          storedRows.length === storedPairs.size &&
          failedWrites === 0 &&
          storedRows.length <= Math.min(nextSlot, slots.length),
      };
      log(`answers check: ${JSON.stringify(writeCheck)}`);
    }

    if (wanted('drop')) {
      log(
        `9 AM drop: ${args['drop-players']} fresh guests, ${args['drop-concurrency']} at a time (after ${args['drop-warmup']} untimed) ...`,
      );
      drop = await runNineAmDrop({
        baseUrl,
        dbFile: runFile,
        players: Number(args['drop-players']),
        concurrency: Number(args['drop-concurrency']),
        floodGuests: Number(args['flood-guests']),
        warmupPlayers: Number(args['drop-warmup']),
        serverPid: api.pid!,
        cores: availableParallelism(),
      });
      log(
        `9 AM drop: ${drop.playerDaysPerSecond} player-days/s, ${drop.errors} errors, check ${JSON.stringify(drop.check)}`,
      );
    }
    if (wanted('drop-floor')) {
      // The same players, calls and generator against a server that only replays the API's recorded replies.
      const recordingFile = join(SCALE_DIR, 'drop-recording.json');
      await writeFile(recordingFile, JSON.stringify(await recordPlayerDay(baseUrl)));
      const floorPort = await freePort();
      const floorServer = startProcess(process.execPath, ['--import', 'tsx', 'bench/drop-floor-server.ts'], {
        PORT: String(floorPort),
        WEB_CONCURRENCY: String(PROCESSES),
        DROP_RECORDING: recordingFile,
      });
      try {
        const floorUrl = `http://127.0.0.1:${floorPort}`;
        await waitFor(`${floorUrl}/api/user`, floorServer);
        log(
          `9 AM drop floor: ${args['drop-players']} players, ${args['drop-concurrency']} at a time, against replayed replies ...`,
        );
        dropFloor = await runDropFloor({
          baseUrl: floorUrl,
          players: Number(args['drop-players']),
          concurrency: Number(args['drop-concurrency']),
          warmupPlayers: Number(args['drop-warmup']),
          serverPid: floorServer.pid!,
          cores: availableParallelism(),
        });
      } finally {
        await stopProcess(floorServer);
      }
    }

    const bearer = { authorization: `Bearer ${token}` };
    const adminPaths = [
      ['dashboard', '/api/admin/stats/dashboard'],
      ['user analytics', '/api/admin/stats/users'],
      ['response stats', `/api/admin/stats/responses?date=${summary.today}`],
      ['users page', '/api/admin/users?limit=50&offset=50000'],
      ['answers page', `/api/admin/answers?limit=50&offset=0&date=${summary.today}`],
      // from the maintained play rollups, over the 90-day history.
      ['activity 30 days', '/api/admin/analytics/activity?days=30'],
      ['retention 8 weeks', '/api/admin/analytics/retention?weeks=8'],
      ['funnel today', '/api/admin/analytics/funnel'],
      ['funnel yesterday', `/api/admin/analytics/funnel?date=${addDays(summary.today, -1)}`],
    ] as const;
    for (const [name, path] of wanted('admin') ? adminPaths : []) {
      const r = await cannon({
        title: `admin ${name}`,
        url: baseUrl,
        requests: [{ method: 'GET', path, headers: bearer }],
        connections: 1,
        duration: 5,
      });
      admin[name] = { p50: r.latency.p50, p99: r.latency.p99, reqPerSec: Math.round(r.requests.average) };
      if (r.non2xx > 0) admin[name] = { ...admin[name]!, p50: -1 };
    }
    if (wanted('export')) {
      log(
        `timing the streamed export of ${summary.today} (${summary.answersToday.toLocaleString('en-US')} answers) ...`,
      );
      for (const format of ['csv', 'jsonl'] as const) {
        answersExports.push(
          await timeExport({ baseUrl, token, date: summary.today, serverPid: api.pid!, format }),
        );
        log(`export: ${JSON.stringify(answersExports.at(-1))}`);
      }
      // A slow client (4 MB/s, 25 s): the server reads a page only when the socket drained, so memory stays flat.
      answersExports.push(
        await timeExport({
          baseUrl,
          token,
          date: summary.today,
          serverPid: api.pid!,
          bytesPerSecond: 4 * 2 ** 20,
          maxSeconds: 25,
        }),
      );
      log(`slow export: ${JSON.stringify(answersExports.at(-1))}`);
    }
  } finally {
    await stopProcess(api);
    await stopProcess(ping);
  }

  const bundles = args['skip-bundles']
    ? null
    : { playerFirstLoadJsGzip: (await playerFirstLoadGzip()).bytes, workerGzip: await workerBundleGzip() };
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    node: process.version,
  };
  const results = {
    ranAt: new Date().toISOString(),
    machine,
    params: {
      users: USERS,
      answers: ANSWERS,
      duration: DURATION,
      connections: CONNECTIONS,
      serverProcesses: PROCESSES,
    },
    dataset: summary,
    scenarios: rows,
    comparison,
    writeCheck,
    drop,
    dropFloor,
    admin,
    answersExports,
    bundles,
  };
  await writeFile(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

  console.log('\n| scenario | req/s | p50 ms | p99 ms | × bare Hono | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.scenario} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.ratio} | ${r.non2xx}${r.note ? ` (${r.note})` : ''} |`,
    );
  if (drop) {
    console.log(
      `\n9 AM drop: ${drop.players} guests, ${drop.concurrency} at a time — ${drop.playerDaysPerSecond} player-days/s (${drop.seconds} s, ${drop.requestsPerSecond} req/s), ${drop.errors} errors`,
    );
    console.log('| call | count | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const c of drop.calls) console.log(`| ${c.name} | ${c.count} | ${c.p50} | ${c.p99} | ${c.max} |`);
    if (drop.cpu)
      console.log(
        `drop CPU per player-day: server ${drop.cpu.serverMsPerPlayerDay} ms, load generator ${drop.cpu.generatorMsPerPlayerDay} ms; the cores' ceiling for the servers alone ${drop.cpu.serverCeilingPlayerDaysPerSecond} player-days/s`,
      );
    console.log(`drop check: ${JSON.stringify(drop.check)}`);
    console.log(`guest cleanup: ${JSON.stringify(drop.cleanup)}`);
    if (drop.firstErrors.length) console.log(`first errors:\n  ${drop.firstErrors.join('\n  ')}`);
  }
  if (dropFloor) {
    console.log(
      `\n9 AM drop floor (the same players and generator; every reply replayed, no work): ${dropFloor.playerDaysPerSecond} player-days/s (${dropFloor.requestsPerSecond} req/s), ${dropFloor.errors} errors` +
        (dropFloor.cpu
          ? `; CPU per player-day: server ${dropFloor.cpu.serverMsPerPlayerDay} ms, load generator ${dropFloor.cpu.generatorMsPerPlayerDay} ms`
          : ''),
    );
  }
  console.log('\n| admin (1 connection) | p50 ms | p99 ms |');
  console.log('|---|---:|---:|');
  for (const [name, a] of Object.entries(admin)) console.log(`| ${name} | ${a.p50} | ${a.p99} |`);
  if (bundles)
    console.log(
      `\nplayer first-load JS ${(bundles.playerFirstLoadJsGzip / 1024).toFixed(1)} KB gzip · Worker bundle ${(bundles.workerGzip / 1024).toFixed(1)} KB gzip`,
    );
  console.log(`answers written: ${JSON.stringify(writeCheck)}`);
  for (const e of answersExports)
    console.log(
      `answers export (${e.format}${e.readBytesPerSecond ? `, slow reader ${(e.readBytesPerSecond / 2 ** 20).toFixed(0)} MB/s${e.stoppedEarly ? ', stopped early' : ''}` : ''}): ${e.rows.toLocaleString('en-US')} rows, ${e.megabytes} MB in ${e.seconds} s (${e.rowsPerSecond.toLocaleString('en-US')} rows/s); server RSS ${e.rssBeforeMiB} → peak ${e.rssPeakMiB} → after ${e.rssAfterMiB} MiB`,
    );
  if (comparison) {
    console.log(
      `\nSide by side (alternated, ${args['compare-rounds']} rounds, load generator ${comparison.loadGenerator}; load average at each run's end in results.json):`,
    );
    console.log(comparisonTable(comparison.rows, comparison.labels));
  }
  console.log(`server processes (ping and API alike): ${PROCESSES}`);
  console.log(
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
