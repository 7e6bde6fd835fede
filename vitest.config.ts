import { defineConfig } from 'vitest/config';

/** Unit and API suites. Browser (end-to-end) suites run from scripts/test.mjs after a build. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'edge-api', root: './edge-api', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30000 } },
      { test: { name: 'tooling', root: './scripts', include: ['**/*.test.ts'], environment: 'node' } },
      { test: { name: 'operator-desktop', root: './operator-desktop', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
