import { describe, expect, it } from 'vitest';
import {
  ageBreakdownAvailable,
  communityInsight,
  genderBreakdownAvailable,
  marginOfError95,
  raceBreakdownAvailable,
} from './insight';

describe('communityInsight', () => {
  it('is null with 1 answer or fewer', () => {
    expect(communityInsight(100, 1)).toBeNull();
    expect(communityInsight(0, 0)).toBeNull();
  });

  it.each([
    [100, 'clear_majority'],
    [70.1, 'clear_majority'],
    [70, 'popular'],
    [50, 'popular'],
    [49.9, 'solid_group'],
    [30, 'solid_group'],
    [29.9, 'minority'],
    [15, 'minority'],
    [14.9, 'unique'],
    [0, 'unique'],
  ] as const)('%s%% → %s', (share, band) => {
    expect(communityInsight(share, 20)?.band).toBe(band);
  });

  it('has a warm title and a text carrying the rounded share', () => {
    const i = communityInsight(75.4, 10);
    expect(i?.title).toBe("You're with the clear majority");
    expect(i?.text).toContain('75%');
    for (const share of [80, 60, 40, 20, 5]) {
      const x = communityInsight(share, 10);
      expect(x?.title.length).toBeGreaterThan(0);
      expect(x?.text).toContain(`${share}%`);
    }
  });
});

describe('breakdown thresholds', () => {
  it('gender needs 3 answers and 2 groups', () => {
    expect(genderBreakdownAvailable(3, 2)).toBe(true);
    expect(genderBreakdownAvailable(2, 2)).toBe(false);
    expect(genderBreakdownAvailable(10, 1)).toBe(false);
  });

  it('age and race need 5 answers and 2 groups', () => {
    expect(ageBreakdownAvailable(5, 2)).toBe(true);
    expect(ageBreakdownAvailable(4, 3)).toBe(false);
    expect(ageBreakdownAvailable(50, 1)).toBe(false);
    expect(raceBreakdownAvailable(5, 2)).toBe(true);
    expect(raceBreakdownAvailable(4, 2)).toBe(false);
    expect(raceBreakdownAvailable(9, 1)).toBe(false);
  });
});

describe('marginOfError95', () => {
  it('is null below 30 answers', () => {
    expect(marginOfError95(50, 29)).toBeNull();
    expect(marginOfError95(50, 0)).toBeNull();
  });

  it('computes 1.96·sqrt(p(1−p)/n) in points, 1 decimal', () => {
    expect(marginOfError95(50, 100)).toBe(9.8);
    expect(marginOfError95(50, 30)).toBe(17.9);
    expect(marginOfError95(20, 400)).toBe(3.9);
    expect(marginOfError95(0, 100)).toBe(0);
    expect(marginOfError95(100, 100)).toBe(0);
  });
});
