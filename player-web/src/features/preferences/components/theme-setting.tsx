import { THEMES } from '@daily-tea/shared/contracts/preference-defaults';
import type { Preferences } from '@daily-tea/shared/contracts/preferences';

type Theme = Preferences['theme'];
import { usePreferences, useUpdatePreferences } from '../../../lib/preferences';

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ORDER: readonly Theme[] = ['light', 'dark', 'system'];

/**
 * The profile's colour scheme choice (preferences.theme, docs/decisions/0271-dark-mode.md): Light, Dark or System
 * (the default: the device's setting). Applied at once — lib/theme.ts follows the preference — and saved.
 */
export function ThemeSetting() {
  const { theme } = usePreferences();
  const update = useUpdatePreferences();
  return (
    <fieldset
      className="mt-6 rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-stone-200"
      data-testid="theme-setting"
    >
      <legend className="sr-only">Appearance</legend>
      <p aria-hidden="true" className="font-bold text-stone-900">
        Appearance
      </p>
      <p className="mt-0.5 text-sm text-stone-700">
        {theme === 'system' ? 'Follows your device: light by day, dark at night if it is set so.' : null}
        {theme === 'light' ? 'Always light.' : null}
        {theme === 'dark' ? 'Always dark, easy on the eyes at night.' : null}
      </p>
      <div className="mt-3 grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
        {ORDER.filter((t) => THEMES.includes(t)).map((t) => (
          <label
            key={t}
            className="has-[:focus-visible]:outline-brand-600 flex min-h-11 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold text-stone-700 has-[:checked]:bg-white has-[:checked]:text-stone-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2"
          >
            <input
              type="radio"
              name="theme"
              value={t}
              checked={theme === t}
              onChange={() => update.mutate({ theme: t })}
              className="sr-only"
            />
            {LABELS[t]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
