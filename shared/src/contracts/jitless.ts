import { z } from 'zod';

/**
 * In a browser page or service worker, zod builds its parsers without compiling code. When it builds an object
 * schema, zod probes `new Function()` to compile a fast parser; under the app's Content-Security-Policy
 * (`script-src 'self'`, no `'unsafe-eval'`) that probe is reported as a CSP violation (Lighthouse's "Issues"
 * audit, the console). Validation is the same either way. Servers (Node, workerd) keep the compiled fast path.
 * Every contract module imports this first, so it runs before any schema is built.
 */
const scope = globalThis as { document?: unknown; ServiceWorkerGlobalScope?: unknown };
if (scope.document !== undefined || scope.ServiceWorkerGlobalScope !== undefined) z.config({ jitless: true });
