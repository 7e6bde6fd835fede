import { describe, expect, it } from 'vitest';
import { formatWithUnit, unitFor } from './units';

describe('formatWithUnit', () => {
  it('singularises a simple plural after exactly 1 and -1', () => {
    expect(formatWithUnit(1, 'cups')).toBe('1 cup');
    expect(formatWithUnit(-1, 'hours')).toBe('-1 hour');
    expect(formatWithUnit(1, 'times')).toBe('1 time');
    expect(formatWithUnit(1, 'glasses')).toBe('1 glass');
    expect(formatWithUnit(1, 'stories')).toBe('1 story');
  });

  it('keeps the plural for every other number, decimals included', () => {
    expect(formatWithUnit(0, 'cups')).toBe('0 cups');
    expect(formatWithUnit(2, 'cups')).toBe('2 cups');
    expect(formatWithUnit(0.5, 'cups')).toBe('0.5 cups');
    expect(formatWithUnit(1.5, 'hours')).toBe('1.5 hours');
    expect(formatWithUnit(11, 'times')).toBe('11 times');
    expect(formatWithUnit(-2, 'hours')).toBe('-2 hours');
  });

  it('decides on the number as printed: "1.0" stays plural, a value printed as "1" is singular', () => {
    const oneDecimal = (v: number) => v.toFixed(1);
    expect(formatWithUnit(1, 'cups', oneDecimal)).toBe('1.0 cups');
    expect(formatWithUnit(0.96, 'cups', oneDecimal)).toBe('1.0 cups');
    expect(formatWithUnit(1.004, 'cups', (v) => String(Math.round(v * 100) / 100))).toBe('1 cup');
    expect(formatWithUnit(1000, 'cups', () => '1,000')).toBe('1,000 cups');
  });

  it('prints the number alone when there is no unit', () => {
    expect(formatWithUnit(1, null)).toBe('1');
    expect(formatWithUnit(7, undefined)).toBe('7');
    expect(formatWithUnit(1, '   ')).toBe('1');
  });

  it('writes a percent sign against the number', () => {
    expect(formatWithUnit(36, '%')).toBe('36%');
    expect(formatWithUnit(1, ' % ')).toBe('1%');
    expect(formatWithUnit(12.5, '%', (v) => v.toFixed(1))).toBe('12.5%');
    expect(formatWithUnit(3, '% of income')).toBe('3 % of income');
  });

  it('trims the unit as operators typed it', () => {
    expect(formatWithUnit(1, '  cups ')).toBe('1 cup');
    expect(formatWithUnit(3, ' cups ')).toBe('3 cups');
  });
});

describe('unitFor', () => {
  it('leaves symbols, abbreviations and singular words unchanged', () => {
    for (const unit of [
      '%',
      'km',
      'kg',
      '°C',
      'min',
      'ms',
      'R',
      '$',
      'km/h',
      'm²',
      'percent',
      'cup',
      'hour',
    ]) {
      expect(unitFor('1', unit)).toBe(unit);
    }
  });

  it('leaves words that end in s but are not plurals unchanged', () => {
    for (const unit of [
      'glass',
      'bus',
      'Celsius',
      'fitness',
      'basis',
      'series',
      'species',
      'news',
      'jeans',
      'tennis',
    ]) {
      expect(unitFor('1', unit)).toBe(unit);
    }
  });

  it('singularises plural abbreviations', () => {
    expect(unitFor('1', 'mins')).toBe('min');
    expect(unitFor('1', 'secs')).toBe('sec');
    expect(unitFor('1', 'hrs')).toBe('hr');
    expect(unitFor('1', 'lbs')).toBe('lb');
    expect(unitFor('1', 'kgs')).toBe('kg');
  });

  it('follows the English suffix rules', () => {
    const cases: Record<string, string> = {
      minutes: 'minute',
      litres: 'litre',
      days: 'day',
      boxes: 'box',
      dishes: 'dish',
      matches: 'match',
      inches: 'inch',
      beaches: 'beach',
      headaches: 'headache',
      caches: 'cache',
      aches: 'ache',
      horses: 'horse',
      sizes: 'size',
      buzzes: 'buzz',
      cities: 'city',
      calories: 'calorie',
      cookies: 'cookie',
      movies: 'movie',
      gloves: 'glove',
      shoes: 'shoe',
      teas: 'tea',
      photos: 'photo',
      emojis: 'emoji',
      people: 'person',
      children: 'child',
      potatoes: 'potato',
      knives: 'knife',
      buses: 'bus',
    };
    for (const [plural, singular] of Object.entries(cases)) expect(unitFor('1', plural)).toBe(singular);
  });

  it('keeps the case the operator wrote', () => {
    expect(unitFor('1', 'Cups')).toBe('Cup');
    expect(unitFor('1', 'HOURS')).toBe('HOUR');
    expect(unitFor('1', 'STORIES')).toBe('STORY');
    expect(unitFor('1', 'People')).toBe('Person');
  });

  it('singularises the head noun of a phrase: the last plural word before a connector', () => {
    expect(unitFor('1', 'cups of tea')).toBe('cup of tea');
    expect(unitFor('1', 'hours per day')).toBe('hour per day');
    expect(unitFor('1', 'hours/day')).toBe('hour/day');
    expect(unitFor('1', 'cups / day')).toBe('cup / day');
    expect(unitFor('1', 'times a week')).toBe('time a week');
    expect(unitFor('1', 'glasses of water')).toBe('glass of water');
    expect(unitFor('1', 'hours spent outdoors')).toBe('hour spent outdoors');
    expect(unitFor('1', 'sports matches')).toBe('sports match');
    expect(unitFor('1', 'new books')).toBe('new book');
    expect(unitFor('1', 'degrees Celsius')).toBe('degree Celsius');
    expect(unitFor('1', 'pages read')).toBe('page read');
    expect(unitFor('1', 'km per day')).toBe('km per day');
  });

  it('changes nothing unless the printed number is exactly 1 or -1', () => {
    for (const printed of ['0', '2', '1.0', '1.5', '-1.0', '10', '11', '21', '0.1']) {
      expect(unitFor(printed, 'cups')).toBe('cups');
    }
    expect(unitFor('-1', 'cups')).toBe('cup');
    expect(unitFor('−1', 'cups')).toBe('cup');
  });
});
