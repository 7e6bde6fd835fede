import { useEffect, useRef } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { User } from '@daily-tea/shared/contracts/auth';
import { BRAND } from '@daily-tea/shared/brand';
import { GUESTS_CANNOT_FRIEND } from '@daily-tea/shared/domain/friends';
import { CredentialsForm } from '../../../components/credentials-form';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { useSetUser, useUser } from '../../../lib/auth';
import { invitePreviewQuery } from '../../../lib/queries';
import { useAcceptInvite } from '../api/friends-mutations';

const tab =
  'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-stone-600 transition data-hover:text-stone-900 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm focus:outline-none data-focus:outline-2 data-focus:outline-brand-600';
const primary =
  'bg-brand-600 hover:bg-brand-700 inline-flex min-h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold text-white shadow-sm';
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100';

/** A registered player: the invite is accepted as the page opens (idempotent on the server), then says so. */
function AcceptNow({ code, inviter }: { code: string; inviter: string }) {
  const accept = useAcceptInvite();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accept.mutate(code);
  }, [accept, code]);
  if (accept.isError)
    return (
      <div role="alert">
        <p className="text-stone-800">{accept.error.message}</p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to={paths.friends} className={primary}>
            Go to Friends
          </Link>
        </div>
      </div>
    );
  if (!accept.data) return <Spinner label={`Adding ${inviter} as a friend`} />;
  return (
    <div role="status" data-testid="invite-accepted">
      <p className="text-lg font-semibold text-stone-900">
        {accept.data.created
          ? `You and ${inviter} are now friends.`
          : `You and ${inviter} are already friends.`}
      </p>
      <p className="mt-1 text-stone-600">Answer today’s questions to see how {inviter} answered.</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Link to={paths.home} className={primary}>
          Play today
        </Link>
        <Link to={paths.friends} className={secondary}>
          See your friends
        </Link>
      </div>
    </div>
  );
}

/** /friends/invite/:code — who invites; signs the visitor up or in (a guest saves their progress), then befriends. */
export function InvitePage({ code }: { code: string }) {
  const user = useUser();
  const setUser = useSetUser();
  const preview = useQuery(invitePreviewQuery(code));
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading, preview.data ? 'ready' : 'loading');
  // Signed up or in here: the page re-renders as a registered player and accepts.
  const onSignedIn = (u: User) => setUser(u);

  let body;
  if (preview.isPending || user.isPending) body = <Spinner label="Opening the invite" />;
  else if (preview.isError)
    body = (
      <div role="alert">
        <p className="text-stone-800">{preview.error.message}</p>
        <Link to={paths.home} className={`${primary} mt-5`}>
          Go to {BRAND.name}
        </Link>
      </div>
    );
  else {
    const inviter = preview.data.username;
    const me = user.data ?? null;
    if (me && !me.isGuest) body = <AcceptNow code={code} inviter={inviter} />;
    else if (me?.isGuest)
      body = (
        <>
          <p className="mb-5 text-stone-700">
            {GUESTS_CANNOT_FRIEND}: pick a username and password, and you’ll be friends with {inviter} at
            once. Your answers, streak and badges come with you.
          </p>
          <CredentialsForm mode="signup" onSignedIn={onSignedIn} />
        </>
      );
    else
      body = (
        <>
          <p className="mb-5 text-stone-700">
            Sign up or sign in and you’ll be friends with {inviter} at once: see how each other answered and
            keep a streak together.
          </p>
          <TabGroup>
            <TabList className="mb-6 flex gap-1 rounded-xl bg-stone-100 p-1">
              <Tab className={tab}>Sign Up</Tab>
              <Tab className={tab}>Sign In</Tab>
            </TabList>
            <TabPanels>
              <TabPanel>
                <CredentialsForm mode="signup" onSignedIn={onSignedIn} />
              </TabPanel>
              <TabPanel>
                <CredentialsForm mode="signin" onSignedIn={onSignedIn} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </>
      );
  }

  return (
    <div className="from-brand-50 to-tea-50 grid min-h-dvh place-items-center bg-gradient-to-br via-white px-4 py-10">
      <main className="w-full max-w-md rounded-3xl border border-stone-200 bg-white p-6 shadow-xl sm:p-8">
        <p className="text-brand-800 text-sm font-bold tracking-wide uppercase">{BRAND.name}</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-1 mb-4 text-2xl font-black tracking-tight text-stone-900 outline-none"
        >
          {preview.data ? `${preview.data.username} invited you to be friends` : 'Friend invite'}
        </h1>
        {body}
      </main>
    </div>
  );
}
