/**
 * `npm run lighthouse` — a benchmark, not a test: starts the product (`npm start`'s entry on a free port, a
 * fresh temporary database with the demo seed), signs in the demo player `demo_1`, and runs Lighthouse 12
 * (default mobile profile, simulated throttling) on /auth, / signed in, a results URL and /stats in Debian's
 * Chromium. Prints the category scores, CLS and LCP of each page (median over `--runs N`, default 3) and
 * the audits that failed.
 *
 *   npm run lighthouse [-- --runs 5] [-- --json out.json] [-- --only auth|home|results|stats]
 *
 * `WEB_DIST` points the server at another web build (e.g. an older build, for a before/after table).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../player-web/e2e/fixtures';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    json: { type: 'string' },
    // One page only (auth | home | results | stats): keeps an exclusive measurement short while comparing builds.
    only: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Run = { scores: Record<string, number>; cls: number; lcpMs: number; failed: Record<string, string> };

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username: 'demo_1', password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`login demo_1: ${res.status} ${await res.text()}`);
  const session = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('login set no session cookie');
  return `session=${session}`;
}

type Topic = {
  id: string;
  isSelected: boolean;
  showResults: boolean;
  questions: { id: string; type: string; minValue: number | null; userAnswer: unknown }[];
};

/** A topic of today whose results demo_1 can see; answers one topic through the API when none is finished. */
async function resultsPath(baseUrl: string, cookie: string): Promise<string> {
  const headers = { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' };
  const daily = async () =>
    ((await (await fetch(`${baseUrl}/api/daily-topics`, { headers })).json()) as { topics: Topic[] }).topics;
  let topics = await daily();
  let done = topics.find((t) => t.showResults);
  if (!done) {
    const topic = topics.find((t) => t.isSelected) ?? topics[0];
    if (!topic) throw new Error('no topics today');
    if (!topic.isSelected)
      await fetch(`${baseUrl}/api/select-topic`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ topicId: topic.id }),
      });
    for (const q of topic.questions) {
      if (q.userAnswer !== null) continue;
      const body =
        q.type === 'numeric'
          ? { questionId: q.id, numericValue: q.minValue ?? 1 }
          : { questionId: q.id, selectedOptionId: 'opt-1' };
      await fetch(`${baseUrl}/api/answers`, { method: 'POST', headers, body: JSON.stringify(body) });
    }
    topics = await daily();
    done = topics.find((t) => t.showResults);
    if (!done) throw new Error('could not finish a topic for the results page');
  }
  return `/topics/${done.id}/results`;
}

async function audit(url: string, port: number, cookie: string | null): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LH_SAVE_DIR=dir keeps each full report (diagnostics: bootup time, main-thread work, request chain).
  // LH_SAVE_TRACE=1 also keeps the page's trace (main-thread tasks, for a look at what blocks).
  if (process.env.LH_SAVE_DIR) {
    const stem = `${process.env.LH_SAVE_DIR}/${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
    writeFileSync(`${stem}.json`, JSON.stringify(lhr));
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (process.env.LH_SAVE_TRACE && trace) writeFileSync(`${stem}.trace.json`, JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  const failed: Record<string, string> = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    for (const ref of category?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (
        !a ||
        a.score === null ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'notApplicable'
      )
        continue;
      if (a.scoreDisplayMode === 'manual') continue;
      if (a.score < 0.9 && (ref.weight > 0 || id !== 'performance'))
        failed[`${id}: ${a.id}`] = String(a.displayValue || a.score);
    }
  }
  return {
    scores,
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
    lcpMs: Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    failed,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const server = await startServer({ ACCOUNT_LIMIT_PER_HOUR: '0' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const rows: { page: string; runs: Run[] }[] = [];
  try {
    const cookie = await signIn(server.baseUrl);
    const pages: [string, string, string | null][] = [
      ['/auth', '/auth', null],
      ['/ (signed in)', '/', cookie],
      ['results', await resultsPath(server.baseUrl, cookie), cookie],
      ['/stats', '/stats', cookie],
    ];
    const only = args.only
      ? (
          { auth: '/auth', home: '/ (signed in)', results: 'results', stats: '/stats' } as Record<
            string,
            string
          >
        )[args.only]
      : null;
    if (args.only && !only) throw new Error(`--only ${args.only}: expected auth, home, results or stats`);
    for (const [label, path, pageCookie] of pages) {
      if (only && label !== only) continue;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit(`${server.baseUrl}${path}`, chrome.port, pageCookie));
        process.stderr.write(
          `${label} run ${i + 1}/${RUNS}: performance ${runs.at(-1)!.scores.performance}\n`,
        );
      }
      rows.push({ page: `${label} ${label === 'results' ? `(${path})` : ''}`.trim(), runs });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const table = [
    `Lighthouse 12 (mobile, simulated throttling), median of ${RUNS} run(s) — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    '| page | Performance | Accessibility | Best Practices | CLS | LCP | Performance per run |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(({ page, runs }) => {
      const med = (f: (r: Run) => number) => median(runs.map(f));
      return `| ${page} | ${med((r) => r.scores.performance!)} | ${med((r) => r.scores.accessibility!)} | ${med((r) => r.scores['best-practices']!)} | ${med((r) => r.cls).toFixed(3)} | ${(med((r) => r.lcpMs) / 1000).toFixed(1)} s | ${runs.map((r) => r.scores.performance).join(', ')} |`;
    }),
  ];
  console.log(table.join('\n'));
  console.log('\nFailed audits (any run):');
  for (const { page, runs } of rows) {
    // One line per audit, with its value in each run that failed it.
    const ids = [...new Set(runs.flatMap((r) => Object.keys(r.failed)))];
    const failed = ids.map((id) => `${id} (${runs.map((r) => r.failed[id] ?? 'passed').join(' / ')})`);
    console.log(`- ${page}: ${failed.length ? failed.join('; ') : 'none'}`);
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
