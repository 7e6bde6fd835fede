import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@daily-tea/shared/ui/toaster';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** POST /api/select-topic: selects a topic, or unselects one with no answers yet (product.md#play-rules). */
export function useSelectTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => api.selectTopic(topicId),
    meta: { errorTitle: 'Selection failed' },
    onSuccess: async () => {
      toast({ title: 'Topic updated!', description: 'Your topic selection has been updated.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dailyTopics });
    },
  });
}
