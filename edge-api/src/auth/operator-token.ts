import type { OperatorClaims } from '../app-env';

/**
 * Admin/marketing bearer tokens (DESIGN §6): `base64url(payload).base64url(HMAC-SHA256(payload))`, signed with
 * SESSION_SECRET through WebCrypto so the same code runs on Node and workerd. Stateless: a token is valid for
 * 8 hours and lives only in the operator's memory; rotating SESSION_SECRET revokes every token.
 */

export const OPERATOR_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

type Role = OperatorClaims['role'];
const ROLES: readonly Role[] = ['admin', 'marketing'];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const binary = atob(s.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (s.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Imported keys are cached per secret: importKey costs more than the HMAC itself. */
const keyCache = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    if (keyCache.size > 8) keyCache.clear();
    keyCache.set(secret, key);
  }
  return key;
}

/** Signs a token for `role`, valid for 8 hours from `now`. */
export async function signOperatorToken(
  secret: string,
  role: Role,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = now.getTime() + OPERATOR_TOKEN_TTL_MS;
  const payload = toBase64Url(encoder.encode(JSON.stringify({ role, exp: expiresAt })));
  const signature = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload)),
  );
  return { token: `${payload}.${toBase64Url(signature)}`, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The token's claims, or null when it is malformed, tampered with, signed with another secret or expired.
 * The signature check is `crypto.subtle.verify`, which compares in constant time.
 */
export async function verifyOperatorToken(
  secret: string,
  token: string,
  now: Date,
): Promise<OperatorClaims | null> {
  if (token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, sig] = parts as [string, string];
  const signature = fromBase64Url(sig);
  if (!payload || !signature || signature.length !== 32) return null;
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(payload));
  if (!ok) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { role, exp } = claims as { role?: unknown; exp?: unknown };
  if (typeof role !== 'string' || !ROLES.includes(role as Role)) return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now.getTime()) return null;
  return { role: role as Role, expiresAt: exp };
}
