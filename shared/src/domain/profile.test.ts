import { describe, expect, it } from 'vitest';
import { initials, locationLine, missingProfileFields } from './profile';

describe('initials', () => {
  it('uses the first letters of the first two parts', () => {
    expect(initials('jane.doe')).toBe('JD');
    expect(initials('mary-ann_smith')).toBe('MA');
    expect(initials('tom_jones')).toBe('TJ');
  });

  it('uses the first two letters without separators', () => {
    expect(initials('thandi')).toBe('TH');
    expect(initials('x')).toBe('X');
    expect(initials('.bob')).toBe('BO');
  });

  it('shows GU for guests', () => {
    expect(initials('guest_ab12')).toBe('GU');
  });

  it('never returns an empty string', () => {
    expect(initials('')).toBe('?');
  });
});

describe('locationLine', () => {
  it('follows the three SPEC forms', () => {
    expect(locationLine('Cape Town', 'South Africa')).toBe('Cape Town, South Africa');
    expect(locationLine(null, 'South Africa')).toBe('South Africa');
    expect(locationLine('', 'South Africa')).toBe('South Africa');
    expect(locationLine(null, null)).toBe('Location not set');
    expect(locationLine('Paris', null)).toBe('Location not set');
  });
});

describe('missingProfileFields', () => {
  it('lists the empty required fields in the form order, ignoring country and city', () => {
    expect(missingProfileFields({ gender: '', ageBracket: null, raceBracket: undefined })).toEqual([
      'gender',
      'ageBracket',
      'raceBracket',
    ]);
    expect(missingProfileFields({ gender: 'female', ageBracket: '', raceBracket: 'black' })).toEqual([
      'ageBracket',
    ]);
    expect(
      missingProfileFields({ gender: 'male', ageBracket: '45+', raceBracket: 'prefer_not_to_say' }),
    ).toEqual([]);
  });
});
