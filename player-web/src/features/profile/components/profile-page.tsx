import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { User } from '@daily-tea/shared/contracts/auth';
import {
  AGE_BRACKETS,
  AGE_LABELS,
  GENDERS,
  GENDER_LABELS,
  RACE_BRACKETS,
  RACE_LABELS,
  PROFILE_FIELD_REQUIRED_MESSAGES,
  PROFILE_REQUIRED_TOAST,
  missingProfileFields,
  type AgeBracket,
  type Gender,
  type RaceBracket,
} from '@daily-tea/shared/domain/profile';
import { toast } from '@daily-tea/shared/ui/toaster';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { needsProfile, useLogout, useUser } from '../../../lib/auth';
import { queryKeys } from '../../../lib/queries';
import { COUNTRIES, citiesOf } from '@daily-tea/shared/domain/countries';
import {
  PROVINCE_ANSWERS,
  PROVINCE_LABELS,
  WEIGHTING_COUNTRY,
  provinceOfCity,
  type ProvinceAnswer,
} from '@daily-tea/shared/domain/provinces';

export const OTHER_CITY = 'Other';

/** Where an existing city goes in the form: its entry in the list, or "Other" with the text filled in. */
export function initialCity(user: User): { city: string; customCity: string } {
  if (!user.city) return { city: '', customCity: '' };
  const known = user.country ? citiesOf(user.country) : [];
  return known.includes(user.city)
    ? { city: user.city, customCity: '' }
    : { city: OTHER_CITY, customCity: user.city };
}

const selectClass =
  'w-full appearance-none rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600';

