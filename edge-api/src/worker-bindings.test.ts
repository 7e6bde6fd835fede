// @databases: embedded — reads wrangler.toml from disk; no database involved.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { NODE_ONLY_VARS, WORKER_VARS } from './env';
import { WORKER_RESOURCES } from './worker';

const wrangler = parse(readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8')) as {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string }[];
  assets?: { binding: string };
};
const text = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');

describe("the Worker's bindings (derived from EnvSchema) against wrangler.toml", () => {
  it('every [vars] entry is a variable the Worker reads, as a string that EnvSchema accepts', () => {
    const vars = wrangler.vars ?? {};
    expect(Object.keys(vars).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(vars)) {
      expect(WORKER_VARS, name).toContain(name);
      expect(typeof value, name).toBe('string');
    }
  });

  it('every secret the file tells operators to put is a variable the Worker reads', () => {
    const secrets = [...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
    expect(secrets).toContain('SESSION_SECRET');
    for (const name of secrets) expect(WORKER_VARS, name).toContain(name);
  });

  it('binds the resources the Worker expects, by their names', () => {
    for (const [name, section] of Object.entries(WORKER_RESOURCES)) {
      const entry: { binding: string } | { binding: string }[] | undefined = wrangler[section];
      const names = Array.isArray(entry) ? entry.map((e) => e.binding) : [entry?.binding];
      expect(names, section).toEqual([name]);
    }
  });

  it('leaves the Node-only variables out of the bindings', () => {
    for (const name of NODE_ONLY_VARS) expect(WORKER_VARS).not.toContain(name);
    expect(WORKER_VARS).toEqual(expect.arrayContaining(['DATABASE_URL', 'ADMIN_PASSWORD', 'ALLOWED_HOSTS']));
  });
});
