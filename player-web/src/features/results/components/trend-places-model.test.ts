import { describe, expect, it } from 'vitest';
import { CITY_MIN_ANSWERS, COUNTRY_BREAKDOWN_MIN_ANSWERS } from '@daily-tea/shared/domain/places';
import { TREND_MIN_ANSWERS } from '@daily-tea/shared/domain/trend';
import { citySection, countrySection, shortDate, trendView } from './trend-places-model';
import { choiceQuestion, numericQuestion, questionResults } from './results.test-kit';

describe('trendView', () => {
  it('is null for a question asked on fewer than two dates', () => {
    expect(trendView(choiceQuestion(), questionResults(), null)).toBeNull();
    const once = questionResults({
      trend: { dates: ['2026-11-20'], totals: [9], counts: [[3, 3, 3]], averages: null },
    });
    expect(trendView(choiceQuestion(), once, null)).toBeNull();
  });

  it('draws each option’s share per date, leaves dates with too few answers blank, and says so', () => {
    const results = questionResults({
      trend: {
        dates: ['2026-11-10', '2026-11-17', '2026-11-24'],
        totals: [40, 2, 50],
        counts: [[10, 30, 0], null, [25, 20, 5]],
        averages: null,
      },
    });
    const view = trendView(choiceQuestion(), results, 'opt-2')!;
    expect(view.columns.map((c) => [c.label, c.total, c.sufficient])).toEqual([
      ['10 Nov', 40, true],
      ['17 Nov', 2, false],
      ['24 Nov', 50, true],
    ]);
    expect(view.series.map((s) => [s.id, s.isUser, s.pcts])).toEqual([
      ['opt-1', false, [25, null, 50]],
      ['opt-2', true, [75, null, 40]],
      ['opt-3', false, [0, null, 10]],
    ]);
    expect(view.summary).toBe(
      `Asked on 3 dates, from 10 Nov to 24 Nov. Black (your answer) went from 75% on 10 Nov to 40% on 24 Nov. ` +
        `Dates with fewer than ${TREND_MIN_ANSWERS} answers show no figures.`,
    );
  });

  it('follows the first option when the player chose none', () => {
    const results = questionResults({
      trend: {
        dates: ['2026-11-10', '2026-11-17'],
        totals: [10, 10],
        counts: [
          [5, 5, 0],
          [1, 9, 0],
        ],
        averages: null,
      },
    });
    expect(trendView(choiceQuestion(), results, null)!.summary).toBe(
      'Asked on 2 dates, from 10 Nov to 17 Nov. Green went from 50% on 10 Nov to 10% on 17 Nov.',
    );
  });

  it('names the option in full in its sentence, however long (the chart keeps the short label)', () => {
    const question = choiceQuestion({ options: ['Black', 'Rooibos all the way'] });
    const results = questionResults({
      trend: {
        dates: ['2026-11-11', '2026-11-25'],
        totals: [10, 10],
        counts: [
          [7, 3],
          [6, 4],
        ],
        averages: null,
      },
    });
    const view = trendView(question, results, 'opt-2')!;
    expect(view.summary).toBe(
      'Asked on 2 dates, from 11 Nov to 25 Nov. Rooibos all the way (your answer) went from 30% on 11 Nov to 40% on 25 Nov.',
    );
  });

  it('draws the average of a numeric question, with its unit', () => {
    const results = questionResults({
      type: 'numeric',
      trend: { dates: ['2026-11-10', '2026-11-17'], totals: [10, 12], counts: null, averages: [2, 3.25] },
    });
    const view = trendView(numericQuestion(), results, null)!;
    expect(view.series).toEqual([]);
    expect(view.averages).toEqual([2, 3.25]);
    expect(view.summary).toBe(
      'Asked on 2 dates, from 10 Nov to 17 Nov. The average went from 2.0 cups on 10 Nov to 3.3 cups on 17 Nov.',
    );
  });

  it('labels game days in en-GB, whatever the time zone', () => {
    expect(shortDate('2026-01-01')).toBe('1 Jan');
    expect(shortDate('2026-12-31')).toBe('31 Dec');
  });
});

describe('countrySection', () => {
  it('draws every country group and names the rest "Other countries"', () => {
    const results = questionResults({
      places: {
        byCountry: {
          total: 30,
          available: true,
          groups: [
            {
              label: 'South Africa',
              isOther: false,
              total: 20,
              optionCounts: { 'opt-1': 15, 'opt-2': 5 },
              average: null,
            },
            { label: 'Other', isOther: true, total: 10, optionCounts: { 'opt-2': 10 }, average: null },
          ],
        },
        city: null,
      },
    });
    const section = countrySection(choiceQuestion(), results, 'opt-1');
    expect(section.available).toBe(true);
    expect(section.rows.map((r) => [r.key, r.label, r.total, r.sameAsYou, r.average])).toEqual([
      ['country-South Africa', 'South Africa', 20, 75, null],
      ['other-countries', 'Other countries', 10, 0, null],
    ]);
    expect(section.rows[0]!.bars.map((b) => [b.pct, b.height])).toEqual([
      [75, 75],
      [25, 25],
      [0, 2],
    ]);
    expect(section.tooFew).toContain(`at least ${COUNTRY_BREAKDOWN_MIN_ANSWERS} people`);
  });
});

describe('citySection', () => {
  it('is absent for a player without a city', () => {
    expect(citySection(choiceQuestion(), questionResults(), null)).toBeNull();
  });

  it('shows the city beside everyone once available, with averages for a numeric question', () => {
    const results = questionResults({
      type: 'numeric',
      totalAnswers: 100,
      numericStats: { average: 4, min: 0, max: 12, count: 100 },
      places: {
        byCountry: { total: 0, available: false, groups: [] },
        city: {
          city: 'Durban',
          country: 'South Africa',
          total: 12,
          available: true,
          group: { label: 'Durban', isOther: false, total: 12, optionCounts: {}, average: 5.5 },
        },
      },
    });
    const section = citySection(numericQuestion(), results, null)!;
    expect(section.title).toBe('In Durban');
    expect(section.rows.map((r) => [r.key, r.label, r.total, r.average, r.bars.length])).toEqual([
      ['city', 'In Durban', 12, '5.5 cups', 0],
      ['everyone', 'Everyone', 100, '4.0 cups', 0],
    ]);
  });

  it('says how many answers the city has so far while below its threshold', () => {
    const results = questionResults({
      places: {
        byCountry: { total: 0, available: false, groups: [] },
        city: { city: 'Paarl', country: 'South Africa', total: 1, available: false, group: null },
      },
    });
    const section = citySection(choiceQuestion(), results, null)!;
    expect(section.rows).toEqual([]);
    expect(section.tooFew).toBe(
      `Paarl shows once at least ${CITY_MIN_ANSWERS} people there have answered (1 answer so far).`,
    );
  });
});
