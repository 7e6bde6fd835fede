import { useId, useState, type FormEvent } from 'react';
import { ApiError, type ApiClient } from '../../api-client/client';
import type { UnlockResult } from '../../contracts/admin';
import { BRAND } from '../../brand';
import { toast } from '../toaster';
import { StaffNameField, StaffSignInToggle } from '../operator/staff-name-field';

export const ACCESS_DENIED_DESCRIPTION = 'Incorrect password. Please try again.';

const MARKETING_INPUT =
  'focus:border-brand-600 focus:ring-brand-600/30 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:outline-none';

/**
 * The /marketing password gate (product.md#screens). The server checks the password (product.md#operators) and returns a
 * bearer token that the page keeps in memory only, so a reload locks the tools again.
 */
export function MarketingGate(props: {
  api: ApiClient;
  onUnlocked: (result: UnlockResult) => void;
  onBack?: () => void;
  notice?: string | null;
}) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [asStaff, setAsStaff] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const noticeId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    try {
      const result = await props.api.marketing.unlock(password, name.trim() || undefined);
      toast({ title: 'Access granted', variant: 'success' });
      props.onUnlocked(result);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: 'Access denied', description: ACCESS_DENIED_DESCRIPTION, variant: 'destructive' });
        setPassword('');
      } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        // e.g. too many attempts: still a refusal, but the server's reason is more useful than a guess.
        toast({ title: 'Access denied', description: err.message, variant: 'destructive' });
      } else {
        toast({
          title: 'Could not verify the password',
          description: err instanceof Error ? err.message : 'Please try again.',
          variant: 'destructive',
        });
      }
    }
  }

  return (
    <main className="theme-light from-brand-950 via-brand-900 to-brand-700 flex min-h-screen items-center justify-center bg-gradient-to-br px-4 py-10">
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={props.notice ? noticeId : undefined}
        className="shadow-brand-950/40 w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl"
      >
        <div
          className="bg-tea-100 text-tea-700 mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1Z" />
            <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
          </svg>
        </div>
        <p className="text-tea-700 text-center text-xs font-semibold tracking-widest uppercase">
          {BRAND.name}
        </p>
        <h1 className="mt-1 text-center text-2xl font-bold text-slate-900">Marketing Tools</h1>
        <p className="mt-1 text-center text-sm text-slate-600">
          Enter the marketing password to create social posts.
        </p>
        {props.notice ? (
          <p
            id={noticeId}
            role="status"
            className="bg-tea-50 text-tea-900 mt-4 rounded-lg px-3 py-2 text-center text-sm"
          >
            {props.notice}
          </p>
        ) : null}
        {asStaff ? (
          <StaffNameField
            name={name}
            onNameChange={setName}
            onClose={() => setAsStaff(false)}
            inputClassName={MARKETING_INPUT}
            labelClassName="mb-1.5 block text-sm font-medium text-slate-800"
          />
        ) : null}
        <label
          htmlFor={fieldId}
          className={`${asStaff ? 'mt-4' : 'mt-6'} mb-1.5 block text-sm font-medium text-slate-800`}
        >
          Password
        </label>
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          autoFocus={!asStaff}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="Enter marketing password"
          className={MARKETING_INPUT}
        />
        <button
          type="submit"
          disabled={!password || busy}
          className="bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-600 disabled:bg-brand-300 mt-6 inline-flex h-11 w-full items-center justify-center rounded-lg text-sm font-semibold text-white transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed"
        >
          {busy ? 'Verifying...' : 'Access Marketing Tools'}
        </button>
        {asStaff ? null : <StaffSignInToggle onOpen={() => setAsStaff(true)} />}
        {props.onBack ? (
          <button
            type="button"
            onClick={props.onBack}
            className="text-brand-800 focus-visible:outline-brand-600 mt-3 w-full rounded-lg py-2 text-sm font-medium hover:underline focus-visible:outline-2"
          >
            Back to Home
          </button>
        ) : null}
      </form>
    </main>
  );
}
