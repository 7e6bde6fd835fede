#!/usr/bin/env node
// `npm test`: every suite — builds first (the browser suites and the Workers smoke test use the
// built web app and desktop renderer), then unit + API suites, then end-to-end suites in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['format check', 'npx', ['prettier', '--check', '.']],
  ['build player-web', 'npm', ['run', 'build', '-w', 'player-web']],
  ['build operator-desktop', 'npm', ['run', 'build', '-w', 'operator-desktop']],
  ['unit + API suites', 'npx', ['vitest', 'run']],
  [
    'player + operator browser suites',
    'npx',
    ['vitest', 'run', '--config', 'player-web/vitest.e2e.config.ts'],
    'player-web/vitest.e2e.config.ts',
  ],
  [
    'desktop renderer browser suite',
    'npx',
    ['vitest', 'run', '--config', 'operator-desktop/vitest.e2e.config.ts'],
    'operator-desktop/vitest.e2e.config.ts',
  ],
];

const failed = [];
for (const [name, cmd, args, needs] of steps) {
  if (needs && !existsSync(needs)) {
    console.error(`\n✗ ${name}: ${needs} is missing`);
    failed.push(name);
    continue;
  }
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✗ ${name} failed (${secs}s)`);
    failed.push(name);
    // Without a build nothing after it can run meaningfully.
    if (name.startsWith('build')) break;
  } else console.log(`✓ ${name} (${secs}s)`);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll suites passed.');
