import type { InArgs, Value } from '@libsql/client';

/** What the engine hands back (blobs as Buffers); rows carry `Value`s (blobs as ArrayBuffers), as the driver's do. */
export type EngineValue = null | string | number | bigint | Buffer;

function toSqlValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'bigint':
      return value;
    case 'number':
      if (!Number.isFinite(value))
        throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      throw new TypeError('undefined cannot be passed as argument to the database');
    default:
      if (value === null || Buffer.isBuffer(value)) return value;
      if (value instanceof Date) return value.valueOf();
      if (value instanceof ArrayBuffer) return Buffer.from(value);
      if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      return value;
  }
}

export function bindArgs(args: InArgs | undefined): unknown[] {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name] = toSqlValue(value);
  }
  return [named];
}

/** @libsql/client hands blobs out as ArrayBuffers; the engine gives Buffers. */
function toValue(value: EngineValue): Value {
  return value instanceof Uint8Array
    ? (value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer)
    : value;
}

/** Converts a row's blobs in place (rare: no column of this project's schema is a blob). */
export function toValues(values: EngineValue[]): Value[] {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && typeof v === 'object') (values as unknown as Value[])[i] = toValue(v);
  }
  return values as unknown as Value[];
}
