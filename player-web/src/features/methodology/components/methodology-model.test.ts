import { describe, expect, it } from 'vitest';
import { listText, marginsText, sharePercent, slugLabel, targetTables, trimText } from './methodology-model';

describe('targetTables', () => {
  it('gives each margin a table with the profile’s labels, largest group first, in percent', () => {
    const tables = targetTables({
      gender: { male: 0.485, female: 0.515 },
      ageBracket: { '18-24': 0.17, '45+': 0.34 },
      raceBracket: { black: 0.81, indian: 0.03 },
      province: { gauteng: 0.24, kwazulu_natal: 0.2 },
    });
    expect(tables.map((t) => t.title)).toEqual(['Gender', 'Age', 'Population group', 'Province']);
    expect(tables[0]!.rows.map((r) => [r.label, r.percent])).toEqual([
      ['Female', '51.5%'],
      ['Male', '48.5%'],
    ]);
    expect(tables[2]!.rows.map((r) => r.label)).toEqual(['Black African', 'Indian/Asian']);
    expect(tables[3]!.rows.map((r) => r.label)).toEqual(['Gauteng', 'KwaZulu-Natal']);
  });

  it('leaves out a margin with no groups', () => {
    expect(targetTables({ gender: {}, ageBracket: {}, raceBracket: {}, province: {} })).toEqual([]);
  });
});

describe('texts', () => {
  it('names unknown slugs in words and writes shares to one decimal', () => {
    expect(slugLabel('x', 'north_west')).toBe('North West');
    expect(sharePercent(0.0409)).toBe('4.1%');
    expect(sharePercent(1)).toBe('100.0%');
  });
  it('joins lists and names the margins and the trim bounds', () => {
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
    expect(marginsText(['gender', 'raceBracket'])).toBe('gender and population group');
    expect(trimText({ lower: 0.2, upper: 5 })).toBe('between 0.2 and 5 times the average weight');
  });
});
