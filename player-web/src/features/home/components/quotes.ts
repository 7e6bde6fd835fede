import { QUOTE_COUNT } from '@daily-tea/shared/domain/constants';

/** The nine fixed quotes of the home screen (product.md#screens); one is picked per visit. */
export const QUOTES: ReadonlyArray<{ text: string; author: string }> = [
  { text: 'The only true wisdom is in knowing you know nothing.', author: 'Socrates' },
  { text: 'Opinions are like tea: best when shared while they are hot.', author: 'Daily Tea' },
  { text: 'Curiosity is the wick in the candle of learning.', author: 'William Arthur Ward' },
  { text: 'We do not see things as they are, we see them as we are.', author: 'Anaïs Nin' },
  { text: 'The important thing is not to stop questioning.', author: 'Albert Einstein' },
  { text: 'Where all think alike, no one thinks very much.', author: 'Walter Lippmann' },
  { text: 'Judge a man by his questions rather than by his answers.', author: 'Voltaire' },
  { text: 'Consistency is what transforms average into excellence.', author: 'Anonymous' },
  { text: 'Every day is a chance to learn something about someone.', author: 'Daily Tea' },
];
if (QUOTES.length !== QUOTE_COUNT) throw new Error('The home screen has exactly nine quotes');

export function pickQuote(random: () => number = Math.random) {
  return QUOTES[Math.floor(random() * QUOTES.length)]!;
}
