import type { Context } from 'hono';

/**
 * The caller's address for throttling. Node: the socket's remote address (@hono/node-server puts the
 * IncomingMessage on c.env), so a client cannot pick its own key by sending a header. Workers: the
 * cf-connecting-ip header, which Cloudflare sets and clients cannot override.
 */
export function clientIp(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  if (incoming) return incoming.socket?.remoteAddress ?? 'unknown';
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}
