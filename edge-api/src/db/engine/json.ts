/**
 * Response bodies that reuse their shared parts' JSON. A part many responses carry unchanged — the day's
 * catalogue, a link group's shaped results — is registered once (`sharedJson`; the object must not change
 * afterwards). A response carries it as it is, or a copy of it with some members set for the request
 * (`{ ...part, userAnswer }`, the usual spread), or `extend`s it; `toJson` writes the body with the part's JSON
 * spliced in: written the first time a response needs it, then kept — up to the first member a copy changed, from
 * where the copy is written member by member. What `toJson` writes is always what JSON.stringify writes (members
 * in order, `undefined` and functions left out, `toJSON` honoured).
 *
 * A copy is cheapest when the part already has every member the request sets (e.g. `userAnswer: null`): V8 then
 * clones the part's shape, where a member the part lacks makes the spread build a new one (≈ 0.8 µs on Node 20).
 */

/**
 * The mark of a shared part: an enumerable symbol member, so a spread copy carries it (JSON.stringify ignores
 * symbols). `of` is the part itself, `keys` its members in order, `text` its JSON; `prefixes[i]` is the JSON of
 * its first `i` members without the closing brace (built on first use).
 */
const STORED = Symbol('stored JSON');
type Stored = {
  of: object;
  keys: string[];
  /** Its members' values, in `keys` order. */
  values: unknown[];
  text?: string;
  /** Null for a part that is not a plain object. */
  prefixes?: string[] | null;
  /** The last `keys` list `sharedPrefix` found to be the part's first members. */
  leading?: readonly string[];
};
type Marked = { [STORED]?: Stored };

/** Registers `value` as shared by many responses and returns it: its JSON is written once, when first needed. */
export function sharedJson<T extends object>(value: T): T {
  if ((value as Marked)[STORED]?.of === value) return value;
  Object.defineProperty(value, STORED, {
    value: { of: value, keys: Object.keys(value), values: Object.values(value) } satisfies Stored,
    enumerable: true,
  });
  return value;
}

/**
 * An object with the members of `shared` (a `sharedJson` object) and then those of `own`: readable like a plain
 * object (`shared`'s members are inherited), and written by `toJson` as `shared`'s stored JSON followed by `own`'s.
 */
export function extend<S extends object, O extends object>(shared: S, own: O): S & O {
  return Object.assign(Object.create(shared) as S, own) as S & O;
}

const textOf = (stored: Stored): string => (stored.text ??= JSON.stringify(stored.of));

/** A plain object's own members: the only parts written member by member (else JSON.stringify's rules apply). */
function isPlainObject(value: object): boolean {
  if (Array.isArray(value) || 'toJSON' in value) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null;
}

/**
 * The part's JSON after 0…n of its members (open), or undefined for a part that is not a plain object. They are
 * cut from its JSON text (flat strings: a string built by many `+=` is a rope, slower to build on each request).
 */
function prefixesOf(stored: Stored): string[] | undefined {
  if (stored.prefixes === undefined) {
    stored.prefixes = null;
    if (!isPlainObject(stored.of)) return undefined;
    const text = textOf(stored);
    const prefixes = ['{'];
    let end = 1;
    for (const key of stored.keys) {
      const json = valueJson((stored.of as Record<string, unknown>)[key]);
      if (json !== undefined) end += (end === 1 ? 0 : 1) + keyJson(key).length + json.length;
      prefixes.push(JSON.parse(JSON.stringify(text.slice(0, end))) as string);
    }
    // Every member as JSON.stringify writes it (a plain part always is); else no prefixes at all.
    if (end !== text.length - 1) return undefined;
    stored.prefixes = prefixes;
  }
  return stored.prefixes ?? undefined;
}

/** JSON of one member value (undefined for members JSON leaves out). */
function valueJson(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'object':
      return objectJson(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      return JSON.stringify(value);
  }
}

/** `"key":` of the members this process writes (a handful of names), each escaped once. */
const keyTexts = new Map<string, string>();
function keyJson(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (keyTexts.size < 1_000) keyTexts.set(key, text);
  }
  return text;
}

/** A shared part, or an object built on one (a spread copy or `extend`). */
const carriesShared = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Marked)[STORED] !== undefined;

/** A shared part, or an array of them. */
const holdsShared = (value: unknown): boolean =>
  carriesShared(value) || (Array.isArray(value) && value.some(carriesShared));

/**
 * An array or plain object with a shared part among its members (or its members' items) is written member by
 * member; else natively.
 */
const hasSharedMember = (value: object): boolean =>
  Array.isArray(value) ? value.some(carriesShared) : Object.values(value).some(holdsShared);

