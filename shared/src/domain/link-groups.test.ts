import { describe, expect, it } from 'vitest';
import { hiddenGameDays } from './link-groups';

describe('hiddenGameDays', () => {
  it('hides every day up to today with an unanswered member, once each, in order', () => {
    expect(
      hiddenGameDays(
        [
          { date: '2026-11-25', answered: false },
          { date: '2026-11-20', answered: true },
          { date: '2026-11-18', answered: false },
          { date: '2026-11-25', answered: false },
        ],
        '2026-11-25',
      ),
    ).toEqual(['2026-11-18', '2026-11-25']);
  });

  it('keeps a day whose members are all answered, even when another member of it was answered too', () => {
    expect(
      hiddenGameDays(
        [
          { date: '2026-11-24', answered: true },
          { date: '2026-11-24', answered: true },
        ],
        '2026-11-25',
      ),
    ).toEqual([]);
  });

  it('hides a day with one answered and one unanswered member', () => {
    expect(
      hiddenGameDays(
        [
          { date: '2026-11-24', answered: true },
          { date: '2026-11-24', answered: false },
        ],
        '2026-11-25',
      ),
    ).toEqual(['2026-11-24']);
  });

  it('ignores members scheduled after today (no answers yet)', () => {
    expect(hiddenGameDays([{ date: '2026-11-26', answered: false }], '2026-11-25')).toEqual([]);
  });
});
