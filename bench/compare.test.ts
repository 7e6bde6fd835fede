import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  comparisonTable,
  eachCookie,
  generatorCpuMicros,
  processTreeCpuMicros,
  type ComparisonRun,
} from './compare';

const run = (build: string, reqPerSec: number, serverMicros: number | null): ComparisonRun => ({
  build,
  round: 1,
  reqPerSec,
  p50: 1,
  p99: 4,
  non2xx: 0,
  errors: 0,
  load1: 1,
  serverMicrosPerRequest: serverMicros,
  loadGeneratorCore: 40,
});

describe('the side-by-side comparison', () => {
  it('hands autocannon one ready request per player, cookie in its headers (nothing rebuilt per request)', () => {
    const requests = eachCookie(['session=a', 'session=b'], '/api/user');
    expect(requests).toEqual([
      { method: 'GET', path: '/api/user', headers: { cookie: 'session=a' } },
      { method: 'GET', path: '/api/user', headers: { cookie: 'session=b' } },
    ]);
    expect(requests.some((r) => 'setupRequest' in r)).toBe(false);
  });

  it("reads the CPU of a server's whole process tree, its children's work included", async () => {
    if (!existsSync('/proc/self/stat')) {
      expect(processTreeCpuMicros(process.pid)).toBeNull();
      return;
    }
    // A wrapper that forks a worker burning about 300 ms of CPU, as `npm start` wraps the cluster's workers.
    const wrapper = spawn(process.execPath, [
      '-e',
      `const { spawn } = require('node:child_process');
       spawn(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);'], { stdio: 'inherit' });
       setTimeout(() => {}, 5000);`,
    ]);
    try {
      await new Promise((ready) => setTimeout(ready, 700));
      const tree = processTreeCpuMicros(wrapper.pid!);
      expect(tree).not.toBeNull();
      // The busy child finished and was reaped into the wrapper's counters, or is still in the tree: either way
      // at least most of its 300 ms count, which the wrapper alone (idle) never reaches.
      expect(tree!).toBeGreaterThan(200_000);
    } finally {
      wrapper.kill('SIGKILL');
    }
  });

  it("counts a load generator's CPU in a child that ended (wrk) as well as this process's own", async () => {
    if (!existsSync('/proc/self/stat')) return;
    const before = generatorCpuMicros();
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']);
    await new Promise((ended) => child.on('exit', ended));
    // The ended child's 300 ms reach this process's counters once it is reaped; this process itself waited idle.
    expect(generatorCpuMicros() - before).toBeGreaterThan(200_000);
  });

  it('tables req/s, the ratio of the medians and each build’s server CPU per request', () => {
    const table = comparisonTable(
      [
        {
          scenario: 'GET /api/user',
          runs: [run('old', 100, 40), run('new', 110, 36), run('new', 90, 38), run('old', 120, 42)],
        },
        { scenario: 'GET results', runs: [run('old', 50, null), run('new', 50, null)] },
      ],
      ['old', 'new'],
    );
    const [header, , user, results] = table.split('\n');
    expect(header).toContain('server CPU µs/request old / new');
    expect(user).toContain(
      '| GET /api/user | **110** (100, 120) | **100** (110, 90) | 0.91 | 41.0 / 37.0 | 40–40 |',
    );
    expect(results).toContain('| 1.00 | — / — |');
  });
});
