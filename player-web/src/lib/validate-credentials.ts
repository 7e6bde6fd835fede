import type { LoginInput } from '@daily-tea/shared/contracts/auth';

export type CredentialErrors = { username?: string; password?: string };
export type CredentialsCheck = { ok: true; data: LoginInput } | { ok: false; errors: CredentialErrors };

let schemas: Promise<typeof import('@daily-tea/shared/contracts/auth')> | null = null;

/**
 * The contract schemas the API validates with (their rules and messages, written once), loaded on first use:
 * zod is about a fifth of the player's JavaScript and a visit that never signs in does not need it. The form
 * calls `preloadCredentialSchemas` when a field gets focus, so the check on submit does not wait.
 */
export function preloadCredentialSchemas(): Promise<typeof import('@daily-tea/shared/contracts/auth')> {
  schemas ??= import('@daily-tea/shared/contracts/auth').catch((error: unknown) => {
    schemas = null; // offline or a new deploy: the next attempt fetches again
    throw error;
  });
  return schemas;
}

export async function checkCredentials(
  mode: 'signin' | 'signup',
  input: { username: string; password: string },
): Promise<CredentialsCheck> {
  const { LoginInputSchema, RegisterInputSchema } = await preloadCredentialSchemas();
  const parsed = (mode === 'signin' ? LoginInputSchema : RegisterInputSchema).safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: CredentialErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
