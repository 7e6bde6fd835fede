import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { LoginInput, User } from '@daily-tea/shared/contracts/auth';
import { api } from '../lib/api';
import {
  checkCredentials,
  preloadCredentialSchemas,
  type CredentialErrors,
} from '../lib/validate-credentials';

export type Mode = 'signin' | 'signup';

/**
 * Username + password form with the product.md#validation validation texts. Sign-up also serves a signed-in guest who
 * registers to keep their progress (product.md#accounts): POST /api/register upgrades the guest in place.
 */
export function CredentialsForm({
  mode,
  onSignedIn,
  autoFocus = false,
}: {
  mode: Mode;
  onSignedIn: (user: User) => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<CredentialErrors>({});
  const mutation = useMutation({
    mutationFn: (input: LoginInput) => (mode === 'signin' ? api.login(input) : api.register(input)),
    meta: { errorTitle: mode === 'signin' ? 'Login failed' : 'Registration failed' },
    onSuccess: onSignedIn,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const input = { username, password };
    let check;
    try {
      check = await checkCredentials(mode, input);
    } catch {
      // The rules could not be loaded (offline, a new deploy): the server checks the same schema and answers
      // with its message, which the toast shows.
      setErrors({});
      mutation.mutate(input);
      return;
    }
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) mutation.mutate(check.data);
  }

  const idle = mode === 'signin' ? 'Sign In' : 'Create Account';
  const pending = mode === 'signin' ? 'Signing in...' : 'Creating account...';
  const field =
    'w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600';
  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void preloadCredentialSchemas().catch(() => undefined)}
      noValidate
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-username`} className="block text-sm font-medium text-stone-800">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          autoFocus={autoFocus}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
          className={field}
          placeholder="Your username"
        />
        {errors.username && (
          <p id={`${id}-username-error`} className="text-sm text-red-700">
            {errors.username}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-password`} className="block text-sm font-medium text-stone-800">
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={
            errors.password ? `${id}-password-error` : mode === 'signup' ? `${id}-password-hint` : undefined
          }
          className={field}
          placeholder={mode === 'signin' ? 'Your password' : 'At least 8 characters'}
        />
        {errors.password ? (
          <p id={`${id}-password-error`} className="text-sm text-red-700">
            {errors.password}
          </p>
        ) : (
          mode === 'signup' && (
            <p id={`${id}-password-hint`} className="text-xs text-stone-600">
              Password: 8 or more characters. Username: 3–30 letters, digits,{' '}
              <span className="whitespace-nowrap">_ . or -</span>
            </p>
          )
        )}
      </div>
      <button
        type="submit"
        disabled={mutation.isPending}
        className="bg-brand-600 hover:bg-brand-700 w-full rounded-xl px-4 py-3 text-base font-semibold text-white shadow-sm transition disabled:cursor-not-allowed disabled:opacity-70"
      >
        {mutation.isPending ? pending : idle}
      </button>
    </form>
  );
}
