import type { LoginInput, RegisterInput, User } from '@daily-tea/shared/contracts/auth';
import type { UserRow } from '../../app-env';
import {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  newSession,
  randomId,
} from '../../auth/lucia';
import {
  hashPassword,
  UNUSABLE_PASSWORD_HASH,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/password';
import { timeOrderedId } from '../../db/ids';
import { insertGuestWithSession } from '../../db/queries/guest-sign-in.queries';
import {
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  updateUser,
} from '../../db/queries/users.queries';
import { isCountryName, UNKNOWN_COUNTRY } from '@daily-tea/shared/domain/countries';
import { profileProvince } from '@daily-tea/shared/domain/provinces';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import {
  accountCreationBucket,
  failedAttemptsMessage,
  giveBack,
  loginBuckets,
  settleSuccess,
  takeOrRefuse,
  tooManyRequests,
} from './rate-limits';

/** A signed-in result: the user row and the Set-Cookie value of its new session. */
export type SignedIn = { user: UserRow; cookie: string };

export const GUEST_PREFIX = 'guest_';
export const INVALID_CREDENTIALS = 'Invalid username or password';

const takenMessage = (username: string) => `Username "${username}" is already taken`;
const tooManyAccountsMessage = (wait: string) =>
  `Too many new accounts from your network. Try again in ${wait}.`;

/**
 * New accounts per client address (product.md#running ACCOUNT_LIMIT_PER_HOUR): takes one from the address's bucket
 * or throws 429. Returns the bucket (to give the token back if no account is created), or null when off.
 */
async function takeAccountToken(deps: Deps, ip: string) {
  const perHour = deps.config.accountLimitPerHour;
  if (perHour === 0) return null;
  const bucket = accountCreationBucket(ip, perHour);
  await takeOrRefuse(deps.db, [bucket], deps.now(), tooManyAccountsMessage);
  return bucket;
}

/**
 * Registration (product.md#accounts). Signed in as a guest: the same user row becomes a registered user, so
 * its answers, selections, streak and badges stay; its guest sessions end and a 30-day session starts
 * (a new id, so a session id known before sign-up is worthless after). Otherwise a new user is created.
 */
export async function registerUser(
  deps: Deps,
  current: UserRow | null,
  currentSessionId: string | null,
  input: RegisterInput,
  ip: string,
): Promise<SignedIn> {
  const username = input.username;
  if (username.toLowerCase().startsWith(GUEST_PREFIX))
    throw new BadRequestError(`Usernames starting with "${GUEST_PREFIX}" are reserved`);
  const existing = await findUserByUsername(deps.db, username);
  if (existing && existing.id !== current?.id) throw new ConflictError(takenMessage(username));
  // A guest who registers keeps their row: no new account, so nothing taken from the address's budget.
  const bucket = current?.isGuest ? null : await takeAccountToken(deps, ip);
  const passwordHash = await hashPassword(input.password);

  let user: UserRow;
  try {
    if (current?.isGuest) {
      const updated = await updateUser(deps.db, current.id, { username, passwordHash, isGuest: false });
      if (!updated) throw new NotFoundError('User not found');
      user = updated;
      await invalidateUserSessions(deps, user.id);
    } else {
      if (currentSessionId) await invalidateSession(deps, currentSessionId);
      user = await insertUser(deps.db, {
        id: timeOrderedId(deps.now().getTime()),
        username,
        passwordHash,
        isGuest: false,
        createdAt: deps.now(),
      });
    }
  } catch (err) {
    if (bucket) await giveBack(deps.db, bucket);
    if (isUniqueViolation(err)) throw new ConflictError(takenMessage(username));
    throw err;
  }
  return { user, cookie: await createSession(deps, user.id, false) };
}

/**
 * Sign-in (product.md#accounts), throttled per username and address and per address across usernames: the attempt
 * takes its tokens before the password is checked (rate-limits.ts), so parallel guesses cannot outrun the
 * limit. Guests have no password to sign in with.
 */
export async function loginUser(
  deps: Deps,
  currentSessionId: string | null,
  input: LoginInput,
  ip: string,
): Promise<SignedIn> {
  const buckets = loginBuckets(input.username, ip);
  await takeOrRefuse(deps.db, buckets, deps.now(), failedAttemptsMessage);
  const user = await findUserByUsername(deps.db, input.username);
  const ok =
    user && !user.isGuest
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS);
  await settleSuccess(deps.db, buckets);
  if (currentSessionId) await invalidateSession(deps, currentSessionId);
  return { user, cookie: await createSession(deps, user.id, false) };
}

/**
 * Guest sign-in: a fresh `guest_<random>` user with a 24-hour session and no usable password, limited per
 * client address like every new account. One batch: the account token, the user, the end of the session the
 * request came with and the new session are written together or not at all.
 */
export async function createGuest(
  deps: Deps,
  currentSessionId: string | null,
  ip: string,
): Promise<SignedIn> {
  const perHour = deps.config.accountLimitPerHour;
  const now = deps.now();
  const session = newSession(deps, true);
  const result = await insertGuestWithSession(deps.db, {
    // Time-ordered: the guests of a burst share the right edge of every index keyed by user id (ADR 0137).
    user: {
      id: timeOrderedId(now.getTime()),
      username: `${GUEST_PREFIX}${randomId(10)}`,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      createdAt: now,
    },
    session,
    previousSessionId: currentSessionId,
    bucket: perHour === 0 ? null : { spec: accountCreationBucket(ip, perHour), nowMs: now.getTime() },
  });
  if (!result.taken) throw tooManyRequests(tooManyAccountsMessage, result.waitMs);
  return { user: result.user, cookie: session.cookie };
}

export async function logoutUser(deps: Deps, sessionId: string | null): Promise<void> {
  if (sessionId) await invalidateSession(deps, sessionId);
}

/** The validated profile payload (ProfileInputSchema's output). */
export type ProfileUpdate = Pick<User, 'gender' | 'ageBracket' | 'raceBracket' | 'country' | 'city'> & {
  province?: User['province'] | undefined;
};

/** PUT /api/profile: the demographic fields and location (answers keep their own snapshot, product.md#play-rules). */
export async function updateProfile(deps: Deps, user: UserRow, input: ProfileUpdate): Promise<UserRow> {
  if (input.country !== null && !isCountryName(input.country)) throw new BadRequestError(UNKNOWN_COUNTRY);
  const updated = await updateUser(deps.db, user.id, {
    gender: input.gender,
    ageBracket: input.ageBracket,
    raceBracket: input.raceBracket,
    country: input.country,
    city: input.city,
    province: profileProvince({
      country: input.country,
      city: input.city,
      province: input.province,
      stored: user.province,
    }),
  });
  if (!updated) throw new NotFoundError('User not found');
  return updated;
}
