import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';
import { SwitchRow } from './switch-row';

/** The profile's switch for guess the crowd (product.md#accounts: off by default; the spec's flow without it). */
export function GuessTheCrowdSetting() {
  const { guessTheCrowd } = usePreferences();
  const update = useUpdatePreferences();
  return (
    <section
      aria-label="Game settings"
      className="mt-6 rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-stone-200"
    >
      <SwitchRow
        label="Guess the crowd"
        testId="guess-setting"
        checked={guessTheCrowd}
        onChange={(next) => update.mutate({ guessTheCrowd: next })}
        note={
          guessTheCrowd
            ? 'On: after each answer, guess which answer most players picked. Your results say if you read the crowd.'
            : 'Off: questions move on by themselves. Turn it on to guess the most-picked answer after each one.'
        }
      />
    </section>
  );
}
