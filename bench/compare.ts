/**
 * `npm run bench -- --compare <checkout>`: the hot reads of this build and of another checkout of the repository
 * (e.g. `git worktree add /work/wt-d7b d7b79c6 && (cd /work/wt-d7b && npm ci)`), measured in one run, alternately.
 *
 * The other checkout seeds its own scale database with its own `seed:scale` (same players, answers and seed; each
 * build reads the data its own schema and seeder produce) and is served the same way as this build — the Node
 * entry, production mode, the same number of processes, a copy of its database. Both servers stay up for the whole
 * comparison; each scenario is measured `rounds` times per build, the order flipping every round (other, this;
 * this, other; …), so drift in the machine's load falls on both. The load average is recorded with every run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { createLibsqlDatabase } from '@daily-tea/edge-api/tooling';
import { findAnswererUsernames } from './seed/scale.queries';
import type { ScaleSummary } from './seed/seed-scale';
import type { LoadResult, ReadyRequest } from './wrk';

export type Build = {
  label: string;
  baseUrl: string;
  /** The server's process (with its cluster and any wrapper, the tree under it): its CPU per request is read. */
  pid?: number;
  /** Cookies of signed-in players: readers (daily-topics, /api/user) and answerers of the hot question. */
  readers: string[];
  hotAnswerers: string[];
  hotQuestionId: string;
  hotGroupAnswers: number;
};

export type ComparisonRun = {
  build: string;
  round: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  load1: number;
  /** CPU of the build's server processes per request served (Linux; null elsewhere). */
  serverMicrosPerRequest: number | null;
  /** CPU of the load generator (this process, or the wrk it ran) during the run, in % of one core. */
  loadGeneratorCore: number;
};
export type ComparisonRow = { scenario: string; runs: ComparisonRun[] };

/** One load run of `requests` against `url` by whichever load generator the comparison uses. */
export type Measure = (opts: {
  title: string;
  url: string;
  requests: ReadyRequest[];
  duration?: number;
}) => Promise<LoadResult>;

/** An autocannon result as the comparison records it. */
export const fromAutocannon = (result: autocannon.Result): LoadResult => ({
  reqPerSec: Math.round(result.requests.average),
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
});

/**
 * One ready request per signed-in player, which autocannon cycles through on every connection. A request rebuilt
 * per call (`setupRequest`) cost the load generator more CPU than the servers spend on a small response, on the
 * same cores, so the figure measured the load generator (docs/decisions/0307-bench-load-generator.md).
 */
export const eachCookie = (cookies: string[], path: string): ReadyRequest[] =>
  cookies.map((cookie) => ({ method: 'GET', path, headers: { cookie } }));

/** USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux. */
const CLOCK_TICKS = 100;

/**
 * A process's parent and CPU time (µs: its own, and that of its children that have ended and were waited for), from
 * /proc/<pid>/stat; undefined when the process is gone.
 */
function procStat(pid: number | 'self'): { ppid: number; cpuMicros: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state, ppid, …, then utime, stime, cutime, cstime (12th–15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    return { ppid: Number(fields[1]), cpuMicros: (ticks * 1e6) / CLOCK_TICKS };
  } catch {
    return undefined;
  }
}

const hasProc = () => existsSync('/proc/self/stat');

/**
 * CPU time (µs) of this process and of its children that have ended (a wrk run the comparison waited for); the
 * process's own only where there is no /proc.
 */
export function generatorCpuMicros(): number {
  const own = hasProc() ? procStat('self') : undefined;
  if (own) return own.cpuMicros;
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** CPU time (µs) of a process and all its descendants (ended ones included), from /proc; null without /proc. */
export function processTreeCpuMicros(pid: number): number | null {
  if (!hasProc()) return null;
  const stats = new Map<number, { ppid: number; cpuMicros: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const inTree = (p: number): boolean => {
    for (let at = p, hops = 0; at > 1 && hops < 16; at = stats.get(at)?.ppid ?? 0, hops++)
      if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const [p, { cpuMicros }] of stats) if (inTree(p)) total += cpuMicros;
  return total;
}

function run(cmd: string, argv: string[], cwd: string): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? ok(out) : fail(new Error(`${argv.join(' ')} in ${cwd} exited ${code}`)),
    );
  });
}

/**
 * The other checkout's scale database, seeded by its own seeder (reused while its game day and size match), and a
 * fresh copy of it to serve. The summary's hot question and group size come from that seeder too.
 */
export async function prepareOtherDatabase(
  checkout: string,
  opts: { users: number; answers: number; today: string; log: (line: string) => void },
): Promise<{ runFile: string; summary: ScaleSummary }> {
  const dir = join(checkout, 'bench/.scale');
  await mkdir(dir, { recursive: true });
  const dbFile = join(dir, 'scale.db');
  const summaryFile = join(dir, 'compare-summary.json');
  let summary: (ScaleSummary & { answersRequested: number }) | undefined = existsSync(summaryFile)
    ? JSON.parse(await readFile(summaryFile, 'utf8'))
    : undefined;
  if (
    !summary ||
    !existsSync(dbFile) ||
    summary.today !== opts.today ||
    summary.users !== opts.users ||
    summary.answersRequested !== opts.answers
  ) {
    for (const f of await readdir(dir))
      if (f.startsWith('scale.db') || f === 'compare-summary.json') await rm(join(dir, f));
    opts.log(`seeding ${checkout}'s scale database with its own seed:scale ...`);
    // Through its package script, wherever that checkout keeps the seeder.
    const out = await run(
      'npm',
      [
        'run',
        '--silent',
        'seed:scale',
        '--',
        '--db',
        `file:${dbFile}`,
        '--users',
        String(opts.users),
        '--answers',
        String(opts.answers),
      ],
      checkout,
    );
    const json = out.slice(out.lastIndexOf('\n{') + 1);
    summary = { ...(JSON.parse(json) as ScaleSummary), answersRequested: opts.answers };
    await writeFile(summaryFile, JSON.stringify(summary, null, 2));
  }
  const runFile = join(dir, 'compare-run.db');
  for (const f of await readdir(dir)) if (f.startsWith('compare-run.db')) await rm(join(dir, f));
  await copyFile(dbFile, runFile);
  return { runFile, summary };
}

