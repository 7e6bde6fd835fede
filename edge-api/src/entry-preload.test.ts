import { describe, expect, it } from 'vitest';
import { DAILY_TOPICS_PRELOAD, entryPreloadLink } from './entry-preload';

describe('entryPreloadLink', () => {
  it("preloads today's topics on a topic's results URL only", () => {
    expect(entryPreloadLink('/topics/abc-123/results')).toBe(DAILY_TOPICS_PRELOAD);
    expect(entryPreloadLink('/topics/abc-123/results/')).toBe(DAILY_TOPICS_PRELOAD);
    for (const path of [
      '/',
      '/auth',
      '/topics/abc',
      '/archive/2026-11-20/topics/abc/results',
      '/topics//results',
    ])
      expect(entryPreloadLink(path)).toBeNull();
  });
});
