import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@daily-tea/shared/ui/toaster';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** Friends, invites, the leaderboard and results (friends' answers) all move with a friendship. */
function useInvalidateFriends() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
      queryClient.invalidateQueries({ queryKey: queryKeys.friendsLeaderboard }),
      queryClient.invalidateQueries({ queryKey: ['/api/questions'] }),
    ]);
}

/** POST /api/friends/invites: a new link and code. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.friends.createInvite(),
    meta: { errorTitle: 'Could not create an invite' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.friendInvites }),
  });
}

/** DELETE /api/friends/invites/:code: nobody can use it from now on. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.friends.revokeInvite(code),
    meta: { errorTitle: 'Could not withdraw the invite' },
    onSuccess: async () => {
      toast({ title: 'Invite withdrawn', description: 'Nobody can use that code any more.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.friendInvites });
    },
  });
}

/**
 * POST /api/friends: accepts a code. The screen shows a refused code beside its field (no toast): the message
 * says what to do (ask for a new invite, check the code).
 */
export function useAcceptInvite() {
  const invalidate = useInvalidateFriends();
  return useMutation({
    mutationFn: (code: string) => api.friends.accept(code),
    onSuccess: () => invalidate(),
  });
}

/** DELETE /api/friends/:id: ends the friendship on both sides. */
export function useRemoveFriend() {
  const invalidate = useInvalidateFriends();
  return useMutation({
    mutationFn: (friend: { id: string; username: string }) => api.friends.remove(friend.id),
    meta: { errorTitle: 'Could not remove the friend' },
    onSuccess: async (_data, friend) => {
      toast({ title: 'Friend removed', description: `You and ${friend.username} are no longer friends.` });
      await invalidate();
    },
  });
}
