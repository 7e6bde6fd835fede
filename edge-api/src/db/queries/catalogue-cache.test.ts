import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../database';
import { cachedCatalogue, catalogueChanged } from './catalogue-cache';

describe('catalogue cache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves repeated reads from one load, reloads after a change and after the TTL, and keeps handles apart', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const db = {} as Database;
    const other = {} as Database;
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedCatalogue(db, 'k', load)).toBe(1);
    expect(await cachedCatalogue(db, 'k', load)).toBe(1);
    expect(await cachedCatalogue(other, 'k', load)).toBe(2);

    catalogueChanged();
    // Inside the write window every read goes to the database.
    expect(await cachedCatalogue(db, 'k', load)).toBe(3);
    expect(await cachedCatalogue(db, 'k', load)).toBe(4);
    vi.advanceTimersByTime(1_001);
    expect(await cachedCatalogue(db, 'k', load)).toBe(5);
    expect(await cachedCatalogue(db, 'k', load)).toBe(5);
    vi.advanceTimersByTime(5_001);
    expect(await cachedCatalogue(db, 'k', load)).toBe(6);
  });

  it('does not remember a failed load', async () => {
    const db = {} as Database;
    await expect(cachedCatalogue(db, 'f', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cachedCatalogue(db, 'f', async () => 'ok')).toBe('ok');
  });
});
