import { useMutation } from '@tanstack/react-query';
import type { GuessInput } from '@daily-tea/shared/contracts/crowd';
import { api } from '../../../lib/api';

/**
 * POST /api/guesses (guess the crowd). Sent without holding the question flow: the next question never waits
 * for it. A failure is toasted once by the MutationCache ("Guess not saved").
 */
export function useSubmitGuess() {
  return useMutation({
    mutationFn: (input: GuessInput) => api.submitGuess(input),
    meta: { errorTitle: 'Guess not saved' },
  });
}
