import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from './constants';

describe('constants', () => {
  it('username pattern admits letters, digits, _ . - only', () => {
    expect(USERNAME_PATTERN.test('jane.doe-1_x')).toBe(true);
    expect(USERNAME_PATTERN.test('jane doe')).toBe(false);
    expect(USERNAME_PATTERN.test('jané')).toBe(false);
  });
});
