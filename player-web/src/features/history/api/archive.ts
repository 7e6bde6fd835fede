import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@daily-tea/shared/ui/toaster';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** GET /api/archive, a page at a time (newest first; each page continues at the previous one's `nextBefore`). */
export function useArchive() {
  return useInfiniteQuery({
    queryKey: queryKeys.archive,
    queryFn: ({ pageParam }) => api.archive(pageParam ? { before: pageParam } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
}

/** POST /api/archive/{date}/select-topic: picks (or unpicks) a topic of a past day, 3 per day as today. */
export function useArchiveSelectTopic(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => api.archiveSelectTopic(date, topicId),
    meta: { errorTitle: 'Selection failed' },
    onSuccess: async () => {
      toast({ title: 'Topic updated!', description: 'Your topic selection has been updated.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.archiveDay(date) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.archive }),
      ]);
    },
  });
}
