import { describe, expect, it } from 'vitest';
import { numericRangeMessage, rangeHint, validateNumericInput } from './numeric';

const q = (minValue: number | null, maxValue: number | null, numericUnit: string | null = 'hours') => ({
  minValue,
  maxValue,
  numericUnit,
});

describe('validateNumericInput', () => {
  it('ignores empty input', () => {
    expect(validateNumericInput('', q(0, 10))).toEqual({ kind: 'empty' });
    expect(validateNumericInput('   ', q(0, 10))).toEqual({ kind: 'empty' });
  });

  it('rejects text that is not a number', () => {
    const invalid = { kind: 'invalid', title: 'Invalid number', message: 'Please enter a valid number' };
    for (const raw of ['abc', '1,5', '12abc', '0x10', 'Infinity', '-', '.', '1e']) {
      expect(validateNumericInput(raw, q(null, null))).toEqual(invalid);
    }
  });

  it('accepts decimals, negatives and surrounding spaces', () => {
    expect(validateNumericInput(' 7 ', q(0, 10))).toEqual({ kind: 'ok', value: 7 });
    expect(validateNumericInput('2.5', q(0, 10))).toEqual({ kind: 'ok', value: 2.5 });
    expect(validateNumericInput('-3', q(null, null))).toEqual({ kind: 'ok', value: -3 });
    expect(validateNumericInput('.5', q(null, null))).toEqual({ kind: 'ok', value: 0.5 });
  });

  it('accepts the bounds themselves', () => {
    expect(validateNumericInput('0', q(0, 10))).toEqual({ kind: 'ok', value: 0 });
    expect(validateNumericInput('10', q(0, 10))).toEqual({ kind: 'ok', value: 10 });
  });

  it('reports too small and too large with the unit', () => {
    expect(validateNumericInput('-1', q(0, 10))).toEqual({
      kind: 'too_small',
      title: 'Number too small',
      message: 'Please enter a value of at least 0 hours',
    });
    expect(validateNumericInput('11', q(0, 10))).toEqual({
      kind: 'too_large',
      title: 'Number too large',
      message: 'Please enter a value of at most 10 hours',
    });
  });

  it('drops the trailing space when there is no unit', () => {
    expect(validateNumericInput('0', q(1, null, null))).toMatchObject({
      message: 'Please enter a value of at least 1',
    });
    expect(validateNumericInput('9', q(null, 5, ''))).toMatchObject({
      message: 'Please enter a value of at most 5',
    });
  });
});

describe('numericRangeMessage', () => {
  it('gives the same texts server-side or null within range', () => {
    expect(numericRangeMessage(5, q(0, 10))).toBeNull();
    expect(numericRangeMessage(5, q(null, null))).toBeNull();
    expect(numericRangeMessage(-2, q(0, 10, 'kg'))).toBe('Please enter a value of at least 0 kg');
    expect(numericRangeMessage(200, q(0, 150, 'kg'))).toBe('Please enter a value of at most 150 kg');
  });

  it('puts the unit in the singular beside a bound of 1 (ADR 0125)', () => {
    expect(numericRangeMessage(0, q(1, 10, 'cups'))).toBe('Please enter a value of at least 1 cup');
    expect(numericRangeMessage(2, q(0, 1, 'cups'))).toBe('Please enter a value of at most 1 cup');
    expect(validateNumericInput('-5', q(-1, 1, 'hours'))).toMatchObject({
      message: 'Please enter a value of at least -1 hour',
    });
  });
});

describe('rangeHint', () => {
  it('describes whichever bounds exist', () => {
    expect(rangeHint(q(0, 24))).toBe('Range: 0 - 24 hours');
    expect(rangeHint(q(1, null))).toBe('Minimum: 1 hour');
    expect(rangeHint(q(2, null))).toBe('Minimum: 2 hours');
    expect(rangeHint(q(null, 1, 'cups'))).toBe('Maximum: 1 cup');
    expect(rangeHint(q(0, 1, 'cups'))).toBe('Range: 0 - 1 cup');
    expect(rangeHint(q(1, 3, 'cups'))).toBe('Range: 1 - 3 cups');
    expect(rangeHint(q(null, 100, null))).toBe('Maximum: 100');
    expect(rangeHint(q(0, 5, null))).toBe('Range: 0 - 5');
    expect(rangeHint(q(500, 3000, 'ZAR'))).toBe('Range: 500 - 3,000 ZAR');
    expect(rangeHint(q(null, null))).toBeNull();
  });
});
