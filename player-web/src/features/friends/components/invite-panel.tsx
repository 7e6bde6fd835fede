import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FriendInvite } from '@daily-tea/shared/contracts/friends';
import { INVITE_TTL_DAYS } from '@daily-tea/shared/domain/friends';
import { toast } from '@daily-tea/shared/ui/toaster';
import { friendInvitesQuery } from '../../../lib/queries';
import { useAcceptInvite, useCreateInvite, useRevokeInvite } from '../api/friends-mutations';
import { copyText, shareText } from './share-text';

const expiryFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const button =
  'inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-semibold transition disabled:opacity-60';

/** One live invite: its code to read out, its link to copy or share, and a way to withdraw it. */
function InviteRow({ invite, inviter }: { invite: FriendInvite; inviter: string }) {
  const [feedback, setFeedback] = useState<string | null>(null);
  const revoke = useRevokeInvite();
  async function share() {
    const outcome = await shareText(
      `${inviter} invited you to be friends on Daily Tea. Code ${invite.code}:`,
      invite.url,
    );
    setFeedback(outcome === 'copied' ? 'Link copied' : outcome === 'failed' ? 'Copy the link above' : null);
  }
  async function copy() {
    const outcome = await copyText(invite.url);
    setFeedback(outcome === 'copied' ? 'Link copied' : 'Copy the link above');
  }
  return (
    <li className="rounded-2xl border border-stone-200 bg-stone-50 p-4" data-testid="invite">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-mono text-2xl font-black tracking-widest text-stone-900" data-testid="invite-code">
          {invite.code}
        </p>
        <p className="text-xs text-stone-600">
          Works until {expiryFormat.format(new Date(invite.expiresAt))}
        </p>
      </div>
      <label className="mt-3 block">
        <span className="sr-only">Invite link</span>
        <input
          readOnly
          value={invite.url}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full truncate rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-700"
          data-testid="invite-url"
        />
      </label>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void share()}
          className={`${button} bg-brand-600 hover:bg-brand-700 text-white`}
        >
          Share invite
        </button>
        <button
          type="button"
          onClick={() => void copy()}
          className={`${button} bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`}
        >
          Copy link
        </button>
        <button
          type="button"
          onClick={() => revoke.mutate(invite.code)}
          disabled={revoke.isPending}
          className={`${button} text-stone-700 hover:bg-stone-200`}
        >
          Withdraw
        </button>
        <p className="text-sm font-medium text-emerald-800" role="status">
          {feedback}
        </p>
      </div>
    </li>
  );
}

/** Accepting a code a friend read out or sent: the refusal shows beside the field. */
function AddByCode() {
  const id = useId();
  const [code, setCode] = useState('');
  const accept = useAcceptInvite();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || accept.isPending) return;
    accept.mutate(code, {
      onSuccess: ({ friend, created }) => {
        setCode('');
        toast({
          title: created ? 'New friend!' : 'Already friends',
          description: created
            ? `You and ${friend.username} are now friends.`
            : `You and ${friend.username} were already friends.`,
          variant: 'success',
        });
      },
    });
  }
  return (
    <form onSubmit={submit} className="mt-6 border-t border-stone-200 pt-5" noValidate>
      <label htmlFor={`${id}-code`} className="block text-sm font-semibold text-stone-900">
        Got a code from a friend?
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={`${id}-code`}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (accept.isError) accept.reset();
          }}
          placeholder="K7QF-M2XP"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={accept.isError || undefined}
          aria-describedby={accept.isError ? `${id}-error` : undefined}
          className="focus:border-brand-600 focus:outline-brand-600 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-4 py-2.5 font-mono text-base tracking-wider text-stone-900 uppercase placeholder:text-stone-400 focus:outline-2 aria-[invalid=true]:border-red-600"
        />
        <button
          type="submit"
          disabled={accept.isPending}
          className={`${button} bg-stone-900 text-white hover:bg-stone-700`}
        >
          {accept.isPending ? 'Adding…' : 'Add friend'}
        </button>
      </div>
      {accept.isError && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700" role="alert">
          {accept.error.message}
        </p>
      )}
    </form>
  );
}

/** Invite friends: a link and a short code (several people may use it for a week), and accepting a code. */
export function InvitePanel({ inviter }: { inviter: string }) {
  const invites = useQuery(friendInvitesQuery());
  const create = useCreateInvite();
  const live = invites.data?.invites ?? [];
  return (
    <section
      aria-labelledby="invite-title"
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-bold text-stone-900">
        Invite friends
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Anyone who opens your link or types your code in the next {INVITE_TTL_DAYS} days becomes your friend.
        You’ll see each other’s answers on results and keep a streak together.
      </p>
      {live.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Your invites">
          {live.map((invite) => (
            <InviteRow key={invite.code} invite={invite} inviter={inviter} />
          ))}
        </ul>
      )}
      {invites.isPending ? (
        // The button takes its final look once the invites are known (no colour change as they arrive).
        <div className="mt-4 h-11 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />
      ) : (
        <button
          type="button"
          onClick={() => create.mutate()}
          disabled={create.isPending}
          className={`${button} mt-4 w-full ${live.length ? 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100' : 'bg-brand-600 hover:bg-brand-700 text-white'}`}
        >
          {create.isPending ? 'Creating…' : live.length ? 'Create another invite' : 'Create an invite'}
        </button>
      )}
      <AddByCode />
    </section>
  );
}
