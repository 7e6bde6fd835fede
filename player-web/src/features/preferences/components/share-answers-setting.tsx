import { useUser } from '../../../lib/auth';
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { SwitchRow } from './switch-row';

/**
 * The profile's switch for showing one's answers to friends on results (product.md#accounts: on by default).
 * Guests have no friends, so they are not asked.
 */
export function ShareAnswersSetting() {
  const { data: user } = useUser();
  const { shareAnswersWithFriends } = usePreferences();
  const update = useUpdatePreferences();
  if (!user || user.isGuest) return null;
  return (
    <section
      aria-label="Friends settings"
      className="mt-6 rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-stone-200"
    >
      <SwitchRow
        label="Show my answers to friends"
        testId="share-answers-setting"
        checked={shareAnswersWithFriends}
        onChange={(next) => update.mutate({ shareAnswersWithFriends: next })}
        note={
          shareAnswersWithFriends
            ? 'On: friends who answered a question see what you picked on its results.'
            : 'Off: friends see you on the Friends screen, never your answers.'
        }
      />
    </section>
  );
}
