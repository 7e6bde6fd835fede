import { describe, expect, it } from 'vitest';
import { dayShareText } from './share-text';

describe('dayShareText', () => {
  it('draws a line of squares per topic with the guesses, the date, the streak and the site', () => {
    const text = dayShareText({
      date: '2026-11-25',
      streak: 5,
      topics: [
        {
          title: 'Morning Rituals',
          marks: [
            { kind: 'choice', withMajority: true, guessRight: null },
            { kind: 'choice', withMajority: false, guessRight: null },
            { kind: 'numeric', guessRight: null },
          ],
        },
        {
          title: 'Braai & Bites',
          marks: [
            { kind: 'choice', withMajority: true, guessRight: true },
            { kind: 'choice', withMajority: true, guessRight: false },
            { kind: 'choice', withMajority: true, guessRight: true },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        'Daily Tea · 25 Nov 2026',
        '🟩🟨🟦 Morning Rituals',
        '🟩🟩🟩 Braai & Bites · 🎯 2/3',
        '🔥 5-day streak',
        'dailytea.app',
      ].join('\n'),
    );
  });

  it('counts a numeric guess (higher or lower) with the others', () => {
    const text = dayShareText({
      date: '2026-11-25',
      streak: 1,
      topics: [
        {
          title: 'Sleep',
          marks: [
            { kind: 'choice', withMajority: true, guessRight: false },
            { kind: 'numeric', guessRight: true },
          ],
        },
      ],
    });
    expect(text.split('\n')[1]).toBe('🟩🟦 Sleep · 🎯 1/2');
  });

  it('says nothing of questions or answers, cuts long titles and leaves out a streak of 0', () => {
    const text = dayShareText({
      date: '2026-01-02',
      streak: 0,
      topics: [
        {
          title: 'A very long topic title that goes on and on',
          marks: [{ kind: 'numeric', guessRight: null }],
        },
      ],
    });
    expect(text).toBe(
      ['Daily Tea · 2 Jan 2026', '🟦 A very long topic title tha…', 'dailytea.app'].join('\n'),
    );
  });
});
