#!/usr/bin/env node
// `npm start` (product.md#running): build the player web app if its build is missing, then run the Node entry
// (migrate, seed, serve API + web on http://127.0.0.1:$PORT), forwarding signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'player-web', 'dist', 'index.html'))) {
  console.log('[start] building player-web (player-web/dist is missing)…');
  const build = spawnSync(npm, ['run', 'build', '-w', 'player-web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] player-web build failed');
    process.exit(build.status ?? 1);
  }
}

// V8's young generation sized for a server answering many requests at once: with 50 requests in flight a
// 16 MiB semi-space fills while their objects are still alive, and each scavenge copies them and promotes some to
// the old generation. 32 MiB cut the results read's CPU by about 8 % (docs/decisions/0310-server-young-generation.md).
// The cluster's processes inherit the flag (node:cluster forks with the primary's execArgv).
const SERVER_V8_FLAGS = ['--max-semi-space-size=32'];

const child = spawn(
  process.execPath,
  [...SERVER_V8_FLAGS, '--import', 'tsx', join('edge-api', 'src', 'node.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  if (signal) process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
  process.exit(code ?? 1);
});
