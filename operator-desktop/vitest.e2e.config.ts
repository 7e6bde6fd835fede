import { defineConfig } from 'vitest/config';

/** The built renderer in headless Chromium, with the preload API replaced by a test bridge over the real IPC handlers. */
export default defineConfig({
  test: {
    name: 'operator-desktop-e2e',
    root: import.meta.dirname,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
