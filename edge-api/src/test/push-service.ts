import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionInput } from '@daily-tea/shared/contracts/push';

/**
 * A real Web Push service for tests, in the test process: an HTTP server that records every request the
 * sender makes, plus browser-side subscriptions whose private keys decrypt those requests exactly as a
 * browser does (RFC 8291 message encryption, RFC 8188 aes128gcm content coding), and a check of the VAPID
 * `Authorization` header (RFC 8292: an ES256 JWT signed with the server's key).
 */

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type LocalPushService = {
  origin: string;
  received: ReceivedPush[];
  /** Status the service answers for a path (default 201 Created, as push services do). */
  respond(path: string, status: number): void;
  close(): Promise<void>;
};

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    respond: (path, status) => void statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const b64u = (buf: Buffer) => buf.toString('base64url');

export type BrowserSubscription = {
  /** What PushSubscription.toJSON() gives the page, sent to POST /api/push/subscriptions. */
  json: PushSubscriptionInput;
  /** Decrypts an aes128gcm push message body with this subscription's private key (RFC 8291). */
  decrypt(body: Buffer): string;
};

/** A browser's subscription at `endpoint`: a fresh P-256 key pair and a 16-byte auth secret. */
export function newBrowserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: b64u(uaPublic), auth: b64u(authSecret) } },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | idlen (1) | keyid (the sender's ephemeral public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (idLength !== 65)
        throw new Error(`keyid must be an uncompressed P-256 point, got ${idLength} bytes`);
      if (records.length > recordSize) throw new Error('expected a single record');
      // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, then CEK and nonce (RFC 8188 §2.2).
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('missing last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Verifies `Authorization: vapid t=<jwt>, k=<public key>` (RFC 8292): the key is the expected one and the
 * JWT's ES256 signature verifies with it. Returns the claims.
 */
export function verifyVapidAuthorization(header: string | undefined, expectedPublicKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedPublicKey) throw new Error('vapid key is not the server key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('vapid JWT signature does not verify');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header0.alg !== 'ES256') throw new Error(`vapid JWT alg ${header0.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
