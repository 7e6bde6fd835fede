import { describe, expect, it } from 'vitest';
import { binIndex, numericBins } from './numeric-bins';

describe('numericBins', () => {
  it('gives whole numbers over a short range one bin per value', () => {
    expect(numericBins(1, 5, true)).toEqual({ lo: 1, width: 1, count: 5 });
    expect(numericBins(0, 9, true)).toEqual({ lo: 0, width: 1, count: 10 });
  });

  it('uses a round width starting at a multiple of it, at most 10 bins', () => {
    expect(numericBins(0, 100, true)).toEqual({ lo: 0, width: 20, count: 6 });
    expect(numericBins(3, 47, true)).toEqual({ lo: 0, width: 5, count: 10 });
    expect(numericBins(0.2, 1.7, false)).toEqual({ lo: 0.2, width: 0.2, count: 8 });
    for (const [min, max] of [
      [0, 11],
      [-40, 55],
      [1, 1_000_000],
      [0.001, 0.0095],
    ] as const) {
      const b = numericBins(min, max, Number.isInteger(min) && Number.isInteger(max));
      expect(b.count).toBeLessThanOrEqual(10);
      expect(b.lo).toBeLessThanOrEqual(min);
      expect(b.lo + b.count * b.width).toBeGreaterThan(max);
    }
  });

  it('puts a single value in one bin', () => {
    expect(numericBins(7, 7, true)).toEqual({ lo: 7, width: 1, count: 1 });
  });

  it('places values in their bin, the maximum in the last', () => {
    const b = numericBins(0, 100, true);
    expect([0, 19, 20, 99, 100].map((v) => binIndex(v, b))).toEqual([0, 0, 1, 4, 5]);
  });
});
