/**
 * wrk (https://github.com/wg/wrk; Debian and Homebrew package `wrk`) as the load generator of the side-by-side
 * comparison (`--compare`), where it is installed. The bench's own process drives every other scenario with
 * autocannon, whose HTTP parser is JavaScript: on the servers' cores it spends about 0.3 µs per response header, so
 * a build that sends more headers (main's security headers) paid for them in the load generator as well as in its
 * server (docs/decisions/0311-bench-native-load-generator.md). wrk parses in C and scripts in LuaJIT.
 *
 * The requests are the same ready list autocannon gets (one per signed-in player, cycled), written into a Lua script;
 * its `done` hook prints the figures as one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ReadyRequest = { method: string; path: string; headers?: Record<string, string> };

/** What a load run reports, whichever generator ran it. */
export type LoadResult = {
  reqPerSec: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/** wrk's version line when it is on the PATH, else null. */
export function wrkVersion(): string | null {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) return null;
  const line = `${probe.stdout}${probe.stderr}`.split('\n')[0]?.trim() ?? '';
  return /^wrk\b/.test(line) ? line : null;
}

/** A Lua string literal of any text: quotes, backslashes and every byte outside printable ASCII escaped. */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${byte}`;
  }
  return `${out}"`;
}

/**
 * The Lua script: the requests formatted once per thread (`init`), handed out in turn; `done` writes requests,
 * duration, errors and latency percentiles (µs) as one JSON line.
 */
export function wrkScript(requests: ReadyRequest[]): string {
  if (requests.length === 0) throw new Error('wrk: no requests to send');
  const formatted = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    return `  ready[#ready + 1] = wrk.format(${luaString(r.method)}, ${luaString(r.path)}, { ${headers} })`;
  });
  return [
    'local ready = {}',
    'local at = 0',
    'init = function(args)',
    ...formatted,
    'end',
    'request = function()',
    '  at = at % #ready + 1',
    '  return ready[at]',
    'end',
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"durationMicros":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"p50":%d,"p99":%d}\\n\',',
    '    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
    '',
  ].join('\n');
}

type WrkSummary = {
  requests: number;
  durationMicros: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  status: number;
  p50: number;
  p99: number;
};

/** The figures of the `done` line (the last line starting with `{`) of wrk's output. */
export function parseWrkOutput(output: string): LoadResult {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"requests":'));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line) as WrkSummary;
  const ms = (micros: number) => Math.round(micros / 10) / 100;
  return {
    reqPerSec: s.durationMicros > 0 ? Math.round((s.requests * 1e6) / s.durationMicros) : 0,
    total: s.requests,
    p50: ms(s.p50),
    p99: ms(s.p99),
    // wrk counts a status of 400 or more as a status error; autocannon's non2xx counts the same responses here.
    non2xx: s.status,
    errors: s.connect + s.read + s.write + s.timeout,
  };
}

/** One wrk run: one thread (it needs a fraction of a core), `connections` connections, for `duration` seconds. */
export async function runWrk(opts: {
  url: string;
  requests: ReadyRequest[];
  connections: number;
  duration: number;
}): Promise<LoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'requests.lua');
  try {
    await writeFile(script, wrkScript(opts.requests));
    const output = await new Promise<string>((ok, fail) => {
      const child = spawn(
        'wrk',
        [
          '-t',
          '1',
          '-c',
          String(opts.connections),
          '-d',
          `${opts.duration}s`,
          '--timeout',
          '30s',
          '-s',
          script,
          opts.url,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', fail);
      child.on('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`wrk exited ${code}:\n${out}`))));
    });
    return parseWrkOutput(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
