import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luaString, parseWrkOutput, runWrk, wrkScript, wrkVersion } from './wrk';

describe('the Lua of the wrk load generator', () => {
  it('writes any text as a Lua string literal', () => {
    expect(luaString('session=abc')).toBe('"session=abc"');
    expect(luaString('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    // Bytes outside printable ASCII as decimal escapes, UTF-8 byte by byte.
    expect(luaString('a\nb é')).toBe('"a\\10b \\195\\169"');
  });

  it('formats every ready request once and hands them out in turn', () => {
    const script = wrkScript([
      { method: 'GET', path: '/api/user', headers: { cookie: 'session=a' } },
      { method: 'GET', path: '/api/user', headers: { cookie: 'session=b' } },
    ]);
    expect(script).toContain(
      'ready[#ready + 1] = wrk.format("GET", "/api/user", { ["cookie"] = "session=a" })',
    );
    expect(script).toContain(
      'ready[#ready + 1] = wrk.format("GET", "/api/user", { ["cookie"] = "session=b" })',
    );
    expect(script).toContain('at = at % #ready + 1');
    expect(() => wrkScript([])).toThrow(/no requests/);
  });

  it("reads the figures from the done hook's line, whatever wrk printed before it", () => {
    const output = [
      'Running 10s test @ http://127.0.0.1:4000/api/user',
      '  1 threads and 50 connections',
      '{"requests":250000,"durationMicros":10000000,"connect":0,"read":1,"write":0,"timeout":2,"status":7,"p50":1234,"p99":8765}',
      '',
    ].join('\n');
    expect(parseWrkOutput(output)).toEqual({
      reqPerSec: 25000,
      total: 250000,
      p50: 1.23,
      p99: 8.77,
      non2xx: 7,
      errors: 3,
    });
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:4000 Connection refused')).toThrow(
      /no summary/,
    );
  });
});

// .ci/run installs wrk (Debian's `wrk`), so this runs in CI; elsewhere it needs `apt install wrk`.
describe.skipIf(wrkVersion() === null)('a wrk run against a server', () => {
  const cookiesSeen = new Map<string, number>();
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const cookie = req.headers.cookie ?? '';
      cookiesSeen.set(cookie, (cookiesSeen.get(cookie) ?? 0) + 1);
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'Content-Type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('sends every ready request, counts the requests it made and the 4xx among them', async () => {
    const result = await runWrk({
      url,
      requests: [
        { method: 'GET', path: '/ok', headers: { cookie: 'session=a' } },
        { method: 'GET', path: '/ok', headers: { cookie: 'session=b' } },
        { method: 'GET', path: '/missing', headers: { cookie: 'session=c' } },
      ],
      connections: 4,
      duration: 1,
    });
    expect(result.total).toBeGreaterThan(300);
    expect(result.reqPerSec).toBeGreaterThan(0);
    expect([...cookiesSeen.keys()].sort()).toEqual(['session=a', 'session=b', 'session=c']);
    // The requests go round in turn: a third of them each, the third to /missing.
    const served = [...cookiesSeen.values()].reduce((a, b) => a + b, 0);
    expect(served).toBeGreaterThanOrEqual(result.total);
    expect(result.non2xx / result.total).toBeCloseTo(1 / 3, 1);
    expect(result.errors).toBe(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });
});
