import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { OperatorClaims, OperatorRole } from '../app-env';

/**
 * Admin/marketing bearer tokens (product.md#operators): `base64url(payload).base64url(HMAC-SHA256(payload))`. Encoding, HMAC
 * and the constant-time comparison are @oslojs's (pure JavaScript, the same on Node and workerd;
 * docs/decisions/0154-oslojs-and-lucia.md). The payload carries the role, expiry (8 hours), issue time and a
 * random id; the signing secret is chosen per role by the caller — operatorTokenSecret derives it from
 * SESSION_SECRET and the role's current password, so changing the password ends every token issued under the
 * old one. Ending single tokens or all of them is the revocation list's job (operator-session.ts,
 * docs/decisions/0132-revocable-operator-tokens.md).
 */

export const OPERATOR_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

type Role = OperatorRole;
const ROLES: readonly Role[] = ['admin', 'editor', 'marketing'];
/** The actor of tokens issued for the role passwords. */
export const OWNER_ACTOR = 'owner';
/** A staff member a token is issued to: their id and name go into the signed claims. */
export type StaffHolder = { id: string; name: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const toBase64Url = encodeBase64urlNoPadding;

/** The bytes of a base64url field (unpadded), or null when it is not base64url. */
function fromBase64Url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null; // one spelling per token: no padding, no other alphabet
  try {
    return decodeBase64urlIgnorePadding(s);
  } catch {
    return null;
  }
}

const sign = (secret: string, payload: string): Uint8Array =>
  hmac(SHA256, encoder.encode(secret), encoder.encode(payload));

/** Whether `signature` is the payload's HMAC under `secret`, compared in constant time. */
const signatureMatches = (secret: string, payload: string, signature: Uint8Array): boolean =>
  constantTimeEqual(sign(secret, payload), signature);

/**
 * The secret `role`'s tokens are signed with: a new password (or SESSION_SECRET) ends every older token. Staff
 * tokens (`staff`) are signed under a secret of their own that no role password enters: a staff member's
 * tokens end with their removal or password reset (checked against the staff row, operator-session.ts).
 */
export function operatorTokenSecret(
  config: { sessionSecret: string; adminPassword: string; marketingPassword: string },
  role: Role,
  staff = false,
): string {
  if (staff) return `${config.sessionSecret}\u0000staff\u0000${role}`;
  const password = role === 'admin' ? config.adminPassword : config.marketingPassword;
  return `${config.sessionSecret}\u0000${role}\u0000${password}`;
}

/**
 * `base64url(JSON claims).base64url(HMAC-SHA256)`: the one signed format of this project (operator tokens,
 * download tickets). Each use signs under a secret of its own, so one kind can never pass for another.
 */
export function sealClaims(secret: string, claims: object): string {
  const payload = toBase64Url(encoder.encode(JSON.stringify(claims)));
  return `${payload}.${toBase64Url(sign(secret, payload))}`;
}

/**
 * The claims of a sealed string whose signature matches, else null (malformed, too long, tampered with). The
 * secret may depend on an unverified claim (`secretFor`, e.g. the role picks it; null refuses); nothing else of
 * the payload may be trusted before this returns. Expiry and shape are the caller's to check.
 */
export function openClaims(
  sealed: string,
  secretFor: (claims: Record<string, unknown>) => string | null,
  maxLength = 512,
): Record<string, unknown> | null {
  if (sealed.length > maxLength) return null;
  const parts = sealed.split('.');
  if (parts.length !== 2) return null;
  const [payload, sig] = parts as [string, string];
  const signature = fromBase64Url(sig);
  const bytes = fromBase64Url(payload);
  if (!payload || !bytes || !signature || signature.length !== 32) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decoder.decode(bytes));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const secret = secretFor(claims as Record<string, unknown>);
  if (secret === null || !signatureMatches(secret, payload, signature)) return null;
  return claims as Record<string, unknown>;
}

/** Signs a token for `role` (held by `staff`, else the owner), valid for 8 hours from `now`. */
export async function signOperatorToken(
  secret: string,
  role: Role,
  now: Date,
  staff?: StaffHolder,
): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = now.getTime() + OPERATOR_TOKEN_TTL_MS;
  const claims = {
    role,
    exp: expiresAt,
    iat: now.getTime(),
    jti: toBase64Url(crypto.getRandomValues(new Uint8Array(12))),
    ...(staff ? { sid: staff.id, name: staff.name } : {}),
  };
  return { token: sealClaims(secret, claims), expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The token's claims, or null when it is malformed, tampered with, signed with another secret or expired.
 * The claimed role picks the secret (`secretFor`); the signature is compared in constant time, and nothing of
 * the payload is trusted before it matches.
 */
export async function verifyOperatorToken(
  secretFor: string | ((role: Role, staff: boolean) => string),
  token: string,
  now: Date,
): Promise<OperatorClaims | null> {
  const claims = openClaims(token, ({ role, sid }) => {
    if (typeof role !== 'string' || !ROLES.includes(role as Role)) return null;
    return typeof secretFor === 'string' ? secretFor : secretFor(role as Role, sid !== undefined);
  });
  if (!claims) return null;
  const { role, exp, iat, jti, sid, name } = claims as Record<string, unknown>;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now.getTime()) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat) || typeof jti !== 'string' || jti.length > 64)
    return null;
  const staff = sid !== undefined;
  if (staff && (typeof sid !== 'string' || typeof name !== 'string')) return null;
  // Editors are staff only; the owner's passwords give admin or marketing tokens.
  if (role === 'editor' && !staff) return null;
  return {
    role: role as Role,
    actor: staff ? (name as string) : OWNER_ACTOR,
    staffId: staff ? (sid as string) : null,
    expiresAt: exp,
    issuedAt: iat,
    id: jti,
  };
}
