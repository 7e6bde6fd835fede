import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { errorBody } from '../errors';

/** 421's message: the request named a host this server does not serve. */
export const MISDIRECTED_HOST =
  'This server does not answer for that host name (set ALLOWED_HOSTS to the names it is reached by)';

/**
 * The host name of a Host header value (or of a URL's host when a request has none): lower case, without its
 * port or a trailing dot; an IPv6 address keeps its brackets.
 */
export function hostNameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end < 0 ? h : h.slice(0, end + 1);
  }
  const colon = h.indexOf(':');
  return (colon < 0 ? h : h.slice(0, colon)).replace(/\.$/, '');
}

/**
 * DNS rebinding (product.md#running): a page on an attacker's domain that resolves to this server's address reaches it
 * with its own name in `Host`. Only loopback names and ALLOWED_HOSTS are answered — every path, static files
 * included — anything else gets 421 before any handler runs.
 */
export const hostCheck: MiddlewareHandler<AppEnv> = (c, next) => {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const allowedHosts = c.get('deps').config.allowedHosts;
  if (!isAllowedHost(host, allowedHosts)) {
    return Promise.resolve(c.json(errorBody(MISDIRECTED_HOST, 'misdirected_host'), 421));
  }
  return next();
};

/** The last Host value checked and its verdict, for the list it was checked against: a server is reached by a name or two. */
let lastChecked: { host: string; allowedHosts: readonly string[]; allowed: boolean } | undefined;

function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  if (lastChecked?.host === host && lastChecked.allowedHosts === allowedHosts) return lastChecked.allowed;
  const allowed = allowedHosts.includes(hostNameOf(host));
  lastChecked = { host, allowedHosts, allowed };
  return allowed;
}
