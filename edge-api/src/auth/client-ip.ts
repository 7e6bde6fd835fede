import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The client address on Node: the socket's peer, or — behind `trustProxy` reverse proxies — the address
 * the outermost trusted proxy saw. Each proxy appends the address it received the request from to
 * X-Forwarded-For, so with N trusted hops the client is the N-th address counted from the right of
 * `X-Forwarded-For, socket address`; anything further left was written by the client and is ignored.
 * With no trusted hops the header is ignored entirely (a client cannot choose its own throttle key).
 */
export function nodeClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trustProxy: number,
): string {
  if (trustProxy <= 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - trustProxy)]!;
}

/**
 * The caller's address key (addressKey) for throttles and limits. Node (@hono/node-server puts the IncomingMessage on
 * c.env): the socket, or X-Forwarded-For within TRUST_PROXY hops. Workers: CF-Connecting-IP, which
 * Cloudflare sets and clients cannot override.
 */
export function clientIp(c: Context<AppEnv>): string {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (incoming) {
    return addressKey(
      nodeClientAddress(
        incoming.socket?.remoteAddress ?? 'unknown',
        c.req.header('X-Forwarded-For'),
        c.var.deps.config.trustProxy,
      ),
    );
  }
  return addressKey(c.req.header('CF-Connecting-IP') ?? 'unknown');
}

/**
 * The key an address is limited under: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64 — one
 * subscriber's network, inside which a client can pick any address at will.
 */
export function addressKey(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length < 4 || groups.some((g) => !/^[0-9a-f]{0,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}
