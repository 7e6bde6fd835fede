import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { DEFAULT_PREFERENCES } from '@daily-tea/shared/contracts/preference-defaults';
import type { Preferences, PreferencesInput } from '@daily-tea/shared/contracts/preferences';
import { api } from './api';
import { useUser } from './auth';
import { queryKeys } from './queries';

/** The signed-in player's preferences (product.md#accounts), or the defaults while nobody is signed in. */
export function usePreferences(): Preferences {
  return useUser().data?.preferences ?? DEFAULT_PREFERENCES;
}

/**
 * PUT /api/preferences, shown at once: the cached user carries the change while the request runs and takes the
 * server's answer, or goes back (with the "Preference not saved" toast) if it fails.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const write = (update: (p: Preferences) => Preferences) =>
    queryClient.setQueryData<User | null>(queryKeys.user, (user) =>
      user ? { ...user, preferences: update(user.preferences) } : user,
    );
  return useMutation({
    mutationFn: (input: PreferencesInput) => api.updatePreferences(input),
    meta: { errorTitle: 'Preference not saved' },
    onMutate: (input) => {
      const before = queryClient.getQueryData<User | null>(queryKeys.user)?.preferences;
      write((p) => ({ ...p, ...input }));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) write(() => context.before!);
    },
    onSuccess: (preferences) => write(() => preferences),
  });
}
