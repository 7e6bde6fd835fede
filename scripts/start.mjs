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

const child = spawn(process.execPath, ['--import', 'tsx', join('edge-api', 'src', 'node.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  if (signal) process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1);
  process.exit(code ?? 1);
});
