import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { api } from './api';
import { queryKeys, userQuery } from './queries';

/** The current user; `null` when signed out (GET /api/user answers 401). */
export function useUser() {
  return useQuery(userQuery());
}

/** SPEC §2 guard step 3: no profile attributes at all. */
export function needsProfile(user: User): boolean {
  return user.gender === null && user.ageBracket === null && user.country === null && user.city === null;
}

/** Sign-in, registration and guest sign-in set the current user to the returned user (SPEC §4). */
export function useSetUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(queryKeys.user, user);
}

/** Logout clears all cached data (SPEC §4); the user is then "none". */
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
