import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';

/**
 * Password hashing that runs unchanged on Node and workerd: PBKDF2-SHA256 through WebCrypto (the platform's;
 * @oslojs has no PBKDF2, and oslo v1's password module breaks the Worker bundle), base64 and the constant-time
 * comparison from @oslojs (docs/decisions/0154-oslojs-and-lucia.md).
 * 100 000 iterations is the most Cloudflare's production runtime accepts (higher counts are rejected
 * there, though local workerd allows them); one hash costs ≈26 ms on Node and ≈13 ms on workerd,
 * where scrypt in JavaScript costs 6–10× more (TOOLCHAIN.md). Hashes are self-describing
 * (`pbkdf2-sha256$<iterations>$<salt>$<hash>`, base64) so the cost can be raised later per hash.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const PREFIX = 'pbkdf2-sha256';

/** Stored for accounts that have no password (guests): never matches any password. */
export const UNUSABLE_PASSWORD_HASH = '!';

const encoder = new TextEncoder();

/** The bytes of a stored base64 field, or null when it is not valid base64. */
function fromBase64(text: string): Uint8Array | null {
  try {
    return decodeBase64(text);
  } catch {
    return null;
  }
}

async function derive(
  password: string,
  salt: Uint8Array,
  iterations: number,
  bits: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const out = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    bits,
  );
  return new Uint8Array(out);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BITS);
  return `${PREFIX}$${PBKDF2_ITERATIONS}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

/** True when `password` matches `stored`; false for any malformed or unusable stored value. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [prefix, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  if (prefix !== PREFIX || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS)
    return false;
  const salt = fromBase64(saltText ?? '');
  const expected = fromBase64(hashText ?? '');
  if (!salt || !expected || expected.length === 0) return false;
  const actual = await derive(password, salt, iterations, expected.length * 8);
  // Every byte is compared whatever the first difference, so timing does not reveal a matching prefix.
  return constantTimeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins with an unknown username, so response
 * timing does not tell which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
