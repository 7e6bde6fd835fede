import { defineConfig } from 'vitest/config';

/** Browser suites: real `npm start` servers and headless Chromium, one file at a time (2-core CI machines). */
export default defineConfig({
  test: {
    name: 'player-web-e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
