/**
 * Where the server may send Web Push requests (product.md#running, ADR 0231). A subscription endpoint is a URL
 * the server POSTs to at every drop, so it must be a public push service: https, at most 1,000 characters, on
 * a host that is — or ends in `.` + — one of the configured host suffixes. Checked when a browser subscribes and
 * again before each send.
 */

/** The public push services of the browsers that matter (Chrome/Edge/Android, Firefox, Safari, Windows). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export const PUSH_ENDPOINT_MAX = 1_000;
/** Push subscriptions one account may hold; a new one replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 5;

export const ENDPOINT_NOT_HTTPS = 'The push endpoint must use https';
export const ENDPOINT_TOO_LONG = `The push endpoint is too long (at most ${PUSH_ENDPOINT_MAX.toLocaleString('en')} characters)`;
export const ENDPOINT_NOT_A_PUSH_SERVICE = 'The push endpoint must be on a known push service';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why the server must not send to `endpoint`, or null when it may. `hosts` are host suffixes; plain http is
 * accepted only for a loopback host that `hosts` names outright and only when `allowLoopbackHttp` (a local
 * push service in development tests, never in production).
 */
export function pushEndpointProblem(
  endpoint: string,
  hosts: readonly string[],
  allowLoopbackHttp = false,
): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return ENDPOINT_TOO_LONG;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_NOT_A_PUSH_SERVICE;
  }
  // The WHATWG parser has already normalised the host: lower case, numeric and short IPv4 forms as dotted quads.
  const host = url.hostname;
  if (url.username || url.password) return ENDPOINT_NOT_A_PUSH_SERVICE;
  if (url.protocol === 'http:') {
    const listedLoopback = LOOPBACK_HOSTS.has(host) && hosts.includes(host);
    return allowLoopbackHttp && listedLoopback ? null : ENDPOINT_NOT_HTTPS;
  }
  if (url.protocol !== 'https:') return ENDPOINT_NOT_HTTPS;
  const listed = hosts.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  return listed ? null : ENDPOINT_NOT_A_PUSH_SERVICE;
}
