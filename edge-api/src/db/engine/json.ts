/**
 * Response bodies that reuse their shared parts' JSON. A part many responses carry unchanged — the day's
 * catalogue, a link group's shaped results — is registered once (`sharedJson`: its JSON is written then, and the
 * object must not change afterwards); a response extends it with its own members (`extend`), and `toJson`
 * writes the body splicing the stored JSON in. Without a shared part, `toJson` writes what JSON.stringify does
 * (members in order, `undefined` and functions left out, `toJSON` honoured).
 */

/** On a shared object: itself (an object extending it inherits the mark but is not it), its JSON, and that JSON open. */
const SELF = Symbol('shared');
const TEXT = Symbol('json');
const OPEN = Symbol('json without its closing brace');
type Shared = { [SELF]?: object; [TEXT]?: string; [OPEN]?: string };

/** Registers `value` as shared by many responses and returns it: its JSON is written once, now. */
export function sharedJson<T extends object>(value: T): T {
  if ((value as Shared)[SELF] === value) return value;
  const text = JSON.stringify(value);
  Object.defineProperties(value, {
    [SELF]: { value },
    [TEXT]: { value: text },
    [OPEN]: { value: text.endsWith('}') ? text.slice(0, -1) : undefined },
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

/** A shared object, or one extending a shared object (it inherits the mark). */
const carriesShared = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Shared)[SELF] !== undefined;

/** An array or plain object with a shared part among its members is written member by member; else natively. */
const hasSharedMember = (value: object): boolean =>
  Array.isArray(value) ? value.some(carriesShared) : Object.values(value).some(carriesShared);

function objectJson(value: object): string {
  const shared = value as Shared;
  if (shared[SELF] === value) return shared[TEXT]!;
  const open = shared[OPEN];
  if (open === undefined && !hasSharedMember(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => valueJson(item) ?? 'null').join(',')}]`;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (open === undefined && proto !== Object.prototype && proto !== null) return JSON.stringify(value);
  let out = open ?? '{';
  let empty = open === undefined || open === '{';
  for (const key of Object.keys(value)) {
    const json = valueJson((value as Record<string, unknown>)[key]);
    if (json === undefined) continue;
    out += `${empty ? '' : ','}${keyJson(key)}${json}`;
    empty = false;
  }
  return `${out}}`;
}

/** A response body's JSON: JSON.stringify's, with the shared parts' stored JSON spliced in. */
export function toJson(value: unknown): string {
  return valueJson(value) ?? 'null';
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
