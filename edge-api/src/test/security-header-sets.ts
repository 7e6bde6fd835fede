/**
 * The security headers each kind of response carries (security-headers.ts, ADR 0308), by name: an API response
 * the OWASP REST Security Cheat Sheet's set plus Referrer-Policy and Cross-Origin-Resource-Policy; a page (the web
 * app, its assets) also the headers that act on a document. HSTS joins both where cookies are Secure.
 */
export const API_SECURITY_HEADERS = [
  'cache-control',
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
];

export const PAGE_SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Every header name either set holds, and HSTS: what counts as a security header below. */
const ANY_SECURITY_HEADER = new Set([
  ...API_SECURITY_HEADERS,
  ...PAGE_SECURITY_HEADERS,
  'strict-transport-security',
]);

/**
 * The security headers a response carries, by name, sorted. `Cache-Control` only counts where it is the API's
 * `no-store` (a page or an asset sets its own cache policy).
 */
export function securityHeadersOf(headers: Headers): string[] {
  return [...headers.keys()]
    .filter((name) => ANY_SECURITY_HEADER.has(name))
    .filter((name) => name !== 'cache-control' || headers.get(name) === 'no-store')
    .sort();
}

/** The expected set, sorted, with HSTS when `secure`. */
export function expectedSecurityHeaders(kind: 'api' | 'page', secure: boolean): string[] {
  const names = kind === 'api' ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS;
  return [...names, ...(secure ? ['strict-transport-security'] : [])].sort();
}
