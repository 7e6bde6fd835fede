/**
 * node --import tsx bench/profile-summary.ts <profile dir> [--players 2000] [--marker submitAnswer]
 *
 * Where the API's CPU goes during the 9 AM drop, per player-day, from the V8 CPU profiles that
 * `npm run bench -- --only 'drop$' --profile <dir>` writes. Only the API's processes are read (the profiles
 * whose samples include `--marker`, a function only the drop calls) and only the window between the first and
 * the last sample under it. SQLite's time is the self time of the libsql binding's functions (the native
 * calls are inside them): "SQLite, group commit" is every call made by the embedded client's group commit (the
 * write transactions: BEGIN, the batches' statements, COMMIT); the reads are named by the query that made them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    players: { type: 'string', default: '2000' },
    marker: { type: 'string', default: 'submitAnswer' },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('usage: bench/profile-summary.ts <profile dir> [--players N] [--marker fn]');
const players = Number(values.players);

const isSqlite = (f: CallFrame) => /node_modules\/libsql\//.test(f.url);
const isAppFrame = (f: CallFrame) =>
  /edge-api\/src/.test(f.url) && !/db\/engine\/|db\/client|database\.ts/.test(f.url);

function category(f: CallFrame): string {
  const { url, functionName: fn } = f;
  if (fn === '(garbage collector)') return 'garbage collector';
  if (fn === '(program)') return 'V8 / native (program)';
  if (fn === 'writev' || fn === 'writeUtf8String' || fn === 'writeBuffer' || fn === 'writeLatin1String')
    return 'socket writes (syscalls)';
  if (/drizzle-orm/.test(url)) return 'drizzle';
  if (/hono/.test(url)) return 'hono + @hono/node-server';
  if (/zod/.test(url)) return 'zod';
  if (/^node:/.test(url)) return 'node: http, streams, events, crypto …';
  if (/edge-api\/src\/db/.test(url)) return 'app: data access';
  if (/edge-api\/src|shared\/src/.test(url)) return 'app: handlers, services, domain';
  if (!url) return 'native (other)';
  return 'other libraries';
}

const totals = new Map<string, number>();
const sqlite = new Map<string, number>();
let all = 0;
let windowSeconds = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const under = new Map<number, boolean>();
  const isUnder = (id: number): boolean => {
    const known = under.get(id);
    if (known !== undefined) return known;
    const up = parent.get(id);
    const result =
      byId.get(id)!.callFrame.functionName === values.marker || (up !== undefined && isUnder(up));
    under.set(id, result);
    return result;
  };
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  let first = -1;
  let last = -1;
  p.samples.forEach((id, i) => {
    if (!isUnder(id)) return;
    if (first < 0) first = i;
    last = i;
  });
  if (first < 0) continue; // not an API process
  windowSeconds = Math.max(windowSeconds, (times[last]! - times[first]!) / 1e6);
  for (let i = first + 1; i <= last; i++) {
    const node = byId.get(p.samples[i]!)!;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') continue;
    const us = times[i]! - times[i - 1]!;
    all += us;
    if (!isSqlite(frame)) {
      totals.set(category(frame), (totals.get(category(frame)) ?? 0) + us);
      continue;
    }
    totals.set(
      'SQLite (libsql binding + native)',
      (totals.get('SQLite (libsql binding + native)') ?? 0) + us,
    );
    let id = node.id;
    let caller = 'group commit (write transactions)';
    for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
      const f = byId.get(up)!.callFrame;
      if (isAppFrame(f)) {
        caller = `read: ${f.functionName || '(anonymous)'}`;
        break;
      }
      id = up;
    }
    sqlite.set(caller, (sqlite.get(caller) ?? 0) + us);
  }
}

const perDay = (us: number) => (us / 1000 / players).toFixed(2).padStart(6);
const share = (us: number) => `${((us / all) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `API processes, drop window ${windowSeconds.toFixed(1)} s, ${players} player-days: ${perDay(all)} ms of CPU per player-day\n`,
);
console.log('| where | ms / player-day | share |');
console.log('|---|---:|---:|');
for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(`| ${name} | ${perDay(us)} | ${share(us)} |`);
console.log('\n| SQLite, by caller | ms / player-day | share |');
console.log('|---|---:|---:|');
for (const [name, us] of [...sqlite].sort((a, b) => b[1] - a[1]).filter(([, us]) => us / all > 0.002)) {
  console.log(`| ${name} | ${perDay(us)} | ${share(us)} |`);
}
