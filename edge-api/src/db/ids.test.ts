import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID version 7 whose first 48 bits are the milliseconds', () => {
    const ms = Date.UTC(2026, 10, 23, 9, 0, 0, 123);
    const id = timeOrderedId(ms);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(ms);
  });

  it('sorts by time as text (what puts the rows of a burst at the right edge of an index)', () => {
    const start = Date.UTC(2026, 10, 23, 9);
    const ids = Array.from({ length: 500 }, (_, i) => timeOrderedId(start + i * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps 74 random bits: ids of the same millisecond differ', () => {
    const ms = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedId(ms)));
    expect(ids.size).toBe(10_000);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});
