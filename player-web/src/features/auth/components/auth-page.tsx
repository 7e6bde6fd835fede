import { useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { User } from '@daily-tea/shared/contracts/auth';
import { TAGLINE_ROTATION_MS } from '@daily-tea/shared/domain/constants';
import { BRAND } from '@daily-tea/shared/brand';
import { BRAND_ICON_COLORS } from '@daily-tea/shared/brand-mark';
import { TeaCup } from '@daily-tea/shared/ui/tea-cup';
import { CredentialsForm } from '../../../components/credentials-form';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useSetUser } from '../../../lib/auth';

export const TAGLINES = [
  'Spill the tea on today’s hottest topics.',
  'Three topics. A few questions. The whole community’s answers.',
  'See where you stand — by age, gender and more.',
  'Come back every day. Keep your streak brewing.',
];

const SELLING_POINTS = [
  {
    title: 'See the results',
    text: 'Unlock what everyone else answered, with breakdowns by gender, age and race/ethnicity.',
    icon: '📊',
  },
  { title: 'Build your streak', text: 'Come back daily to grow your streak and earn badges.', icon: '🔥' },
  {
    title: 'Share your thoughts',
    text: 'Turn your results into social cards and share them with friends.',
    icon: '💬',
  },
];

function useSignedIn() {
  const setUser = useSetUser();
  const navigate = useNavigate();
  return (user: User) => {
    setUser(user);
    void navigate(paths.home, { replace: true });
  };
}

function RotatingTagline() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % TAGLINES.length), TAGLINE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p
      className="min-h-14 text-lg text-stone-600 transition-opacity"
      aria-live="polite"
      data-testid="tagline"
    >
      {TAGLINES[index]}
    </p>
  );
}

export function AuthPage() {
  const onSignedIn = useSignedIn();
  const guest = useMutation({
    mutationFn: () => api.guestLogin(),
    meta: { errorTitle: 'Guest login failed' },
    onSuccess: onSignedIn,
  });
  const tab =
    'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-stone-600 transition data-hover:text-stone-900 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm focus:outline-none data-focus:outline-2 data-focus:outline-brand-600';

  return (
    <div className="from-brand-50 to-tea-50 min-h-dvh bg-gradient-to-br via-white lg:grid lg:grid-cols-2">
      <main className="flex min-h-dvh flex-col justify-center px-5 py-10 sm:px-10">
        <div className="mx-auto w-full max-w-md">
          <div className="mb-8">
            <div className="mb-5 flex items-center gap-3">
              <span
                className="grid size-12 place-items-center rounded-2xl shadow-md"
                style={{ background: BRAND_ICON_COLORS.background }}
                aria-hidden="true"
              >
                {/* The brand mark in the app icon's colours (shared/src/brand-mark.ts). */}
                <TeaCup color={BRAND_ICON_COLORS.cup} size={30} />
              </span>
              <h1 className="text-3xl font-black tracking-tight text-stone-900">{BRAND.name}</h1>
            </div>
            <RotatingTagline />
          </div>

          <div className="shadow-brand-900/5 rounded-3xl border border-stone-200 bg-white/90 p-6 shadow-xl backdrop-blur">
            <button
              type="button"
              onClick={() => guest.mutate()}
              disabled={guest.isPending}
              className="bg-tea-100 text-tea-900 ring-tea-300 hover:bg-tea-200 w-full rounded-xl px-4 py-3 text-base font-semibold ring-1 transition disabled:opacity-70"
            >
              {guest.isPending ? 'Creating guest session...' : 'Continue as Guest'}
            </button>
            <p className="mt-2 text-center text-sm text-stone-600">
              Try it out — no signup required. Your information will not be saved.
            </p>

            <div
              className="my-6 flex items-center gap-3 text-xs font-medium tracking-wider text-stone-500 uppercase"
              aria-hidden="true"
            >
              <span className="h-px flex-1 bg-stone-200" /> or <span className="h-px flex-1 bg-stone-200" />
            </div>

            <TabGroup>
              <TabList className="mb-6 flex gap-1 rounded-xl bg-stone-100 p-1">
                <Tab className={tab}>Sign In</Tab>
                <Tab className={tab}>Sign Up</Tab>
              </TabList>
              <TabPanels>
                <TabPanel>
                  <CredentialsForm mode="signin" onSignedIn={onSignedIn} />
                </TabPanel>
                <TabPanel>
                  <CredentialsForm mode="signup" onSignedIn={onSignedIn} />
                </TabPanel>
              </TabPanels>
            </TabGroup>
          </div>
        </div>
      </main>

      <aside
        className="bg-brand-800 hidden px-12 py-16 text-white lg:flex lg:flex-col lg:justify-center"
        aria-label="Why Daily Tea"
      >
        <div className="mx-auto max-w-md space-y-8">
          <h2 className="text-4xl leading-tight font-black">
            Your daily dose of what everyone really thinks.
          </h2>
          <ul className="space-y-6">
            {SELLING_POINTS.map((point) => (
              <li key={point.title} className="flex gap-4">
                <span
                  className="grid size-12 shrink-0 place-items-center rounded-2xl bg-white/10 text-2xl"
                  aria-hidden="true"
                >
                  {point.icon}
                </span>
                <div>
                  <h3 className="text-lg font-bold">{point.title}</h3>
                  <p className="text-brand-100">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
