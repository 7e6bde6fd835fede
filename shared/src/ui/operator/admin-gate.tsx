import { useId, useState, type FormEvent } from 'react';
import { ApiError, type ApiClient } from '../../api-client/client';
import type { UnlockResult } from '../../contracts/admin';
import { Button, inputClass, labelClass } from './primitives';
import { StaffNameField, StaffSignInToggle } from './staff-name-field';

/**
 * "Admin Access Required" (product.md#screens). The password is checked by the server (product.md#operators); the token
 * it returns is handed up and kept in React state only, so a reload locks the console again.
 */
export function AdminGate(props: {
  api: ApiClient;
  onUnlocked: (result: UnlockResult) => void;
  onBack?: () => void;
  backLabel?: string;
  notice?: string | null;
}) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [asStaff, setAsStaff] = useState(false);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await props.api.admin.unlock(password, name.trim() || undefined);
      props.onUnlocked(result);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? name.trim()
            ? 'Incorrect name or password. Please try again.'
            : 'Incorrect password. Please try again.'
          : err instanceof Error
            ? err.message
            : 'Could not verify the password.',
      );
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <form
        onSubmit={submit}
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        noValidate
      >
        <div
          className="bg-brand-100 text-brand-800 mx-auto mb-4 flex size-12 items-center justify-center rounded-full"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" strokeLinecap="round" />
          </svg>
        </div>
        <h1 className="text-center text-2xl font-bold text-slate-900">Admin Access Required</h1>
        <p className="mt-1 text-center text-sm text-slate-600">
          Enter the admin password to open the dashboard.
        </p>
        {props.notice ? (
          <p role="status" className="bg-tea-50 text-tea-900 mt-4 rounded-lg px-3 py-2 text-center text-sm">
            {props.notice}
          </p>
        ) : null}
        {asStaff ? (
          <StaffNameField
            name={name}
            onNameChange={(value) => {
              setName(value);
              if (error) setError(null);
            }}
            onClose={() => setAsStaff(false)}
            inputClassName={inputClass}
            labelClassName={labelClass}
          />
        ) : null}
        <div className={asStaff ? 'mt-4' : 'mt-6'}>
          <label htmlFor={fieldId} className={labelClass}>
            Password
          </label>
          <div className="relative">
            <input
              id={fieldId}
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              autoFocus={!asStaff}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${inputClass} pr-20 ${error ? 'border-red-500' : ''}`}
              placeholder="Enter admin password"
            />
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-pressed={visible}
              className="focus-visible:outline-brand-600 absolute inset-y-1 right-1 rounded-md px-3 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2"
            >
              {visible ? 'Hide' : 'Show'}
              <span className="sr-only"> password</span>
            </button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="primary" className="mt-6 w-full" disabled={!password || busy}>
          {busy ? 'Verifying...' : 'Access Admin Dashboard'}
        </Button>
        {asStaff ? null : <StaffSignInToggle onOpen={() => setAsStaff(true)} />}
        {props.onBack ? (
          <button
            type="button"
            onClick={props.onBack}
            className="text-brand-800 focus-visible:outline-brand-600 mt-3 w-full rounded-lg py-2 text-sm font-medium hover:underline focus-visible:outline-2"
          >
            {props.backLabel ?? 'Back to Home'}
          </button>
        ) : null}
      </form>
    </main>
  );
}
