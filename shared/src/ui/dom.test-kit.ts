import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { dismissToast } from './toaster';

/**
 * The hooks every jsdom test of the operator and marketing screens needs: a ResizeObserver (Headless UI and
 * the marketing preview measure elements; jsdom has none), and after each test an unmounted tree, no toast
 * left over, and `extra` (a mock to reset, globals to unstub).
 */
export function installDomTestHooks(extra?: () => void): void {
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    cleanup();
    dismissToast();
    extra?.();
  });
}