/** `out` (an object's JSON so far, without the closing brace) followed by `keys[from…]` of `value`, closed. */
function membersJson(value: object, keys: string[], from: number, out: string): string {
  for (let i = from; i < keys.length; i++) {
    const key = keys[i]!;
    const json = valueJson((value as Record<string, unknown>)[key]);
    if (json !== undefined) out += `${out === '{' ? '' : ','}${keyJson(key)}${json}`;
  }
  return `${out}}`;
}

/** How many first members of `copy` are the part's, in its order and unchanged. */
function sameMembers(copy: object, keys: string[], stored: Stored): number {
  const n = Math.min(keys.length, stored.keys.length);
  let i = 0;
  while (
    i < n &&
    keys[i] === stored.keys[i] &&
    (copy as Record<string, unknown>)[keys[i]!] === stored.values[i]
  )
    i++;
  return i;
}

function objectJson(value: object): string {
  const stored = (value as Marked)[STORED];
  if (stored === undefined) {
    if (!hasSharedMember(value)) return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((item) => valueJson(item) ?? 'null').join(',')}]`;
    return isPlainObject(value) ? membersJson(value, Object.keys(value), 0, '{') : JSON.stringify(value);
  }
  if (stored.of === value) return textOf(stored);
  const prefixes = prefixesOf(stored);
  if (prefixes && !Array.isArray(value)) {
    const keys = Object.keys(value);
    // `extend`: the part's members are inherited, the object's own all come after them.
    if (Object.getPrototypeOf(value) === stored.of) return membersJson(value, keys, 0, prefixes.at(-1)!);
    // A copy: the part's JSON up to the first member it changed, then its own members.
    if (isPlainObject(value)) {
      const same = sameMembers(value, keys, stored);
      return membersJson(value, keys, same, prefixes[same]!);
    }
  }
  return JSON.stringify(value);
}

/** A response body's JSON: JSON.stringify's, with the shared parts' stored JSON spliced in. */
export function toJson(value: unknown): string {
  return valueJson(value) ?? 'null';
}

/**
 * For a writer of one response shape (e.g. daily-topics-json.ts): the stored JSON of the members `keys` of the
 * shared part `copy` is (or was copied from), open for more members — when the part's first members are exactly
 * `keys` and the copy holds them unchanged; otherwise undefined (the writer then writes them itself).
 */
export function sharedPrefix(copy: object, keys: readonly string[]): string | undefined {
  const stored = (copy as Marked)[STORED];
  const prefixes = stored && prefixesOf(stored);
  if (!prefixes) return undefined;
  if (stored!.leading !== keys) {
    if (keys.some((key, i) => stored!.keys[i] !== key)) return undefined;
    stored!.leading = keys;
  }
  for (let i = 0; i < keys.length; i++) {
    if ((copy as Record<string, unknown>)[keys[i]!] !== stored!.values[i]) return undefined;
  }
  return prefixes[keys.length];
}

const derived = new WeakMap<object, unknown>();

/**
 * What `compute` makes of `source`, computed once per source object: a read cache hands out the same object for as
 * long as what it was read from is unchanged (read-caches.ts), so shaping done here runs once per version and is
 * dropped with it. A handle without caches reads a new object every time, and it is simply computed each time.
 * `isCurrent` rejects a stored value that no longer fits what else the caller knows (computed again then).
 */
export function derivedOnce<T>(
  source: object,
  compute: () => T,
  isCurrent: (value: T) => boolean = () => true,
): T {
  const known = derived.get(source) as T | undefined;
  if (known !== undefined && isCurrent(known)) return known;
  const value = compute();
  derived.set(source, value);
  return value;
}

/** Values kept per source object by `derivedOnceFor` (a bound, not an expected size). */
const MAX_KEYS_PER_SOURCE = 1_024;
const derivedByKey = new WeakMap<object, Map<string, unknown>>();

/**
 * As `derivedOnce`, for several values of one source told apart by `key` (computed once per source and key, up
 * to a bound past which the source's values start again): what a cached read turns into for each variant asked
 * of it, e.g. a group's counters without the days one viewer may not see, the same for every viewer missing them.
 */
export async function derivedOnceFor<T>(source: object, key: string, compute: () => Promise<T>): Promise<T> {
  let known = derivedByKey.get(source) as Map<string, T> | undefined;
  const value = known?.get(key);
  if (value !== undefined) return value;
  const computed = await compute();
  known = derivedByKey.get(source) as Map<string, T> | undefined;
  if (!known || known.size >= MAX_KEYS_PER_SOURCE) {
    known = new Map();
    derivedByKey.set(source, known);
  }
  known.set(key, computed);
  return computed;
}
