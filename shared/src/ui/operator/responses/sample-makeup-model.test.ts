import { describe, expect, it } from 'vitest';
import type { SampleMakeup } from '../../../contracts/weighting';
import { makeupMargins, mostUnder, representation } from './sample-makeup-model';

const row = (slug: string, count: number, sampleShare: number, targetShare: number) => ({
  slug,
  count,
  sampleShare,
  targetShare,
  ratio: targetShare > 0 ? sampleShare / targetShare : 0,
});

const makeup: SampleMakeup = {
  date: '2026-11-25',
  questionId: null,
  scheme: 'sa-adults-census-2022',
  respondents: 120,
  inScheme: 100,
  leftOut: {
    country: 12,
    gender: { prefer_not_to_say: 3, non_binary: 0 },
    ageBracket: {},
    raceBracket: { mixed_race: 5 },
  },
  margins: {
    gender: [row('male', 70, 0.7, 0.485), row('female', 30, 0.3, 0.515)],
    ageBracket: [row('18-24', 60, 0.6, 0.17), row('45+', 40, 0.4, 0.34)],
    raceBracket: [row('black', 80, 0.8, 0.81), row('indian', 0, 0, 0.03)],
    province: [row('gauteng', 10, 0.5, 0.24), row('limpopo', 10, 0.5, 0.1)],
  },
  provinceUnknown: 80,
};

describe('representation', () => {
  it('marks groups outside 0.8–1.25 of their target, and an empty group as under', () => {
    expect(representation(1.44, 70, 0.485)).toBe('over');
    expect(representation(0.58, 30, 0.515)).toBe('under');
    expect(representation(0.99, 80, 0.81)).toBe('even');
    expect(representation(0, 0, 0.03)).toBe('under');
    expect(representation(0, 0, 0)).toBe('even');
  });
});

describe('makeupMargins', () => {
  it('labels groups, rounds to one decimal and lists who each margin left out', () => {
    const margins = makeupMargins(makeup);
    expect(margins.map((m) => m.title)).toEqual(['Gender', 'Age', 'Population group', 'Province']);
    expect(margins[0]!.rows.map((r) => [r.label, r.samplePct, r.targetPct, r.representation])).toEqual([
      ['Male', 70, 48.5, 'over'],
      ['Female', 30, 51.5, 'under'],
    ]);
    expect(margins[0]!.leftOut).toEqual([{ label: 'Prefer not to say', count: 3 }]);
    expect(margins[2]!.leftOut).toEqual([{ label: 'Mixed race', count: 5 }]);
    expect(margins[3]!.leftOut).toEqual([{ label: 'Not answered', count: 80 }]);
  });

  it('names the most under-represented groups first: whom to reach', () => {
    expect(mostUnder(makeupMargins(makeup)).map((r) => r.label)).toEqual(['Indian/Asian', 'Female']);
  });
});
