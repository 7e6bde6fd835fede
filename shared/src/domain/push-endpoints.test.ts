import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  ENDPOINT_NOT_A_PUSH_SERVICE,
  ENDPOINT_NOT_HTTPS,
  ENDPOINT_TOO_LONG,
  pushEndpointProblem,
} from './push-endpoints';

const hosts = DEFAULT_PUSH_ENDPOINT_HOSTS;

describe('pushEndpointProblem', () => {
  it('accepts the public push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx3',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect(pushEndpointProblem(endpoint, hosts), endpoint).toBeNull();
    }
  });

  it('refuses anything that points inside or elsewhere', () => {
    for (const endpoint of [
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]:8443/push',
      'https://0x7f000001:8443/push',
      'https://2130706433/push',
      'https://localhost/push',
      'https://fcm.googleapis.com.evil.example/push',
      'https://evilfcm.googleapis.com/push',
      'https://user:pass@fcm.googleapis.com/push',
      'not a url',
    ]) {
      expect(pushEndpointProblem(endpoint, hosts), endpoint).toBe(ENDPOINT_NOT_A_PUSH_SERVICE);
    }
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/x', hosts)).toBe(ENDPOINT_NOT_HTTPS);
    expect(pushEndpointProblem('ftp://fcm.googleapis.com/x', hosts)).toBe(ENDPOINT_NOT_HTTPS);
    expect(pushEndpointProblem(`https://fcm.googleapis.com/${'a'.repeat(1_000)}`, hosts)).toBe(
      ENDPOINT_TOO_LONG,
    );
  });

  it('takes plain http only from a loopback host named outright, and only when allowed', () => {
    const local = [...hosts, '127.0.0.1'];
    expect(pushEndpointProblem('http://127.0.0.1:4000/push/a', local, true)).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:4000/push/a', local, false)).toBe(ENDPOINT_NOT_HTTPS);
    expect(pushEndpointProblem('http://127.0.0.1:4000/push/a', hosts, true)).toBe(ENDPOINT_NOT_HTTPS);
    expect(pushEndpointProblem('http://10.0.0.1/push', [...hosts, '10.0.0.1'], true)).toBe(
      ENDPOINT_NOT_HTTPS,
    );
  });
});
