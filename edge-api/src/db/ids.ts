/**
 * Time-ordered row ids (UUID version 7, RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Rows
 * written together get neighbouring keys, so SQLite inserts them at the right edge of the primary-key index —
 * the page every concurrent insert already touches — instead of a random page per row (a random UUID v4 dirties
 * one more index page per answer, and each dirty page is written to the WAL at every commit). Used for rows
 * written on the hot paths (answers, badges, guests); still a UUID, still unguessable in its random part.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const ms = Math.max(0, Math.floor(now));
  // 48-bit big-endian timestamp (two parts: JS bit operators are 32-bit).
  const high = Math.floor(ms / 2 ** 16);
  bytes[0] = (high >>> 24) & 0xff;
  bytes[1] = (high >>> 16) & 0xff;
  bytes[2] = (high >>> 8) & 0xff;
  bytes[3] = high & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10
  let hex = '';
  for (let i = 0; i < 16; i++) hex += HEX[bytes[i]!];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
