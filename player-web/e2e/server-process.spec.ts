/**
 * `npm start` runs the server with V8's young generation sized for concurrent requests
 * (docs/decisions/0310-server-young-generation.md): the flag reaches the server process and every process of its
 * cluster. Linux only (read from /proc).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './fixtures';

const hasProc = existsSync('/proc/self/cmdline');

/** Command lines of every process under `pid`, the process itself included. */
function processTree(pid: number): string[][] {
  const parent = new Map<number, number>();
  const argv = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      argv.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // Ended while the list was read.
    }
  }
  const under = (p: number) => {
    for (let at = p, hops = 0; at > 1 && hops < 16; at = parent.get(at) ?? 0, hops++)
      if (at === pid) return true;
    return false;
  };
  return [...argv].filter(([p]) => under(p)).map(([, a]) => a);
}

describe.skipIf(!hasProc)('the server process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false', WEB_CONCURRENCY: '2' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('runs with a 32 MiB semi-space in the entry and in each process of its cluster', async () => {
    expect((await fetch(`${server.baseUrl}/api/health`)).ok).toBe(true);
    const servers = processTree(server.pid).filter((argv) => argv.some((a) => a.endsWith('node.ts')));
    // The cluster's primary and its two workers.
    expect(servers).toHaveLength(3);
    for (const argv of servers) expect(argv).toContain('--max-semi-space-size=32');
  });
});
