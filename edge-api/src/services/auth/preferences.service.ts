import type { Preferences, PreferencesInput } from '@daily-tea/shared/contracts/preferences';
import type { UserRow } from '../../app-env';
import { updateUser } from '../../db/queries/users.queries';
import type { Deps } from '../../env';
import { NotFoundError } from '../../errors';

export function preferencesOf(row: UserRow): Preferences {
  return {
    guessTheCrowd: row.guessTheCrowd,
    theme: row.theme,
    shareAnswersWithFriends: row.shareAnswersWithFriends,
  };
}

/** PUT /api/preferences: writes the keys given (one UPDATE), answers the whole object as stored. */
export async function updatePreferences(
  deps: Deps,
  user: UserRow,
  input: PreferencesInput,
): Promise<Preferences> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) return preferencesOf(user);
  const updated = await updateUser(deps.db, user.id, patch);
  if (!updated) throw new NotFoundError('User not found');
  return preferencesOf(updated);
}
