import { useQuery } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { api } from '../../lib/api';
import { USER_KEY } from '../../lib/query-client';

/** The current user; `null` when signed out (GET /api/user answers 401). */
export function useUser() {
  return useQuery<User | null>({ queryKey: USER_KEY, queryFn: () => api.currentUser() });
}

/** SPEC §2 guard step 3: no profile attributes at all. */
export function needsProfile(user: User): boolean {
  return user.gender === null && user.ageBracket === null && user.country === null && user.city === null;
}
