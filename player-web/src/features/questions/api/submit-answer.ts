import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '@daily-tea/shared/api-client/api-error';
import type { SubmitAnswerInput } from '@daily-tea/shared/contracts/daily';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** product.md#errors: an answer already recorded (code `already_answered`) moves on instead of failing. */
export const isAlreadyAnswered = (error: Error) => hasErrorCode(error, 'already_answered');

/** POST /api/answers; after a success the current user (streak) and badges are refreshed (product.md#flows). */
export function useSubmitAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAnswerInput) => api.submitAnswer(input),
    meta: { errorTitle: 'Submission failed', isExpectedError: isAlreadyAnswered },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
    },
  });
}