function ProfileForm({ user, extra }: { user: User; extra?: ReactNode }) {
  const navigate = useNavigate();
  const leave = useLogout(() => void navigate('/auth', { replace: true }));
  const queryClient = useQueryClient();
  const id = useId();
  const isExisting = user.country !== null || user.gender !== null;
  const [gender, setGender] = useState<Gender | ''>(user.gender ?? '');
  const [ageBracket, setAgeBracket] = useState<AgeBracket | ''>(user.ageBracket ?? '');
  const [raceBracket, setRaceBracket] = useState<RaceBracket | ''>(user.raceBracket ?? '');
  const [country, setCountry] = useState(user.country ?? '');
  const initial = useMemo(() => initialCity(user), [user]);
  const [city, setCity] = useState(initial.city);
  const [customCity, setCustomCity] = useState(initial.customCity);
  const [province, setProvince] = useState<ProvinceAnswer | ''>(user.province ?? '');
  const inWeightingCountry = country === WEIGHTING_COUNTRY;
  const cities = country ? citiesOf(country) : [];
  // After a submit with required fields empty, each empty one says so beside itself until it is filled.
  const [attempted, setAttempted] = useState(false);
  const missing = attempted ? missingProfileFields({ gender, ageBracket, raceBracket }) : [];
  const genderRef = useRef<HTMLSelectElement>(null);
  const ageRef = useRef<HTMLButtonElement>(null);
  const raceRef = useRef<HTMLSelectElement>(null);
  const errorId = (field: string) => `${id}-${field}-error`;
  const fieldError = (field: (typeof missing)[number]) =>
    missing.includes(field) ? (
      <p id={errorId(field)} className="text-sm font-medium text-red-700" data-field-error={field}>
        {PROFILE_FIELD_REQUIRED_MESSAGES[field]}
      </p>
    ) : null;

  const save = useMutation({
    mutationFn: () =>
      api.updateProfile({
        gender: gender || null,
        ageBracket: ageBracket || null,
        raceBracket: raceBracket || null,
        country: country || null,
        city: city === OTHER_CITY ? customCity.trim() || null : city || null,
        // Empty: the server takes the city's province where the list knows it (docs/decisions/0297).
        province: inWeightingCountry ? province || null : null,
      }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.user, updated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      toast({
        title: 'Profile updated!',
        description: 'Your profile has been set up successfully.',
        variant: 'success',
      });
      void navigate(paths.home, { replace: true });
    },
    meta: { errorTitle: 'Update failed' },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const empty = missingProfileFields({ gender, ageBracket, raceBracket });
    if (empty.length > 0) {
      setAttempted(true);
      // The first empty field takes focus (and scrolls into view); the spec's toast says it too.
      ({ gender: genderRef, ageBracket: ageRef, raceBracket: raceRef })[empty[0]!].current?.focus();
      toast({ ...PROFILE_REQUIRED_TOAST, variant: 'destructive' });
      return;
    }
    save.mutate();
  }

  return (
    <div className="from-brand-50 min-h-dvh bg-gradient-to-b to-stone-50">
      <header className="border-b border-stone-200 bg-white/90 backdrop-blur" data-profile-bar="">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <button
            type="button"
            // A first-time setup has nowhere else to go (home needs a profile): Back leaves for the sign-in screen.
            onClick={() => (needsProfile(user) ? leave.mutate() : navigate('/'))}
            aria-label={needsProfile(user) ? 'Back to sign-in' : undefined}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
          >
            <span aria-hidden="true">←</span> Back
          </button>
          <p className="flex-1 text-center font-bold text-stone-900">
            {isExisting ? 'Edit Profile' : 'Setup Profile'}
          </p>
          <span className="w-16" aria-hidden="true" />
        </div>
        <div
          className="bg-brand-600 h-1"
          role="progressbar"
          aria-label="Profile progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={100}
        />
      </header>

      <main className="mx-auto max-w-xl px-4 pt-8 pb-28 sm:pb-8">
        <form
          onSubmit={submit}
          noValidate
          // On a phone Save is in the bar below: the card ends with its last field's margin, no padding under it.
          className="space-y-6 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm max-sm:pb-0 sm:p-8"
        >
          <div>
            <h1 className="text-2xl font-black text-stone-900">
              {isExisting ? 'Update Your Info' : 'About You'}
            </h1>
            <p className="mt-1 text-sm text-stone-600">
              Used only for the community breakdowns. Country and city are optional.
            </p>
          </div>

          <div className="space-y-1.5">
            <label htmlFor={`${id}-gender`} className="block text-sm font-medium text-stone-800">
              Gender
            </label>
            <select
              id={`${id}-gender`}
              ref={genderRef}
              value={gender}
              onChange={(e) => setGender(e.target.value as Gender | '')}
              aria-invalid={missing.includes('gender') || undefined}
              aria-describedby={missing.includes('gender') ? errorId('gender') : undefined}
              className={selectClass}
            >
              <option value="">Select your gender</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </select>
            {fieldError('gender')}
          </div>

          <fieldset
            className="space-y-2"
            aria-describedby={missing.includes('ageBracket') ? errorId('ageBracket') : undefined}
          >
            <legend className="text-sm font-medium text-stone-800">Age Bracket</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {AGE_BRACKETS.map((a, i) => (
                <button
                  key={a}
                  ref={i === 0 ? ageRef : undefined}
                  type="button"
                  aria-pressed={ageBracket === a}
                  onClick={() => setAgeBracket(a)}
                  className={`rounded-xl border-2 px-3 py-2.5 text-sm font-semibold transition ${
                    ageBracket === a
                      ? 'border-brand-600 bg-brand-50 text-brand-900'
                      : missing.includes('ageBracket')
                        ? 'border-red-300 text-stone-700 hover:border-red-400'
                        : 'hover:border-brand-300 border-stone-200 text-stone-700'
                  } ${a === 'prefer_not_to_say' ? 'col-span-2 sm:col-span-1' : ''}`}
                >
                  {AGE_LABELS[a]}
                </button>
              ))}
            </div>
            {fieldError('ageBracket')}
          </fieldset>

          <div className="space-y-1.5">
            <label htmlFor={`${id}-race`} className="block text-sm font-medium text-stone-800">
              Race/Ethnicity
            </label>
            <select
              id={`${id}-race`}
              ref={raceRef}
              value={raceBracket}
              onChange={(e) => setRaceBracket(e.target.value as RaceBracket | '')}
              aria-invalid={missing.includes('raceBracket') || undefined}
              aria-describedby={missing.includes('raceBracket') ? errorId('raceBracket') : undefined}
              className={selectClass}
            >
              <option value="">Select your race/ethnicity</option>
              {RACE_BRACKETS.map((r) => (
                <option key={r} value={r}>
                  {RACE_LABELS[r]}
                </option>
              ))}
            </select>
            {fieldError('raceBracket')}
          </div>

          <div className="space-y-1.5">
            <label htmlFor={`${id}-country`} className="block text-sm font-medium text-stone-800">
              Country
            </label>
            <select
              id={`${id}-country`}
              value={country}
              onChange={(e) => {
                setCountry(e.target.value);
                setCity('');
                setCustomCity('');
              }}
              className={selectClass}
            >
              <option value="">Select your country</option>
              {COUNTRIES.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>

          {country && (
            <div className="space-y-1.5">
              <label htmlFor={`${id}-city`} className="block text-sm font-medium text-stone-800">
                City
              </label>
              <select
                id={`${id}-city`}
                value={city}
                onChange={(e) => {
                  setCity(e.target.value);
                  // A city the list places fills an empty province (the player can still change it).
                  const known = provinceOfCity(country, e.target.value);
                  if (known && province === '') setProvince(known);
                }}
                className={selectClass}
              >
                <option value="">Select your city</option>
                {cities.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
                <option value={OTHER_CITY}>Other</option>
              </select>
              {city === OTHER_CITY && (
                <input
                  aria-label="City name"
                  value={customCity}
                  onChange={(e) => setCustomCity(e.target.value)}
                  placeholder="Enter your city name"
                  maxLength={100}
                  className="focus:border-brand-600 focus:outline-brand-600 mt-2 w-full rounded-xl border border-stone-300 px-4 py-3 text-base text-stone-900 focus:outline-2"
                />
              )}
            </div>
          )}

          {inWeightingCountry && (
            <div className="space-y-1.5">
              <label htmlFor={`${id}-province`} className="block text-sm font-medium text-stone-800">
                Province <span className="font-normal text-stone-600">(optional)</span>
              </label>
              <select
                id={`${id}-province`}
                value={province}
                onChange={(e) => setProvince(e.target.value as ProvinceAnswer | '')}
                aria-describedby={`${id}-province-hint`}
                className={selectClass}
              >
                <option value="">Select your province</option>
                {PROVINCE_ANSWERS.map((p) => (
                  <option key={p} value={p}>
                    {PROVINCE_LABELS[p]}
                  </option>
                ))}
              </select>
              <p id={`${id}-province-hint`} className="text-sm text-stone-600">
                Helps weight results to all of South Africa; never shown to anyone.
              </p>
            </div>
          )}

          {/* On a phone Save sits in a bar fixed at the bottom, always in reach, and toasts show just above it
              (docs/decisions/0249-one-toast-place.md); wider, at the form's end. */}
          <div
            data-save-bar=""
            className="max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-20 max-sm:border-t max-sm:border-stone-200 max-sm:bg-white/95 max-sm:px-4 max-sm:pt-3 max-sm:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-sm:backdrop-blur"
          >
            <button
              type="submit"
              disabled={save.isPending}
              className="bg-brand-600 hover:bg-brand-700 mx-auto block w-full max-w-xl rounded-xl px-4 py-3.5 text-base font-bold text-white shadow-sm disabled:opacity-70"
            >
              {save.isPending ? 'Saving...' : isExisting ? 'Save' : "All Set! Let's Go"}
            </button>
          </div>
        </form>
        {extra}
      </main>
    </div>
  );
}

/** `extra` renders under the form (the route composes other features' settings there). */
export function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { data: user } = useUser();
  if (!user) return null;
  return <ProfileForm user={user} extra={extra} />;
}
