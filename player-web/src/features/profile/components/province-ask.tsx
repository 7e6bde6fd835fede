import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import {
  PROVINCES,
  PROVINCE_LABELS,
  WEIGHTING_COUNTRY,
  type ProvinceAnswer,
} from '@daily-tea/shared/domain/provinces';
import { api } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { queryKeys } from '../../../lib/queries';

const key = (userId: string) => `daily-tea:province-ask:${userId}`;

function askedBefore(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) !== null;
  } catch {
    return true; // no storage: never ask on every visit
  }
}

function markAsked(userId: string) {
  try {
    localStorage.setItem(key(userId), new Date().toISOString());
  } catch {
    // nothing to remember it in
  }
}

/** Whether a player is someone the question is for: in South Africa, with no province (nor a declined one) yet. */
export function wantsProvince(user: User): boolean {
  return user.country === WEIGHTING_COUNTRY && user.province === null;
}

/** The profile as PUT /api/profile takes it, with the province answered. */
function profileWith(user: User, province: ProvinceAnswer) {
  return {
    gender: user.gender,
    ageBracket: user.ageBracket,
    raceBracket: user.raceBracket,
    country: user.country,
    city: user.city,
    province,
  };
}

/**
 * The province, asked kindly (docs/decisions/0297-province-asked-once.md): one optional question under a South
 * African player's results, on the first results screen they open without one (a city the list knows has already
 * filled it). Asked once: shown for that visit whatever they do, never again in this browser; "Rather not say"
 * stores the refusal (`prefer_not_to_say`), so no device asks again. The profile has the field too.
 */
export function ProvinceAsk() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const id = useId();
  const userId = user?.id ?? '';
  // Decided once per mount, so it stays while read and renders with the screen (no shift).
  // Marked once shown (an effect runs after the commit): a render React throws away — the screen suspending while
  // its data is already there — must not spend the one ask.
  const [show] = useState(() => !!user && wantsProvince(user) && !askedBefore(userId));
  useEffect(() => {
    if (show) markAsked(userId);
  }, [show, userId]);
  const [province, setProvince] = useState<ProvinceAnswer | ''>('');
  const [missing, setMissing] = useState(false);
  const save = useMutation({
    mutationFn: (answer: ProvinceAnswer) => api.updateProfile(profileWith(user!, answer)),
    meta: { errorTitle: 'Update failed' },
    onSuccess: (updated) => queryClient.setQueryData(queryKeys.user, updated),
  });
  if (!show || !user) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (province === '') {
      setMissing(true);
      return;
    }
    save.mutate(province);
  }

  const done = save.isSuccess ? save.variables : null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="ring-brand-100 rounded-3xl bg-white px-4 py-4 shadow-sm ring-1 sm:px-6 sm:py-5"
      data-testid="province-ask"
    >
      <p className="text-brand-700 text-xs font-bold tracking-wider uppercase">One more thing · optional</p>
      <h2 id={`${id}-title`} className="mt-0.5 text-lg font-bold text-stone-900">
        Which province do you live in?
      </h2>
      {done ? (
        <p role="status" className="mt-1 text-sm text-stone-700">
          {done === 'prefer_not_to_say'
            ? 'No problem, we won’t ask again. You can add it in your profile any time.'
            : `Thanks! ${PROVINCE_LABELS[done]} is saved to your profile and helps weight results to all of South Africa.`}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">
            It helps us weight results to all of South Africa. Only used for the numbers, never shown to
            anyone.
          </p>
          <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-start gap-2">
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor={`${id}-province`} className="sr-only">
                Province
              </label>
              <select
                id={`${id}-province`}
                value={province}
                onChange={(e) => {
                  setProvince(e.target.value as ProvinceAnswer | '');
                  setMissing(false);
                }}
                disabled={save.isPending}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${id}-error` : undefined}
                className="focus:border-brand-600 focus:outline-brand-600 min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 focus:outline-2 aria-[invalid=true]:border-red-600"
              >
                <option value="">Choose your province</option>
                {PROVINCES.map((p) => (
                  <option key={p} value={p}>
                    {PROVINCE_LABELS[p]}
                  </option>
                ))}
              </select>
              {missing ? (
                <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                  Choose a province, or tap “Rather not say”.
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={save.isPending}
              className="bg-brand-600 hover:bg-brand-700 min-h-11 rounded-full px-5 text-sm font-bold text-white disabled:opacity-70"
            >
              {save.isPending && save.variables !== 'prefer_not_to_say' ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              disabled={save.isPending}
              onClick={() => save.mutate('prefer_not_to_say')}
              className="min-h-11 rounded-full px-4 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-70"
            >
              Rather not say
            </button>
          </form>
        </>
      )}
    </section>
  );
}
