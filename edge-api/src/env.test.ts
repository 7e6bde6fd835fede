import { describe, expect, it } from 'vitest';
import { buildConfig, isLoopbackAddress } from './env';

const secret = () => 'random';
const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'a-long-admin-secret',
  MARKETING_PASSWORD: 'a-long-marketing-secret',
  SESSION_SECRET: 'a-session-secret',
};

describe('buildConfig — production and host rules', () => {
  it('seeds the demo by default in development only, and refuses SEED_DEMO=true in production', () => {
    expect(buildConfig({}, secret).seedDemo).toBe(true);
    expect(buildConfig({ SEED_DEMO: 'false' }, secret).seedDemo).toBe(false);
    expect(buildConfig(PRODUCTION, secret).seedDemo).toBe(false);
    expect(buildConfig({ ...PRODUCTION, SEED_DEMO: 'false' }, secret).seedDemo).toBe(false);
    expect(() => buildConfig({ ...PRODUCTION, SEED_DEMO: 'true' }, secret)).toThrow(
      /SEED_DEMO=true is refused with NODE_ENV=production/,
    );
  });

  it('refuses the development passwords when HOST is not a loopback address', () => {
    expect(() => buildConfig({ HOST: '0.0.0.0' }, secret)).toThrow(/HOST=0\.0\.0\.0 .* needs ADMIN_PASSWORD/);
    expect(() => buildConfig({ HOST: '::', ADMIN_PASSWORD: 'x-admin-secret' }, secret)).toThrow(
      /needs MARKETING_PASSWORD/,
    );
    expect(() =>
      buildConfig({ HOST: '192.168.1.20', ADMIN_PASSWORD: 'admin-dev', MARKETING_PASSWORD: 'm' }, secret),
    ).toThrow(/needs ADMIN_PASSWORD \(not the development default\)/);
    const open = buildConfig(
      { HOST: '0.0.0.0', ADMIN_PASSWORD: 'x-admin-secret', MARKETING_PASSWORD: 'x-marketing-secret' },
      secret,
    );
    expect(open.adminPassword).toBe('x-admin-secret');
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(buildConfig({ HOST: host }, secret).adminPassword).toBe('admin-dev');
    }
  });

  it('answers loopback hosts and ALLOWED_HOSTS (host names, no ports)', () => {
    expect(buildConfig({}, secret).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(
      buildConfig({ ALLOWED_HOSTS: ' DailyTea.example , www.dailytea.example.' }, secret).allowedHosts,
    ).toEqual(['localhost', '127.0.0.1', '[::1]', 'dailytea.example', 'www.dailytea.example']);
    expect(() => buildConfig({ ALLOWED_HOSTS: 'dailytea.example:443' }, secret)).toThrow(/ALLOWED_HOSTS/);
    expect(() => buildConfig({ ALLOWED_HOSTS: 'https://dailytea.example' }, secret)).toThrow(/ALLOWED_HOSTS/);
  });

  it('knows a loopback address', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('0.0.0.0')).toBe(false);
    expect(isLoopbackAddress('::')).toBe(false);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
  });
});
