import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { api } from './api';
import { queryKeys, userQuery } from './queries';

/** The current user; `null` when signed out (GET /api/session answers `{ user: null }`, never a 401). */
export function useUser() {
  return useQuery(userQuery());
}

/** product.md#screens guard step 3: no profile attributes at all. */
export function needsProfile(user: User): boolean {
  return user.gender === null && user.ageBracket === null && user.country === null && user.city === null;
}

/** Sign-in, registration and guest sign-in set the current user to the returned user (product.md#flows). */
export function useSetUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(queryKeys.user, user);
}

/** Logout clears all cached data (product.md#flows); the user is then "none". */
export function useLogout(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.logout(),
    meta: { errorTitle: 'Logout failed' },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user, null);
      onDone();
    },
  });
}