/** Players of the other database who answered its hot question (every player there is a reader). */
export async function hotAnswererNames(runFile: string, questionId: string): Promise<string[]> {
  const { db, close } = createLibsqlDatabase(`file:${runFile}`);
  try {
    return await findAnswererUsernames(db, questionId, 200);
  } finally {
    close();
  }
}

/** The other checkout's server: its Node entry in production mode, as the bench serves this build. */
export function startOtherServer(
  checkout: string,
  env: Record<string, string>,
  start: (cmd: string, argv: string[], env: Record<string, string>, cwd: string) => ChildProcess,
): ChildProcess {
  return start(process.execPath, ['--import', 'tsx', 'edge-api/src/node.ts'], env, checkout);
}

/** Daily-topics, results of the hot question and /api/user on every build, alternately, `rounds` times. */
export async function compareBuilds(
  builds: Build[],
  opts: { rounds: number; measure: Measure },
): Promise<ComparisonRow[]> {
  const scenarios = [
    { title: 'daily-topics', name: 'GET /api/daily-topics', path: () => '/api/daily-topics', who: 'readers' },
    {
      title: 'results',
      name: 'GET results (hot question)',
      path: (b: Build) => `/api/questions/${b.hotQuestionId}/results`,
      who: 'hotAnswerers',
    },
    { title: 'user', name: 'GET /api/user', path: () => '/api/user', who: 'readers' },
  ] as const;
  const wantedScenarios = scenarios;
  for (const build of builds)
    for (const s of wantedScenarios)
      await opts.measure({
        title: `warm-up ${build.label} ${s.title}`,
        url: build.baseUrl,
        requests: eachCookie(build[s.who], s.path(build)),
        duration: 3,
      });
  const rows: ComparisonRow[] = wantedScenarios.map((s) => ({ scenario: s.name, runs: [] }));
  for (let round = 1; round <= opts.rounds; round++) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const [i, s] of wantedScenarios.entries()) {
      for (const build of order) {
        const serverBefore = build.pid === undefined ? null : processTreeCpuMicros(build.pid);
        const generatorBefore = generatorCpuMicros();
        const startedAt = performance.now();
        const result = await opts.measure({
          title: `${s.title} on ${build.label} (round ${round})`,
          url: build.baseUrl,
          requests: eachCookie(build[s.who], s.path(build)),
        });
        const generator = generatorCpuMicros() - generatorBefore;
        const elapsedMicros = (performance.now() - startedAt) * 1000;
        const serverAfter = build.pid === undefined ? null : processTreeCpuMicros(build.pid);
        const served = result.total;
        rows[i]!.runs.push({
          build: build.label,
          round,
          reqPerSec: result.reqPerSec,
          p50: result.p50,
          p99: result.p99,
          non2xx: result.non2xx,
          errors: result.errors,
          load1: Math.round(loadavg()[0]! * 100) / 100,
          serverMicrosPerRequest:
            serverBefore === null || serverAfter === null || served === 0
              ? null
              : Math.round(((serverAfter - serverBefore) / served) * 10) / 10,
          loadGeneratorCore: Math.round((generator / elapsedMicros) * 100),
        });
      }
    }
  }
  return rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

/** The comparison as a Markdown table: every run of each build, its median, and this build ÷ the other. */
export function comparisonTable(rows: ComparisonRow[], labels: [other: string, self: string]): string {
  const [other, self] = labels;
  const lines = [
    `| scenario | ${other} req/s (each run) | ${self} req/s (each run) | ${self} ÷ ${other} (medians) | server CPU µs/request ${other} / ${self} (medians) | load generator, % of a core | p99 ms ${other} / ${self} (worst) | non-2xx |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cpu = (runs: ComparisonRun[]) => {
    const known = runs.flatMap((r) =>
      r.serverMicrosPerRequest === null ? [] : [r.serverMicrosPerRequest * 10],
    );
    return known.length ? (median(known) / 10).toFixed(1) : '—';
  };
  for (const row of rows) {
    const of = (label: string) => row.runs.filter((r) => r.build === label);
    const a = of(other);
    const b = of(self);
    const ratio = median(b.map((r) => r.reqPerSec)) / median(a.map((r) => r.reqPerSec));
    const cores = row.runs.map((r) => r.loadGeneratorCore);
    lines.push(
      `| ${row.scenario} | **${median(a.map((r) => r.reqPerSec))}** (${a.map((r) => r.reqPerSec).join(', ')}) | **${median(b.map((r) => r.reqPerSec))}** (${b.map((r) => r.reqPerSec).join(', ')}) | ${ratio.toFixed(2)} | ${cpu(a)} / ${cpu(b)} | ${Math.min(...cores)}–${Math.max(...cores)} | ${Math.max(...a.map((r) => r.p99))} / ${Math.max(...b.map((r) => r.p99))} | ${row.runs.reduce((n, r) => n + r.non2xx + r.errors, 0)} |`,
    );
  }
  return lines.join('\n');
}
