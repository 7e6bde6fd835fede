/**
 * npm run bench:clients [-- --seconds 4 --concurrency 50 --rounds 2]
 *
 * The embedded client (edge-api/src/db/engine/embedded/client.ts) against stock @libsql/client on the SAME requests over
 * the SAME database file, in one process without HTTP: the app's own `app.request`, with the read caches and
 * PRAGMAs of `npm start`. The demo database (300 players with today's answers) is seeded once; each round runs
 * every scenario on the stock client, then on the embedded one, so a slow patch of the machine hurts both.
 * What it answers: how much request throughput the embedded client buys today, and — rerun after upgrading
 * @libsql/client — whether it still buys enough to keep (docs/decisions/0151-embedded-client-place.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildConfig,
  createApp,
  createLibsqlDatabase,
  DEMO_PASSWORD,
  type Deps,
  enableReadCaches,
  migrateLibsql,
  seedDemo,
  tuneEmbeddedDatabase,
} from '@daily-tea/edge-api/tooling';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    concurrency: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const ROUNDS = Number(args.rounds);

type Client = 'stock' | 'embedded';
type DailyTopics = {
  topics: {
    id: string;
    questions: { id: string; type: string; minValue: number | null; userAnswer: unknown }[];
  }[];
};

const dir = mkdtempSync(join(tmpdir(), 'daily-tea-bench-clients-'));
const url = `file:${join(dir, 'bench.db')}`;
const config = { ...buildConfig({ SESSION_SECRET: 'bench-clients' }, () => 'unused') };
const now = () => new Date();

async function open(client: Client) {
  const { db, close } = createLibsqlDatabase(url, undefined, { stockClient: client === 'stock' });
  await tuneEmbeddedDatabase(db, url);
  enableReadCaches(db);
  const deps: Deps = { db, config, now };
  const app = createApp({ deps: () => deps });
  const call = async (path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) => {
    const headers = new Headers({ Origin: 'http://localhost' });
    if (init.cookie) headers.set('Cookie', init.cookie);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    const res = await app.request(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return res;
  };
  return { call, close, deps };
}

const cookieOf = (res: Response) => /(session=[^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1] ?? '';

/** Runs `task` with CONCURRENCY in flight for SECONDS; returns completed tasks per second (all must succeed). */
async function drive(task: (i: number) => Promise<Response>, limit = Infinity): Promise<number> {
  const until = performance.now() + SECONDS * 1000;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (performance.now() < until && next < limit) {
      const res = await task(next++);
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return Math.round(done / ((performance.now() - started) / 1000));
}

async function scenarios(client: Client): Promise<Record<string, number>> {
  const { call, close } = await open(client);
  try {
    const login = await call('/api/login', {
      method: 'POST',
      json: { username: 'demo_1', password: DEMO_PASSWORD },
    });
    const cookie = cookieOf(login);
    const day = (await (await call('/api/daily-topics', { cookie })).json()) as DailyTopics;
    const answered = day.topics.flatMap((t) => t.questions).find((q) => q.userAnswer !== null);
    if (!answered) throw new Error('demo_1 has no answer today');

    // Writers: fresh guests who have selected three topics; each answers every question of them once.
    const guests = await Promise.all(
      Array.from({ length: 300 }, async () => cookieOf(await call('/api/guest-login', { method: 'POST' }))),
    );
    const picked = day.topics.slice(0, 3);
    for (const guest of guests)
      for (const topic of picked)
        await call('/api/select-topic', { method: 'POST', cookie: guest, json: { topicId: topic.id } });
    const slots = guests.flatMap((guest) =>
      picked.flatMap((topic) =>
        topic.questions.map((q) => ({
          guest,
          body:
            q.type === 'numeric'
              ? { questionId: q.id, numericValue: q.minValue ?? 0 }
              : { questionId: q.id, selectedOptionId: 'opt-1' },
        })),
      ),
    );

    return {
      'GET /api/daily-topics': await drive(() => call('/api/daily-topics', { cookie })),
      'GET /api/user': await drive(() => call('/api/user', { cookie })),
      'GET results': await drive(() => call(`/api/questions/${answered.id}/results`, { cookie })),
      'POST /api/answers': await drive(
        (i) => call('/api/answers', { method: 'POST', cookie: slots[i]!.guest, json: slots[i]!.body }),
        slots.length,
      ),
    };
  } finally {
    close();
  }
}

try {
  const seeding = createLibsqlDatabase(url);
  await migrateLibsql(seeding.db);
  await seedDemo({ db: seeding.db, config: { ...config, seedDemo: true }, now });
  seeding.close();

  const runs: Record<Client, Record<string, number>[]> = { stock: [], embedded: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const client of ['stock', 'embedded'] as const) {
      const result = await scenarios(client);
      runs[client].push(result);
      console.log(`[bench:clients] round ${round} ${client}: ${JSON.stringify(result)}`);
    }
  }
  const best = (client: Client, name: string) => Math.max(...runs[client].map((r) => r[name]!));
  console.log(
    `\n${SECONDS} s per scenario, ${CONCURRENCY} in flight, best of ${ROUNDS} rounds (requests/s, in-process)\n`,
  );
  console.log('| scenario | stock @libsql/client | embedded client | embedded ÷ stock |');
  console.log('|---|---:|---:|---:|');
  for (const name of Object.keys(runs.stock[0]!)) {
    const s = best('stock', name);
    const e = best('embedded', name);
    console.log(`| ${name} | ${s} | ${e} | ${(e / s).toFixed(2)} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
